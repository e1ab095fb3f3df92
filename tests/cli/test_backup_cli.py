"""``stammtisch backup FILE`` and ``stammtisch restore FILE [--replace]`` (issue 13.6; BU-1 … BU-5): the
commands on the configured database; refusals print German then English, exit 2 and write nothing."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli.app import app
from tests.store.backup_files import export
from tests.store.backup_world import fill_club


def run(url: str, *args: str):  # noqa: ANN201
    return CliRunner().invoke(app, list(args), env={"STAMMTISCH_DATABASE_URL": url})


def test_bu1_backup_then_restore_from_the_command_line(tmp_path: Path) -> None:
    """BU-1/BU-3: backup, restore into an empty database; a second restore needs --replace (or --force)."""
    source = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    fill_club(source)
    file = tmp_path / "club.backup"
    made = run(source, "backup", str(file))
    assert made.exit_code == 0, made.output
    assert "Zeilen aus" in made.stdout and "rows from" in made.stdout and file.exists()
    target = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    restored = run(target, "restore", str(file))
    assert restored.exit_code == 0, restored.output
    assert "3 Partien nachgespielt" in restored.stdout and "3 matches replayed" in restored.stdout
    again = run(target, "restore", str(file))
    assert again.exit_code == 2
    assert "nicht leer" in again.stderr and "not empty" in again.stderr and "BU-3" not in again.stderr
    forced = run(target, "restore", "--force", str(file))
    assert (
        forced.exit_code == 0
        and "alte Zeilen wurden ersetzt" in forced.stdout
        and "old rows were replaced" in forced.stdout
    )
    assert export(target, tmp_path / "b") == export(source, tmp_path / "a")


def test_bu5_a_cut_short_file_is_refused_in_both_languages(tmp_path: Path) -> None:
    """BU-5: a truncated backup: German and English, exit 2, the target database not even made."""
    source = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    fill_club(source)
    file = tmp_path / "club.backup"
    run(source, "backup", str(file))
    file.write_bytes(file.read_bytes()[:200])
    target = tmp_path / "new.sqlite3"
    refused = run(f"sqlite:///{target}", "restore", str(file))
    assert refused.exit_code == 2
    assert "beschädigt" in refused.stderr and "damaged" in refused.stderr
    assert not target.exists()


def test_bu2_a_missing_file_and_an_in_memory_database(tmp_path: Path) -> None:
    """BU-2: restoring a file that is not there; BU-1: an in-memory database has nothing to back up."""
    missing = run(f"sqlite:///{tmp_path / 'x.sqlite3'}", "restore", str(tmp_path / "nope.backup"))
    assert missing.exit_code == 2 and "gibt es nicht" in missing.stderr and "does not exist" in missing.stderr
    memory = run("sqlite://", "backup", str(tmp_path / "m.backup"))
    assert memory.exit_code == 2 and "Speicher" in memory.stderr and "in-memory" in memory.stderr
