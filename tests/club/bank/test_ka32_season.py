"""C-3, KA-32: the season runs 1 May – 30 April (configurable start); balances carry over; the season
report's figures against a hand-computed example."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.ledger import balances
from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.bank.report import season_report
from stammtisch.club.bank.season import parse_start, season_of

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def test_30_april_and_1_may_are_in_different_seasons() -> None:
    april = season_of(date(2026, 4, 30))
    may = season_of(date(2026, 5, 1))
    assert (april.start, april.end, april.label) == (date(2025, 5, 1), date(2026, 4, 30), "2025/26")
    assert (may.start, may.end, may.label) == (date(2026, 5, 1), date(2027, 4, 30), "2026/27")
    assert april.next() == may and may.previous() == april


def test_configured_start() -> None:
    assert season_of(date(2026, 3, 1), parse_start("01-01")).label == "2026"
    assert season_of(date(2026, 8, 31), parse_start("09-01")).start == date(2025, 9, 1)
    for bad in ("02-29", "13-01", "mai"):
        with pytest.raises(BookingRefused) as refused:
            parse_start(bad)
        assert refused.value.clause == "KA-32" and "05-01" in refused.value.message.de


@given(st.dates(date(2000, 1, 1), date(2100, 12, 31)), st.sampled_from([(5, 1), (1, 1), (9, 1), (2, 28), (3, 1)]))
def test_every_day_is_in_exactly_one_season(day: date, start: tuple[int, int]) -> None:
    season = season_of(day, start)
    assert day in season
    assert season.next().start == season.end + timedelta(days=1)
    assert season_of(season.start, start) == season == season_of(season.end, start)


@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 5000), st.integers(0, 1500)), max_size=40))
def test_unpaid_balances_carry_over(rows: list[tuple[int, int, int]]) -> None:
    book = [booking(m, Reason.LATE, c, date(2024, 1, 1) + timedelta(days=d), NOW) for m, c, d in rows]
    season = season_of(date(2025, 6, 1))
    report = season_report(season, book)
    end = balances(book, season.end)
    for line in report.members:
        assert line.carried_cents - line.charged_cents + line.credited_cents + line.paid_cents == line.balance_cents
        assert line.balance_cents == end.get(line.member_id, 0)


def test_report_against_a_hand_computed_example() -> None:
    """Anna owes 5 € from April; in May she is fined 3 €, pays 10 €; Ben (external) is paid out 1 €; the
    bank spends 2 € on the dice tour; an evening on 1 May is in the new season."""
    book = [
        booking(1, Reason.ABSENT, 500, date(2026, 4, 30), NOW),
        booking(1, Reason.CASH_IN, 100, date(2026, 4, 30), NOW),
        booking(1, Reason.LATE, 300, date(2026, 5, 1), NOW),
        booking(1, Reason.CASH_IN, 1000, date(2026, 5, 8), NOW),
        booking(2, Reason.EXTERNAL_PAYOUT, 100, date(2026, 5, 8), NOW),
        booking(2, Reason.CASH_OUT, 100, date(2026, 5, 8), NOW),
        booking(None, Reason.SPENDING, 200, date(2026, 6, 1), NOW),
    ]
    report = season_report(season_of(date(2026, 5, 1)), book)
    assert (report.cash_start, report.cash_end) == (100, 100 + 1000 - 100 - 200)
    assert dict(report.by_reason) == {
        Reason.LATE: 300,
        Reason.EXTERNAL_PAYOUT: -100,
        Reason.SPENDING: -200,
    }
    anna, ben = report.members
    assert (anna.carried_cents, anna.charged_cents, anna.paid_cents, anna.balance_cents) == (-400, 300, 1000, 300)
    assert (ben.credited_cents, ben.paid_cents, ben.balance_cents) == (100, -100, 0)
    assert report.result_cents == 0
