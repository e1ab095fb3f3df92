"""The returns both adapters give (interop/table.py): zero-sum, within [-1, 1], ordered like the
ranking, equal within a group of tied seats (team mates in Klümpchen and Bier-Pong)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.protocol import Result
from stammtisch.interop.table import returns


@st.composite
def rankings(draw: st.DrawFn) -> tuple[int, tuple[tuple[int, ...], ...]]:
    players = draw(st.integers(1, 8))
    seats = draw(st.permutations(range(players)))
    cuts = sorted(draw(st.sets(st.integers(1, max(players - 1, 1)), max_size=players - 1)))
    groups, start = [], 0
    for cut in [*cuts, players]:
        if cut > start:
            groups.append(tuple(sorted(seats[start:cut])))
            start = cut
    return players, tuple(groups)


@given(rankings())
def test_returns_are_zero_sum_bounded_and_follow_the_ranking(ranked: tuple[int, tuple[tuple[int, ...], ...]]) -> None:
    players, groups = ranked
    got = returns(Result(scores=(0,) * players, ranking=groups), players)
    assert abs(sum(got)) < 1e-9
    assert all(-1.0 <= value <= 1.0 for value in got)
    for better, worse in zip(groups, groups[1:], strict=False):
        assert min(got[s] for s in better) > max(got[s] for s in worse)
    for group in groups:
        assert len({got[s] for s in group}) == 1


def test_no_returns_before_the_end() -> None:
    assert returns(None, 4) == [0.0, 0.0, 0.0, 0.0]


def test_a_clear_winner_of_four_gets_one_and_the_last_minus_one() -> None:
    assert returns(Result((3, 2, 1, 0), ((0,), (1,), (2,), (3,))), 4) == [1.0, 1 / 3, -1 / 3, -1.0]
