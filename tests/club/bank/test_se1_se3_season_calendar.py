"""SE-1 … SE-3 (docs/bank.md; KA-32, C-3): the club's season start over time.

SE-1 the season of a day under a configured start; SE-2 a change applies from the end of the running
season (a short season bridges to the new start), at once while the book is empty, a pending change is
replaced or withdrawn; SE-3 a change never moves a season that has begun, and a closed season that would
move is named."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.season import (
    DEFAULT_CALENDAR,
    SINCE_EVER,
    Season,
    SeasonCalendar,
    StartChange,
    moved,
    season_of,
    with_start,
)

AUGUST = (8, 1)
TODAY = date(2026, 11, 24)  # in the season 2026/27 (1 May 2026 – 30 April 2027)


def test_se1_boundary_under_a_1_august_start() -> None:
    """SE-1: with seasons from 1 August, 31 July and 1 August are in different seasons."""
    calendar = with_start(DEFAULT_CALENDAR, AUGUST, TODAY, book_empty=True)
    july = calendar.season_of(date(2026, 7, 31))
    august = calendar.season_of(date(2026, 8, 1))
    assert (july.start, july.end, july.label) == (date(2025, 8, 1), date(2026, 7, 31), "2025/26")
    assert (august.start, august.end, august.label) == (date(2026, 8, 1), date(2027, 7, 31), "2026/27")
    assert calendar.next(july) == august and calendar.previous(august) == july
    assert calendar.season_of(date(2026, 7, 31)) == season_of(date(2026, 7, 31), AUGUST)


def test_se2_an_empty_book_takes_the_start_for_every_season() -> None:
    """SE-2: nothing booked, nothing closed: the start applies at once, also to the past."""
    calendar = with_start(DEFAULT_CALENDAR, AUGUST, TODAY, book_empty=True)
    assert calendar.changes == (StartChange(SINCE_EVER, AUGUST),)
    assert calendar.season_of(date(2019, 7, 31)) == Season(date(2018, 8, 1), date(2019, 7, 31))
    assert with_start(calendar, (5, 1), TODAY, book_empty=True) == DEFAULT_CALENDAR


def test_se2_a_change_applies_after_the_running_season_with_a_short_season() -> None:
    """SE-2: decided on 24 November 2026, the running season 2026/27 still ends on 30 April 2027; 1 May –
    31 July 2027 is a short season; from 1 August 2027 seasons start on 1 August."""
    calendar = with_start(DEFAULT_CALENDAR, AUGUST, TODAY, book_empty=False)
    assert calendar.changes == (StartChange(date(2027, 5, 1), AUGUST),)
    assert calendar.season_of(TODAY) == Season(date(2026, 5, 1), date(2027, 4, 30))
    short = calendar.season_of(date(2027, 5, 1))
    assert (short.start, short.end, short.label) == (date(2027, 5, 1), date(2027, 7, 31), "2027")
    assert calendar.season_of(date(2027, 7, 31)) == short
    assert calendar.season_of(date(2027, 8, 1)) == Season(date(2027, 8, 1), date(2028, 7, 31))
    assert calendar.season_of(date(2020, 6, 1)) == Season(date(2020, 5, 1), date(2021, 4, 30))
    assert calendar.pending(TODAY) == StartChange(date(2027, 5, 1), AUGUST)
    assert calendar.pending(date(2027, 5, 1)) is None
    assert calendar.start_on(TODAY) == (5, 1) and calendar.latest_start == AUGUST


def test_se2_a_pending_change_is_replaced_or_withdrawn() -> None:
    planned = with_start(DEFAULT_CALENDAR, AUGUST, TODAY, book_empty=False)
    replaced = with_start(planned, (9, 1), TODAY + timedelta(days=30), book_empty=False)
    assert replaced.changes == (StartChange(date(2027, 5, 1), (9, 1)),)
    assert with_start(planned, (5, 1), TODAY, book_empty=False) == DEFAULT_CALENDAR
    assert with_start(DEFAULT_CALENDAR, (5, 1), TODAY, book_empty=False) == DEFAULT_CALENDAR


def test_se2_a_change_during_a_short_season() -> None:
    """Decided in the short season (June 2027): it runs to 31 July 2027 as announced."""
    planned = with_start(DEFAULT_CALENDAR, AUGUST, TODAY, book_empty=False)
    again = with_start(planned, (1, 1), date(2027, 6, 15), book_empty=False)
    assert again.season_of(date(2027, 7, 31)) == Season(date(2027, 5, 1), date(2027, 7, 31))
    assert again.season_of(date(2027, 8, 1)) == Season(date(2027, 8, 1), date(2027, 12, 31))
    assert again.season_of(date(2028, 1, 1)) == Season(date(2028, 1, 1), date(2028, 12, 31))


def test_se3_a_closed_season_that_would_move_is_named() -> None:
    closed = [Season(date(2025, 5, 1), date(2026, 4, 30))]
    assert moved(with_start(DEFAULT_CALENDAR, AUGUST, TODAY, book_empty=False), closed) == []
    assert moved(SeasonCalendar((StartChange(SINCE_EVER, AUGUST),)), closed) == closed


def test_ka32_29_february_is_refused_as_a_start() -> None:
    with pytest.raises(BookingRefused) as refused:
        with_start(DEFAULT_CALENDAR, (2, 29), TODAY, book_empty=False)
    assert refused.value.clause == "KA-32" and "29. Februar" in refused.value.message.de


def test_a_calendar_out_of_order_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        SeasonCalendar((StartChange(date(2027, 5, 1), AUGUST), StartChange(date(2026, 5, 1), (1, 1))))


STARTS = st.tuples(st.integers(1, 12), st.integers(1, 28))
DAYS = st.dates(date(2000, 1, 1), date(2060, 12, 31))


@st.composite
def calendars(draw: st.DrawFn) -> tuple[SeasonCalendar, list[date]]:
    """A calendar grown by changes decided on increasing days, as a club would make them."""
    calendar = DEFAULT_CALENDAR
    day = draw(st.dates(date(2000, 1, 1), date(2010, 12, 31)))
    decided = []
    for _ in range(draw(st.integers(0, 5))):
        day = day + timedelta(days=draw(st.integers(0, 900)))
        calendar = with_start(calendar, draw(STARTS), day, book_empty=False)
        decided.append(day)
    return calendar, decided


@given(calendars(), DAYS)
def test_se1_every_day_is_in_exactly_one_season_and_seasons_follow_each_other(
    grown: tuple[SeasonCalendar, list[date]], day: date
) -> None:
    calendar, _ = grown
    season = calendar.season_of(day)
    assert day in season
    assert calendar.season_of(season.start) == season == calendar.season_of(season.end)
    assert calendar.next(season).start == season.end + timedelta(days=1)
    assert calendar.previous(season).end == season.start - timedelta(days=1)
    assert (season.end - season.start).days <= 366  # a short season is shorter, never longer


@given(calendars(), STARTS, st.integers(0, 2000), DAYS)
def test_se2_se3_a_change_never_moves_a_season_that_has_begun(
    grown: tuple[SeasonCalendar, list[date]], start: tuple[int, int], later: int, day: date
) -> None:
    """Invariant: after a change decided on ``today``, every day up to the end of the running season
    is in the same season as before (closed seasons, the running one)."""
    calendar, decided = grown
    today = (decided[-1] if decided else date(2010, 1, 1)) + timedelta(days=later)
    changed = with_start(calendar, start, today, book_empty=False)
    running = calendar.season_of(today)
    if day <= running.end:
        assert changed.season_of(day) == calendar.season_of(day)
    else:
        assert changed.start_on(day) == start
