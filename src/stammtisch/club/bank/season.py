"""The season (C-3, KA-32): the dice year runs 1 May – 30 April; the start month/day is configurable.

A club may move its season start (SE-1 … SE-4 in docs/bank.md). The starts over time are a
``SeasonCalendar``: a change never moves a season that has begun, it applies from the end of the
running season, with one short season (the *Rumpfsaison*, German for a short financial year) between
the old start and the new one. Pure: ``today`` is always passed in.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import date, timedelta

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.core.text import Text

#: The default season start (KA-32): 1 May.
DEFAULT_START = (5, 1)
#: The day a change "for every season" is in force from (SE-2: a club whose book is still empty).
SINCE_EVER = date.min


@dataclass(frozen=True, slots=True)
class Season:
    """A season from ``start`` (inclusive) to ``end`` (inclusive)."""

    start: date
    end: date

    @property
    def label(self) -> str:
        """``2025/26`` for 1 May 2025 – 30 April 2026; one year if it fits in one calendar year."""
        if self.start.year == self.end.year:
            return str(self.start.year)
        return f"{self.start.year}/{self.end.year % 100:02d}"

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.start <= day <= self.end

    def next(self) -> Season:
        """The next season under this season's own start (``SeasonCalendar.next`` knows about changes)."""
        return season_of(self.end + timedelta(days=1), (self.start.month, self.start.day))

    def previous(self) -> Season:
        return season_of(self.start - timedelta(days=1), (self.start.month, self.start.day))


def _start_in(year: int, start: tuple[int, int]) -> date:
    month, day = start
    return date(year, month, day)


def season_of(day: date, start: tuple[int, int] = DEFAULT_START) -> Season:
    """The season ``day`` belongs to (30 April 2026 is in 2025/26, 1 May 2026 in 2026/27)."""
    this_year = _start_in(day.year, start)
    begin = this_year if day >= this_year else _start_in(day.year - 1, start)
    end = _start_in(begin.year + 1, start) - timedelta(days=1)
    return Season(begin, end)


def parse_start(text: str) -> tuple[int, int]:
    """``"05-01"`` -> (5, 1); the configured season start (month-day). 29 February is refused: a
    season must start on a day every year has."""
    month, _, day = text.strip().partition("-")
    try:
        value = (int(month), int(day))
        date(2023, *value)  # a day of a common year
    except ValueError:
        raise BookingRefused(
            "KA-32",
            Text(
                f"Saisonbeginn {text!r} geht nicht: erwartet wird Monat-Tag, z. B. 05-01 (nicht der 29. Februar).",
                f"Season start {text!r} is not allowed: give month-day, e.g. 05-01 (not 29 February).",
            ),
        ) from None
    return value


def start_on_day(month: int, day: int) -> tuple[int, int]:
    """The start picked as day and month (the web form); a day not every year has is refused (KA-32)."""
    try:
        date(2023, month, day)  # a day of a common year
    except ValueError:
        raise BookingRefused(
            "KA-32",
            Text(
                f"Saisonbeginn {day}.{month}. geht nicht: eine Saison beginnt an einem Tag, den jedes Jahr hat "
                "(also nicht am 29. Februar).",
                f"Season start day {day} of month {month} is not allowed: a season starts on a day every year has "
                "(so not 29 February).",
            ),
        ) from None
    return (month, day)


def start_text(start: tuple[int, int]) -> str:
    """(8, 1) -> ``"08-01"``: how a start is stored and typed (``parse_start`` reads it back)."""
    return f"{start[0]:02d}-{start[1]:02d}"


@dataclass(frozen=True, slots=True)
class StartChange:
    """From ``effective`` on, seasons start on ``start`` (month, day) (SE-1)."""

    effective: date
    start: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SeasonCalendar:
    """The club's season starts over time (SE-1): ``changes`` in order of ``effective``; before the
    first one (or without any) seasons start on 1 May.

    A change's ``effective`` day is always the first day after a season of the start before it, so a
    season that began under the old start ends as it was announced; the days from there to the new
    start form one short season."""

    changes: tuple[StartChange, ...] = ()

    def __post_init__(self) -> None:
        days = [c.effective for c in self.changes]
        if days != sorted(set(days)):
            raise ValueError("season start changes must be in order, one a day")

    def _regime(self, day: date) -> int:
        """The index of the change in force on ``day`` (-1: none, the default start)."""
        return bisect.bisect_right([c.effective for c in self.changes], day) - 1

    def start_on(self, day: date) -> tuple[int, int]:
        """The season start in force on ``day``."""
        index = self._regime(day)
        return DEFAULT_START if index < 0 else self.changes[index].start

    @property
    def latest_start(self) -> tuple[int, int]:
        """The start of the newest change (planned or in force): what seasons start on from now on."""
        return self.changes[-1].start if self.changes else DEFAULT_START

    def season_of(self, day: date) -> Season:
        """The season ``day`` belongs to, clipped to the change in force on it (SE-1)."""
        index = self._regime(day)
        start = DEFAULT_START if index < 0 else self.changes[index].start
        plain = season_of(day, start)
        begin, end = plain.start, plain.end
        if index >= 0 and begin < self.changes[index].effective:
            begin = self.changes[index].effective
        if index + 1 < len(self.changes) and self.changes[index + 1].effective <= end:
            end = self.changes[index + 1].effective - timedelta(days=1)
        return Season(begin, end)

    def next(self, season: Season) -> Season:
        return self.season_of(season.end + timedelta(days=1))

    def previous(self, season: Season) -> Season:
        return self.season_of(season.start - timedelta(days=1))

    def pending(self, today: date) -> StartChange | None:
        """A change decided but not yet in force on ``today`` (it starts after the running season)."""
        later = [c for c in self.changes if c.effective > today]
        return later[0] if later else None


#: The calendar of a club that never changed its start: every season 1 May – 30 April.
DEFAULT_CALENDAR = SeasonCalendar()


def with_start(calendar: SeasonCalendar, start: tuple[int, int], today: date, book_empty: bool) -> SeasonCalendar:
    """The calendar after the club sets its season start to ``start`` on ``today`` (SE-2).

    * A club whose book is empty (no booking, no closed season) takes the start for every season.
    * Otherwise the running season keeps its start and end; the change is in force from the day after
      it (the days up to the new start form one short season). A change planned earlier and not yet in
      force is replaced; setting the start the running season already has withdraws it.
    """
    parse_start(start_text(start))  # the same refusal as typed input (29 February, 13-01, ...)
    if book_empty:
        return SeasonCalendar(() if start == DEFAULT_START else (StartChange(SINCE_EVER, start),))
    running = calendar.season_of(today)
    effective = running.end + timedelta(days=1)
    kept = tuple(c for c in calendar.changes if c.effective < effective)
    if calendar.start_on(running.end) == start:
        return SeasonCalendar(kept)
    return SeasonCalendar((*kept, StartChange(effective, start)))


def moved(calendar: SeasonCalendar, closed: list[Season]) -> list[Season]:
    """The closed seasons that ``calendar`` would no longer have as they were closed (SE-3): a closed
    season as stored is the truth, whatever start it was closed under."""
    return [s for s in closed if calendar.season_of(s.start) != s]
