"""SE-1 … SE-3 on SQLite and PostgreSQL (migration 0011, ``store.settings``): the season start is kept
with the day it is in force from; a change applies from the next season on (at once while the book is
empty); a change that would move a closed season is refused with nothing written; the report, the
carry-over and the closing of a season follow the calendar; a backup keeps it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from stammtisch.club.bank.errors import SeasonClosed
from stammtisch.club.bank.ledger import balances
from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.bank.report import season_report
from stammtisch.club.bank.season import DEFAULT_CALENDAR, SINCE_EVER, Season, StartChange
from stammtisch.club.members.model import Kind
from stammtisch.club.settings import SEASON_START, SeasonWouldMove
from stammtisch.store import open_store
from stammtisch.store.backup import make_backup
from stammtisch.store.backup_restore import restore
from stammtisch.store.ledger import SqlLedger
from stammtisch.store.members import SqlClub
from stammtisch.store.settings import SqlSettings

NOW = datetime(2026, 11, 24, 20, tzinfo=UTC)
TODAY = date(2026, 11, 24)
AUGUST = (8, 1)


@pytest.fixture
def club(sql_url: str) -> Iterator[tuple[SqlSettings, SqlLedger, int]]:
    store = open_store(sql_url)
    anna = SqlClub(store.engine).add_member("Anna", "anna", "", Kind.MEMBER, False, NOW).member_id
    yield SqlSettings(store.engine), SqlLedger(store.engine), anna
    store.close()


def test_se1_no_setting_means_1_may(club: tuple[SqlSettings, SqlLedger, int]) -> None:
    settings, _, _ = club
    assert settings.season_calendar() == DEFAULT_CALENDAR
    assert settings.values(SEASON_START) == []


def test_se2_an_empty_book_takes_the_start_at_once(club: tuple[SqlSettings, SqlLedger, int]) -> None:
    settings, _, anna = club
    calendar = settings.set_season_start(AUGUST, TODAY, NOW, anna)
    assert calendar.changes == (StartChange(SINCE_EVER, AUGUST),)
    assert settings.season_calendar() == calendar  # 0001-01-01 survives both backends
    (stored,) = settings.values(SEASON_START)
    assert (stored.value, stored.changed_by, stored.changed_at) == ("08-01", anna, NOW)
    assert calendar.season_of(date(2026, 7, 31)) == Season(date(2025, 8, 1), date(2026, 7, 31))
    assert calendar.season_of(date(2026, 8, 1)) == Season(date(2026, 8, 1), date(2027, 7, 31))


def test_se2_with_bookings_the_change_waits_for_the_next_season(club: tuple[SqlSettings, SqlLedger, int]) -> None:
    """Anna owes 3 € from 30 April 2027 (the running season 2026/27); she pays 10 € on 1 May 2027, the
    first day of the short season up to 31 July 2027; on 1 August 2027 a fine falls in 2027/28."""
    settings, ledger, anna = club
    ledger.append([booking(anna, Reason.LATE, 300, date(2027, 4, 30), NOW)])
    calendar = settings.set_season_start(AUGUST, TODAY, NOW, anna)
    assert calendar.changes == (StartChange(date(2027, 5, 1), AUGUST),)
    assert settings.season_calendar() == calendar
    ledger.append(
        [
            booking(anna, Reason.CASH_IN, 1000, date(2027, 5, 1), NOW),
            booking(anna, Reason.ABSENT, 800, date(2027, 7, 31), NOW),
            booking(anna, Reason.LATE, 300, date(2027, 8, 1), NOW),
        ]
    )
    running = calendar.season_of(TODAY)
    short = calendar.season_of(date(2027, 7, 31))
    assert running == Season(date(2026, 5, 1), date(2027, 4, 30))
    assert short == Season(date(2027, 5, 1), date(2027, 7, 31))
    book = ledger.bookings()
    first = season_report(running, [b for b in book if b.on <= running.end])
    (line,) = first.members
    assert (line.carried_cents, line.charged_cents, line.balance_cents) == (0, 300, -300)
    report = season_report(short, [b for b in book if b.on <= short.end])
    (line,) = report.members
    assert (line.carried_cents, line.charged_cents, line.paid_cents, line.balance_cents) == (-300, 800, 1000, -100)
    assert line.balance_cents == balances(book, short.end)[anna]
    (next_line,) = season_report(calendar.next(short), book).members
    assert (next_line.carried_cents, next_line.balance_cents) == (-100, -400)


def test_se2_a_pending_change_is_replaced_and_withdrawn(club: tuple[SqlSettings, SqlLedger, int]) -> None:
    settings, ledger, anna = club
    ledger.append([booking(anna, Reason.LATE, 300, date(2026, 6, 1), NOW)])
    settings.set_season_start(AUGUST, TODAY, NOW, anna)
    settings.set_season_start((9, 1), TODAY, NOW, None)
    assert [(v.effective, v.value, v.changed_by) for v in settings.values(SEASON_START)] == [
        (date(2027, 5, 1), "09-01", None)
    ]
    assert settings.set_season_start((5, 1), TODAY, NOW, anna) == DEFAULT_CALENDAR
    assert settings.values(SEASON_START) == []


def test_se3_a_closed_season_that_would_move_is_refused_and_nothing_written(
    club: tuple[SqlSettings, SqlLedger, int],
) -> None:
    """A season closed ahead of time (a wrong clock): moving its start would change it, so the change is
    refused, in German and English, with nothing written."""
    settings, ledger, anna = club
    ahead = Season(date(2027, 5, 1), date(2028, 4, 30))
    ledger.close_season(ahead, anna, NOW)
    with pytest.raises(SeasonWouldMove) as refused:
        settings.set_season_start(AUGUST, TODAY, NOW, anna)
    assert refused.value.clause == "SE-3"
    assert "2027/28" in refused.value.message.de and "abgeschlossene Saison" in refused.value.message.de
    assert "closed season 2027/28" in refused.value.message.en
    assert settings.values(SEASON_START) == []


def test_se3_closing_follows_the_calendar_and_a_closed_season_stays(club: tuple[SqlSettings, SqlLedger, int]) -> None:
    """The season closed under 1 May stays closed and unchanged after the start moves to 1 August."""
    settings, ledger, anna = club
    ledger.append([booking(anna, Reason.LATE, 300, date(2026, 4, 30), NOW)])
    old = settings.season_calendar().season_of(date(2026, 4, 30))
    ledger.close_season(old, anna, NOW)
    calendar = settings.set_season_start(AUGUST, TODAY, NOW, anna)
    assert calendar.season_of(date(2026, 4, 30)) == old == ledger.closed_seasons()[0]
    with pytest.raises(SeasonClosed):
        ledger.append([booking(anna, Reason.LATE, 300, date(2026, 4, 30), NOW)])


def test_a_backup_keeps_the_season_start(club: tuple[SqlSettings, SqlLedger, int], tmp_path: Path) -> None:
    settings, ledger, anna = club
    ledger.append([booking(anna, Reason.LATE, 300, date(2026, 6, 1), NOW)])
    calendar = settings.set_season_start(AUGUST, TODAY, NOW, anna)
    file = tmp_path / "club.backup"
    make_backup(str(settings.engine.url.render_as_string(hide_password=False)), file)
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restore(target, file)
    store = open_store(target)
    try:
        back = SqlSettings(store.engine)
        assert back.season_calendar() == calendar
        assert [(v.value, v.changed_by) for v in back.values(SEASON_START)] == [("08-01", anna)]
    finally:
        store.close()
