"""Refusals of the statistics pages. The clause (``ST-…``, docs/statistics.md) is data, shown as a
small rule link; the sentence itself says what was wrong and what is allowed."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text


class StatsRefusal(RuleViolation):
    """Base of the statistics' refusals: the message alone is the sentence."""

    code = "stats/refused"

    def text(self, lang: str) -> str:
        return self.message.get(lang)


class UnknownMember(StatsRefusal):
    code = "stats/unknown_member"

    def __init__(self, what: object) -> None:
        super().__init__(
            "ST-1",
            Text(
                f"Es gibt kein Mitglied {what!s}: Statistiken gibt es für die Mitglieder und Gäste des Vereins.",
                f"There is no member {what!s}: statistics are kept for the club's members and guests.",
            ),
        )


class UnknownSeason(StatsRefusal):
    code = "stats/unknown_season"

    def __init__(self, given: str) -> None:
        super().__init__(
            "ST-2",
            Text(
                f"Saison {given!r} geht nicht: erwartet wird ihr erster Tag (z. B. 2025-05-01) oder „all“ (alle).",
                f"Season {given!r} is not allowed: give its first day like 2025-05-01, or “all” for every season.",
            ),
        )
