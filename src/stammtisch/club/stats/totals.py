"""Adding up match summaries per member, per game and per season (issue 13.5).

A ``MatchSummary`` is one counted match: its game, the club day it was played on (which picks the
season, KA-32) and the figures of each seat linked to a member (``match_seats``, AC-1; unlinked
seats and bots are not anybody's statistics). Everything here is pure and cheap: the expensive part
(reading a match's log) happens once per match in the store's summary cache."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from stammtisch.club.bank.season import DEFAULT_CALENDAR, Season, SeasonCalendar
from stammtisch.club.stats.figures import Summable


@dataclass(frozen=True, slots=True)
class MatchSummary:
    match_id: str
    game: str
    day: date
    #: (member id, figures) of the seats linked to members, in seat order.
    members: tuple[tuple[int, Summable], ...]


def in_season(summaries: Iterable[MatchSummary], season: Season | None) -> list[MatchSummary]:
    """The summaries of ``season`` (None: all of them)."""
    return [s for s in summaries if season is None or s.day in season]


def by_member(summaries: Iterable[MatchSummary]) -> dict[str, dict[int, Summable]]:
    """game -> member -> the sum of her figures."""
    totals: dict[str, dict[int, Summable]] = defaultdict(dict)
    for summary in summaries:
        game = totals[summary.game]
        for member, figures in summary.members:
            known = game.get(member)
            game[member] = figures if known is None else known + figures
    return dict(totals)


def seasons_of(summaries: Iterable[MatchSummary], calendar: SeasonCalendar = DEFAULT_CALENDAR) -> list[Season]:
    """The seasons (under the club's ``calendar``, SE-1) that have at least one counted match, newest first."""
    found = {calendar.season_of(s.day) for s in summaries}
    return sorted(found, key=lambda season: season.start, reverse=True)


def member_by_season(
    summaries: Iterable[MatchSummary], member: int, calendar: SeasonCalendar = DEFAULT_CALENDAR
) -> dict[str, list[tuple[Season, Summable]]]:
    """game -> [(season, her figures in it)] oldest season first: the member page's charts."""
    per: dict[str, dict[Season, Summable]] = defaultdict(dict)
    for summary in summaries:
        for who, figures in summary.members:
            if who != member:
                continue
            season = calendar.season_of(summary.day)
            known = per[summary.game].get(season)
            per[summary.game][season] = figures if known is None else known + figures
    return {game: sorted(seasons.items(), key=lambda item: item[0].start) for game, seasons in per.items()}


def linked(figures: tuple[Summable | None, ...], seats: Mapping[int, int]) -> tuple[tuple[int, Summable], ...]:
    """The figures of the seats linked to members (``seats``: seat -> member), in seat order."""
    return tuple((seats[seat], f) for seat, f in enumerate(figures) if f is not None and seat in seats)
