"""The club's settings kept in its database (issue 13.4), with their refusals.

A setting has a history: each value is in force from a day on (``SettingValue``), so a setting that
must not change what already happened (the season start, SE-1 … SE-4 in docs/bank.md) keeps its past.
Pure; the store keeps the rows (``store.settings``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from stammtisch.club.bank.errors import BankRefusal
from stammtisch.club.bank.season import Season, SeasonCalendar, StartChange, parse_start, start_text
from stammtisch.core.text import Text

#: The season start (month-day, ``"08-01"``), in force from a day on.
SEASON_START = "season_start"


@dataclass(frozen=True, slots=True)
class SettingValue:
    """One stored value of a setting: ``value`` in force from ``effective`` on; who set it and when."""

    name: str
    effective: date
    value: str
    changed_at: datetime
    changed_by: int | None = None


def calendar_of(values: list[SettingValue]) -> SeasonCalendar:
    """The season calendar from the stored values of ``SEASON_START``."""
    changes = sorted(
        (StartChange(v.effective, parse_start(v.value)) for v in values if v.name == SEASON_START),
        key=lambda c: c.effective,
    )
    return SeasonCalendar(tuple(changes))


def values_of(calendar: SeasonCalendar, changed_at: datetime, changed_by: int | None) -> list[SettingValue]:
    """The stored form of ``calendar`` (every change stamped with who and when: the new one)."""
    return [
        SettingValue(SEASON_START, c.effective, start_text(c.start), changed_at, changed_by) for c in calendar.changes
    ]


class SeasonWouldMove(BankRefusal):
    """SE-3: a closed season stays as it was closed."""

    code = "bank/season_would_move"

    def __init__(self, season: Season) -> None:
        super().__init__(
            "SE-3",
            Text(
                f"Der neue Saisonbeginn würde die abgeschlossene Saison {season.label} "
                f"({season.start:%d.%m.%Y} – {season.end:%d.%m.%Y}) verschieben: eine abgeschlossene Saison "
                "bleibt, wie sie ist. Nichts wurde geändert.",
                f"The new season start would move the closed season {season.label} "
                f"({season.start:%Y-%m-%d} – {season.end:%Y-%m-%d}): a closed season stays as it is. "
                "Nothing was changed.",
            ),
        )


class SettingsBusy(BankRefusal):
    code = "bank/settings_busy"

    def __init__(self) -> None:
        super().__init__(
            "SE-2",
            Text(
                "Jemand anderes hat den Saisonbeginn im selben Moment geändert: bitte neu laden und noch einmal.",
                "Someone else changed the season start at the same moment: reload and try again.",
            ),
        )
