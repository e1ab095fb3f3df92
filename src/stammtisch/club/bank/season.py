"""The season (C-3, KA-32): the dice year runs 1 May – 30 April; the start month/day is configurable."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.core.text import Text

#: The default season start (KA-32): 1 May.
DEFAULT_START = (5, 1)


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
