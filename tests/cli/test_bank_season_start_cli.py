"""``stammtisch bank season-start [MM-DD]`` (SE-1 … SE-3, docs/bank.md): shows the start, sets it (at
once while the book is empty, else from the next season on, the decided change shown), refuses a bad
date in German and English with a non-zero exit and nothing written; the report follows the start."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from stammtisch.club.bank.season import DEFAULT_CALENDAR, season_of
from stammtisch.store import open_store
from stammtisch.store.ledger_sync import CLUB_ZONE
from stammtisch.store.settings import SqlSettings
from tests.cli.test_bank_cli import _quick, env, run  # noqa: F401 - the club on a fresh SQLite file


def calendar(env: dict[str, str]):  # noqa: ANN201, F811
    store = open_store(env["STAMMTISCH_DATABASE_URL"])
    try:
        return SqlSettings(store.engine).season_calendar()
    finally:
        store.close()


def today():  # noqa: ANN201
    return datetime.now(UTC).astimezone(CLUB_ZONE).date()


def test_se1_shows_the_default_start(env: dict[str, str]) -> None:  # noqa: F811
    shown = run(env, "bank", "season-start")
    running = season_of(today())
    assert shown.exit_code == 0, shown.output
    assert "Saisonbeginn / season start: 05-01" in shown.stdout
    assert f"{running.label} ({running.start} – {running.end})" in shown.stdout


def test_se2_set_at_once_on_an_empty_book_and_the_report_follows(env: dict[str, str]) -> None:  # noqa: F811
    assert run(env, "bank", "season-start", "08-01").exit_code == 0
    assert calendar(env).season_of(today()) == season_of(today(), (8, 1))
    run(env, "bank", "fine", "Anna", "late", "--day", "2026-07-31")
    run(env, "bank", "pay", "Anna", "10", "--day", "2026-08-01")
    report = run(env, "bank", "report", "--season", "2026-08-01")
    assert report.exit_code == 0, report.output
    assert "Saison / season 2026/27 (2026-08-01 – 2027-07-31)" in report.stdout
    assert "cash at start: 0,00 €" in report.stdout and "cash at end:     10,00 €" in report.stdout
    assert "7,00 €" in report.stdout  # carried -3 € from 31 July, paid 10 €
    closed = run(env, "bank", "close-season", "2026-07-31")
    assert closed.exit_code == 0 and "2025/26" in closed.stdout


def test_se2_with_bookings_the_change_waits_for_the_next_season(env: dict[str, str]) -> None:  # noqa: F811
    run(env, "bank", "pay", "Anna", "5")
    shown = run(env, "bank", "season-start", "08-01")
    assert shown.exit_code == 0, shown.output
    running = season_of(today())
    effective = running.end + timedelta(days=1)
    assert f"ab / from {effective}: Beginn / start 08-01" in shown.stdout
    assert calendar(env).season_of(today()) == running
    assert calendar(env).start_on(effective) == (8, 1)
    assert run(env, "bank", "season-start", "05-01").exit_code == 0
    assert calendar(env) == DEFAULT_CALENDAR


def test_ka32_bad_starts_are_refused_and_nothing_written(env: dict[str, str]) -> None:  # noqa: F811
    for bad in ("02-29", "31-12", "August", "02-31"):
        answer = run(env, "bank", "season-start", bad)
        assert answer.exit_code != 0, bad
        assert "Saisonbeginn" in answer.output and "Season start" in answer.output and "29" in answer.output
    assert calendar(env) == DEFAULT_CALENDAR
