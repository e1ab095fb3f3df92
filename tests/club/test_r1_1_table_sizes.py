"""R-1.1 (four at a table if possible), RA-24 (tables of three or five make up the rest), PT-1 (the plan)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.tournament import PlayerCountRefused, table_sizes
from stammtisch.club.tournament.tables import MAX_PLAYERS, MIN_PLAYERS


def best_plan_at_fours(players: int) -> int:
    """Brute force: the most players that can sit at tables of four when every table has 3, 4 or 5."""
    best = -1
    for fives in range(players // 5 + 1):
        for threes in range((players - 5 * fives) // 3 + 1):
            rest = players - 5 * fives - 3 * threes
            if rest >= 0 and rest % 4 == 0:
                best = max(best, rest)
    return best


@pytest.mark.parametrize("players", range(MIN_PLAYERS, 41))
def test_every_count_from_three_to_forty_has_the_plan_of_pt_1(players: int) -> None:
    """R-1.1, RA-24, PT-1: tables of 3/4/5 only, seating everybody, as many as possible at tables of four."""
    sizes = table_sizes(players)
    assert sum(sizes) == players
    assert set(sizes) <= {3, 4, 5}
    assert 4 * sizes.count(4) == best_plan_at_fours(players)
    assert list(sizes) == sorted(sizes, key=lambda size: size != 4), "tables of four come first"


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, (3,)), (4, (4,)), (5, (5,)), (6, (3, 3)), (7, (4, 3)), (9, (4, 5)), (10, (4, 3, 3)), (16, (4, 4, 4, 4))],
)
def test_examples(players: int, sizes: tuple[int, ...]) -> None:
    """PT-1 table: 4k → k×4; 4k+3 → one 3; 4k+1 → one 5; 4k+2 → two 3."""
    assert table_sizes(players) == sizes


@given(st.integers(MIN_PLAYERS, MAX_PLAYERS))
def test_sizes_follow_the_rulings_for_any_count(players: int) -> None:
    """RA-24: at most two tables differ from four, and they are of three or five."""
    sizes = table_sizes(players)
    assert sum(sizes) == players
    others = [s for s in sizes if s != 4]
    assert len(others) <= 2 and set(others) <= {3, 5}


@pytest.mark.parametrize(("players", "clause"), [(0, "R-1.1"), (1, "R-1.1"), (2, "R-1.1"), (MAX_PLAYERS + 1, "PT-1")])
def test_impossible_counts_are_refused_with_the_clause_in_both_languages(players: int, clause: str) -> None:
    """R-1.1: no table of two (or fewer); PT-1: a practical upper limit."""
    with pytest.raises(PlayerCountRefused) as refused:
        table_sizes(players)
    assert refused.value.clause == clause
    assert refused.value.code == "tournament/player_count"
    assert str(players) in refused.value.message.de and str(players) in refused.value.message.en
    assert refused.value.message.de != refused.value.message.en
