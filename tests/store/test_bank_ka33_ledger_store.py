"""KA-33/KA-32 on SQLite and PostgreSQL: the book is append-only, an evening is booked once and
reversed whole when reopened, a closed season and an unknown member are refused with nothing written."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime

import pytest

from stammtisch.club.bank.errors import BookingRefused, SeasonClosed, UnknownMember
from stammtisch.club.bank.ledger import balances, bank_balance, cash
from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.bank.season import season_of
from stammtisch.club.members.model import Kind
from stammtisch.store import open_store
from stammtisch.store.ledger import AlreadyReversed, SqlLedger
from stammtisch.store.members import SqlClub

NOW = datetime(2026, 5, 9, 10, tzinfo=UTC)
DAY = date(2026, 5, 8)


@pytest.fixture
def book(sql_url: str) -> Iterator[tuple[SqlLedger, int, int]]:
    store = open_store(sql_url)
    club = SqlClub(store.engine)
    anna = club.add_member("Anna", "anna", "", Kind.MEMBER, False, NOW).member_id
    ben = club.add_member("Ben", "ben", "", Kind.EXTERNAL, False, NOW).member_id
    yield SqlLedger(store.engine), anna, ben
    store.close()


def test_append_and_read_back(book: tuple[SqlLedger, int, int]) -> None:
    ledger, anna, ben = book
    written = [
        booking(anna, Reason.LATE, 300, DAY, NOW, booked_by=anna),
        booking(anna, Reason.CASH_IN, 1000, DAY, NOW, note="bar"),
        booking(ben, Reason.EXTERNAL_PAYOUT, 150, DAY, NOW, evening="m1", round=2),
        booking(None, Reason.SPENDING, 200, DAY, NOW, note="Würfeltour"),
    ]
    ids = ledger.append(written)
    assert len(set(ids)) == 4
    back = ledger.bookings()
    assert [b.reason for b in back] == [b.reason for b in written]
    assert back[2].evening == "m1" and back[2].round == 2 and back[1].note == "bar"
    assert balances(back) == {anna: 700, ben: 150}
    assert cash(back) == 800 and bank_balance(back) == 800 - 850
    assert [b.reason for b in ledger.bookings(anna)] == [Reason.LATE, Reason.CASH_IN]


def test_evening_booked_once_and_reversed_whole(book: tuple[SqlLedger, int, int]) -> None:
    ledger, anna, ben = book
    lines = [booking(anna, Reason.LOST, 300, DAY, NOW, evening="m1", round=1)]
    assert ledger.book_evening("m1", DAY, lines, NOW) is True
    assert ledger.book_evening("m1", DAY, lines, NOW) is False
    assert len(ledger.bookings()) == 1
    with pytest.raises(BookingRefused):
        ledger.reverse(ledger.bookings()[0].booking_id or 0, "typo", anna, NOW, DAY)
    assert ledger.unbook_evening("m1", "reopened", anna, NOW) == 1
    assert balances(ledger.bookings()) == {anna: 0}
    assert ledger.booked_evenings() == {}
    assert ledger.book_evening("m1", DAY, lines, NOW) is True
    assert balances(ledger.bookings()) == {anna: -300}


def test_a_correction_is_a_reversing_booking(book: tuple[SqlLedger, int, int]) -> None:
    ledger, anna, _ = book
    (first,) = ledger.append([booking(anna, Reason.CASH_IN, 5000, DAY, NOW)])
    fix = ledger.reverse(first, "falscher Betrag", anna, NOW, DAY)
    assert fix.reverses == first and fix.member_cents == -5000 and fix.note == "falscher Betrag"
    assert len(ledger.bookings()) == 2 and cash(ledger.bookings()) == 0
    with pytest.raises(AlreadyReversed):
        ledger.reverse(first, "again", anna, NOW, DAY)
    with pytest.raises(BookingRefused):
        ledger.reverse(first, "  ", anna, NOW, DAY)


def test_closed_season_and_unknown_member_write_nothing(book: tuple[SqlLedger, int, int]) -> None:
    ledger, anna, _ = book
    ledger.close_season(season_of(date(2026, 4, 30)), anna, NOW)
    with pytest.raises(SeasonClosed) as refused:
        ledger.append(
            [booking(anna, Reason.CASH_IN, 100, DAY, NOW), booking(anna, Reason.LATE, 300, date(2026, 4, 30), NOW)]
        )
    assert refused.value.clause == "KA-32" and "2025/26" in refused.value.message.de
    with pytest.raises(UnknownMember) as unknown:
        ledger.append([booking(anna, Reason.CASH_IN, 100, DAY, NOW), booking(9999, Reason.CASH_IN, 100, DAY, NOW)])
    assert "9999" in unknown.value.message.en
    assert ledger.bookings() == []
    with pytest.raises(SeasonClosed):
        ledger.close_season(season_of(date(2026, 4, 30)), anna, NOW)
    ledger.append([booking(anna, Reason.CASH_IN, 100, date(2026, 5, 1), NOW)])
    assert len(ledger.bookings()) == 1
