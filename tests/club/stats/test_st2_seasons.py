"""ST-2 (docs/statistics.md): figures per member and per season (1 May – 30 April, KA-32). A match
counts in the season of its club day; 30 April is the old season, 1 May the new one."""

from __future__ import annotations

from datetime import date

from stammtisch.club.bank.season import season_of
from stammtisch.club.games.kluempchen_stats import Figures
from stammtisch.club.stats.totals import MatchSummary, by_member, in_season, linked, member_by_season, seasons_of

ANNA, BEN = 1, 2


def _evening(match_id: str, day: date, anna: int, ben: int) -> MatchSummary:
    return MatchSummary(
        match_id,
        "kluempchen",
        day,
        (
            (ANNA, Figures(evenings=1, wuerfe=1, points=anna, best_wurf=anna)),
            (BEN, Figures(evenings=1, wuerfe=1, points=ben, best_wurf=ben)),
        ),
    )


SUMMARIES = [
    _evening("a", date(2025, 4, 30), 40, 10),  # season 2024/25
    _evening("b", date(2025, 5, 1), 20, 30),  # season 2025/26
    _evening("c", date(2026, 4, 30), 60, 0),  # season 2025/26
]


def test_st2_30_april_and_1_may_are_different_seasons() -> None:
    old, new = season_of(date(2025, 4, 30)), season_of(date(2025, 5, 1))
    assert [s.match_id for s in in_season(SUMMARIES, old)] == ["a"]
    assert [s.match_id for s in in_season(SUMMARIES, new)] == ["b", "c"]
    assert len(in_season(SUMMARIES, None)) == 3
    assert seasons_of(SUMMARIES) == [new, old]


def test_st2_per_member_sums_in_a_season() -> None:
    totals = by_member(in_season(SUMMARIES, season_of(date(2025, 5, 1))))["kluempchen"]
    assert totals[ANNA] == Figures(evenings=2, wuerfe=2, points=80, best_wurf=60)
    assert totals[BEN] == Figures(evenings=2, wuerfe=2, points=30, best_wurf=30)


def test_st2_a_member_by_season_oldest_first() -> None:
    history = member_by_season(SUMMARIES, ANNA)["kluempchen"]
    assert [(season.label, figures.points) for season, figures in history] == [("2024/25", 40), ("2025/26", 80)]


def test_st1_only_seats_linked_to_members_count() -> None:
    """ST-1: an unlinked seat (a guest not in the club, a bot) is nobody's statistics."""
    figures = (Figures(evenings=1), None, Figures(evenings=1))
    assert linked(figures, {0: ANNA, 1: BEN}) == ((ANNA, Figures(evenings=1)),)
