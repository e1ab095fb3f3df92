"""ST-2 with a moved season start (SE-1, SE-2 in docs/bank.md): the statistics group matches by the
club's season calendar: under 1 August, 31 July and 1 August are different seasons; after a change
decided in a running season, the short season is a season of its own in the member's history."""

from __future__ import annotations

from datetime import date

from stammtisch.club.bank.season import DEFAULT_CALENDAR, Season, with_start
from stammtisch.club.games.kluempchen_stats import Figures
from stammtisch.club.stats.totals import MatchSummary, in_season, member_by_season, seasons_of

ANNA = 1


def _evening(match_id: str, day: date, points: int) -> MatchSummary:
    return MatchSummary(match_id, "kluempchen", day, ((ANNA, Figures(evenings=1, wuerfe=1, points=points)),))


def test_st2_31_july_and_1_august_under_a_1_august_start() -> None:
    calendar = with_start(DEFAULT_CALENDAR, (8, 1), date(2026, 11, 24), book_empty=True)
    summaries = [_evening("a", date(2026, 7, 31), 10), _evening("b", date(2026, 8, 1), 20)]
    july, august = calendar.season_of(date(2026, 7, 31)), calendar.season_of(date(2026, 8, 1))
    assert seasons_of(summaries, calendar) == [august, july]
    assert [s.match_id for s in in_season(summaries, july)] == ["a"]
    assert [s.match_id for s in in_season(summaries, august)] == ["b"]
    assert seasons_of(summaries) == [Season(date(2026, 5, 1), date(2027, 4, 30))]  # 1 May: one season


def test_st2_the_short_season_is_its_own_season_in_the_history() -> None:
    calendar = with_start(DEFAULT_CALENDAR, (8, 1), date(2026, 11, 24), book_empty=False)
    summaries = [
        _evening("a", date(2027, 4, 30), 10),
        _evening("b", date(2027, 5, 7), 20),
        _evening("c", date(2027, 7, 30), 30),
        _evening("d", date(2027, 8, 6), 40),
    ]
    history = member_by_season(summaries, ANNA, calendar)["kluempchen"]
    assert [(season.label, figures.points) for season, figures in history] == [
        ("2026/27", 10),
        ("2027", 50),
        ("2027/28", 40),
    ]
    assert history[1][0] == Season(date(2027, 5, 1), date(2027, 7, 31))
