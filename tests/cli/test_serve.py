"""`stammtisch serve`: preparing the store (data directory, migrations) and its clear failures.

The server itself is not started here: ``prepare`` is everything serve does before uvicorn runs.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.cli.serve import PreparationError, prepare, redact

runner = CliRunner()


def test_prepare_creates_the_data_dir_and_migrates(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    url = prepare({"STAMMTISCH_DATA_DIR": str(data)})
    assert url.startswith("sqlite:///")
    database = data / "stammtisch.sqlite3"
    assert database.is_file()
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("select name from sqlite_master where type = 'table'")}
    assert "alembic_version" in tables


def test_database_url_wins_over_the_data_dir(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.sqlite3"
    url = prepare({"STAMMTISCH_DATA_DIR": str(tmp_path / "unused"), "STAMMTISCH_DATABASE_URL": f"sqlite:///{target}"})
    assert target.is_file()
    assert url.endswith("elsewhere.sqlite3")


def test_a_data_dir_that_is_a_file_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(PreparationError) as caught:
        prepare({"STAMMTISCH_DATA_DIR": str(blocker / "data")})
    assert "Datenverzeichnis" in caught.value.message.de
    assert "data directory" in caught.value.message.en


def test_a_corrupt_database_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "stammtisch.sqlite3").write_bytes(b"this is not a SQLite file at all" * 8)
    with pytest.raises(PreparationError) as caught:
        prepare({"STAMMTISCH_DATA_DIR": str(tmp_path)})
    assert "beschädigt" in caught.value.message.de
    assert "damaged" in caught.value.message.en


@pytest.mark.parametrize("case", ["bad_dir", "corrupt"])
def test_serve_exits_with_code_2_and_a_bilingual_message(tmp_path: Path, case: str) -> None:
    if case == "bad_dir":
        (tmp_path / "file").write_text("x")
        env = {"STAMMTISCH_DATA_DIR": str(tmp_path / "file" / "data")}
    else:
        (tmp_path / "stammtisch.sqlite3").write_bytes(b"garbage" * 100)
        env = {"STAMMTISCH_DATA_DIR": str(tmp_path)}
    result = runner.invoke(app, ["serve", "--port", "8999"], env={**env, "STAMMTISCH_DATABASE_URL": ""})
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 2  # one paragraph in German, one in English
    assert "STAMMTISCH_DATA_DIR" in result.output or "Sicherung" in result.output


def test_serve_rejects_a_bad_port() -> None:
    result = runner.invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_passwords_are_not_printed() -> None:
    assert redact("postgresql+psycopg://user:secret@db:5432/x") == "postgresql+psycopg://user:***@db:5432/x"
    assert redact("sqlite:////tmp/a.sqlite3") == "sqlite:////tmp/a.sqlite3"
