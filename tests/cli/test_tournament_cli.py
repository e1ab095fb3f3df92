"""``stammtisch tournament``: create, register, draw with audit data, standings; refusals cite the clause."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.club.tournament import draw_pass


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"STAMMTISCH_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"}


def run(env: dict[str, str], *args: str):  # noqa: ANN201
    return CliRunner().invoke(app, ["tournament", *args], env=env)


def test_create_register_draw_and_standings(env: dict[str, str]) -> None:
    created = run(env, "create", "Herbst", "--tie-break", "second_pass")
    assert created.exit_code == 0, created.output
    tid = created.stdout.strip()
    registered = run(env, "register", tid, *[f"P{i}" for i in range(1, 8)])
    assert registered.exit_code == 0 and "7. P7" in registered.stdout
    drawn = run(env, "draw", tid, "1", "--seed", "abc")
    assert drawn.exit_code == 0, drawn.output
    expected = draw_pass("abc", 1, range(1, 8))
    assert " ".join(map(str, expected.permutation)) in drawn.stdout
    assert drawn.stdout.count("/sheet/") == 2
    standings = run(env, "standings", tid)
    assert standings.exit_code == 0 and "vorläufig" in standings.stdout


def test_refusals_are_bilingual_with_the_clause(env: dict[str, str]) -> None:
    tid = run(env, "create", "Klein").stdout.strip()
    run(env, "register", tid, "A", "B")
    refused = run(env, "draw", tid, "1")
    assert refused.exit_code == 2
    assert "(R-1.1)" in refused.output and "players cannot form a table" in refused.output
    assert run(env, "standings", "nope").exit_code == 2


def test_scoring_and_table_size_options(env: dict[str, str]) -> None:
    """RA-23 ``--scoring``; RA-24 ``--normalise-table-size`` is accepted (PT-6) and shown in the standings."""
    assert run(env, "create", "Netto", "--scoring", "winner_collects").exit_code == 0
    unknown = run(env, "create", "X", "--scoring", "golf")
    assert unknown.exit_code != 0 and "RA-23" in unknown.output
    normalised = run(env, "create", "X", "--normalise-table-size")
    assert normalised.exit_code == 0, normalised.output
    tid = normalised.stdout.strip()
    assert run(env, "register", tid, *[f"P{i}" for i in range(1, 8)]).exit_code == 0
    assert run(env, "draw", tid, "1", "--seed", "abc").exit_code == 0
    standings = run(env, "standings", tid, "--lang", "en")
    assert standings.exit_code == 0, standings.output
    text = " ".join(standings.stdout.split())  # rich wraps long lines
    assert "normalised for table size" in text and "× 9/8 (table of 3)" in text


def test_pt11_the_venues_tables_cap_the_players(env: dict[str, str]) -> None:
    tid = run(env, "create", "Klein", "--tables", "1").stdout.strip()
    assert run(env, "register", tid, *"ABCDE").exit_code == 0
    refused = run(env, "register", tid, "F")
    assert refused.exit_code == 2
    assert "6 Spielerinnen passen nicht an einen Tisch: höchstens 5" in refused.output
    assert "6 players do not fit at 1 table: at most 5" in refused.output
    drawn = run(env, "draw", tid, "1", "--seed", "abc")
    assert drawn.exit_code == 0 and drawn.stdout.count("/sheet/") == 1
    assert run(env, "create", "Null", "--tables", "0").exit_code == 2
