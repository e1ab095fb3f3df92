"""``stammtisch tournament`` withdraw / join / replace / changes (PT-7, PT-8) and delete/restore (PT-9): the
changes between passes on the same database as the web app, refusals bilingual with their clause and
exit code 2, nothing written or deleted when refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.matches.service import MatchService
from stammtisch.store import open_store
from stammtisch.store.tournament_sheets import tournament_service
from tests.club.sheets import play_sheet


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"STAMMTISCH_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"}


def run(env: dict[str, str], *args: str, input: str | None = None):  # noqa: ANN201
    return CliRunner().invoke(app, ["tournament", *args], env=env, input=input)


def text(result) -> str:  # noqa: ANN001
    return " ".join(result.output.split())


def play(env: dict[str, str], tid: str, pass_no: int) -> None:
    """Enter every game of ``pass_no``'s sheets (as the Schreiberinnen would on the web)."""
    store = open_store(env["STAMMTISCH_DATABASE_URL"])
    try:
        matches = MatchService(store.repository)
        overview = tournament_service(matches).overview(tid)
        for (p, _), match_id in overview.match_ids.items():
            if p == pass_no:
                play_sheet(matches, match_id, random.Random(pass_no))
    finally:
        store.close()


def test_withdraw_join_replace_and_the_audit_list(env: dict[str, str]) -> None:
    """PT-7: by number or name; before the draw `join` is a registration; between the passes the
    changes are recorded in sequence; PT-8: the standings list one-pass players without a place."""
    tid = run(env, "create", "Herbst").stdout.strip()
    assert run(env, "register", tid, *[f"P{i}" for i in range(1, 9)]).exit_code == 0
    joined = run(env, "join", tid, "Frieda")
    assert joined.exit_code == 0 and "9. Frieda" in joined.stdout
    withdrawn = run(env, "withdraw", tid, "frieda")
    assert withdrawn.exit_code == 0 and "Frieda zieht sich zurück" in withdrawn.stdout
    assert run(env, "draw", tid, "1", "--seed", "a").exit_code == 0
    running = run(env, "replace", tid, "3", "Berta")
    assert running.exit_code == 2
    assert "(PT-7)" in text(running) and "nobody is replaced at a running table" in text(running)
    play(env, tid, 1)
    replaced = run(env, "replace", tid, "P3", "Berta")
    assert replaced.exit_code == 0, replaced.output
    assert "#2 vor Durchgang 2" in replaced.stdout and "Berta replaces P3" in text(replaced)
    assert run(env, "draw", tid, "2", "--seed", "b").exit_code == 0
    changes = run(env, "changes", tid, "--lang", "en")
    assert changes.exit_code == 0
    lines = changes.stdout.strip().splitlines()
    assert lines[0].startswith("#1 before pass 1") and "Frieda withdraws" in lines[0]
    assert lines[1].startswith("#2 before pass 2") and "Berta replaces P3" in lines[1]
    play(env, tid, 2)
    standings = text(run(env, "standings", tid, "--lang", "en"))
    assert "Pass 1 only, replaced by Berta before pass 2" in standings
    assert "Pass 2 only, in place of P3" in standings and "Frieda" not in standings


def test_bad_changes_are_refused(env: dict[str, str]) -> None:
    """PT-7 / PT-5: unknown player, taken name, unknown tournament: exit 2, German and English."""
    tid = run(env, "create", "Herbst").stdout.strip()
    run(env, "register", tid, "A", "B", "C")
    unknown = run(env, "withdraw", tid, "Zora")
    assert unknown.exit_code == 2 and "Keine Spielerin 'Zora'" in unknown.output and "(PT-7)" in unknown.output
    taken = run(env, "replace", tid, "A", "b")
    assert taken.exit_code == 2 and "is registered already" in text(taken)
    assert run(env, "changes", "nope").exit_code == 2
    assert "keine Wechsel / no changes" in run(env, "changes", tid).stdout


def test_delete_asks_for_the_title_and_archives(env: dict[str, str]) -> None:
    """PT-9: the title is asked (or --title); a wrong one changes nothing; the right one archives the
    tournament with its games kept (``restore`` brings it back)."""
    tid = run(env, "create", "Test Turnier").stdout.strip()
    run(env, "register", tid, "A", "B", "C", "D")
    assert run(env, "draw", tid, "1").exit_code == 0
    wrong = run(env, "delete", tid, input="Turnier\n")
    assert wrong.exit_code == 2 and "(PT-9)" in wrong.output and "Nothing was changed" in text(wrong)
    play(env, tid, 1)
    done = run(env, "delete", tid, input="Test Turnier\n")
    assert done.exit_code == 0, done.output
    assert "archiviert / archived: Test Turnier" in done.stdout and f"restore {tid}" in text(done)
    assert run(env, "standings", tid).exit_code == 0  # kept, readable
    assert run(env, "register", tid, "E").exit_code == 2  # frozen
    restored = run(env, "restore", tid)
    assert restored.exit_code == 0 and "restored: Test Turnier" in restored.stdout
    assert run(env, "restore", tid).exit_code == 2  # not archived any more
    assert run(env, "delete", "nope", "--title", "x").exit_code == 2
