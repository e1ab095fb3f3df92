"""PR-4.3, PR-R01, PR-R02: Pash-7 — 10 points per pair, replacing the sum, at most 30."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.games.proempeln import scoring
from tests.games.proempeln.helpers import new_state, run


def test_pr_4_3_four_ones_make_two_pairs_worth_20() -> None:
    """PR-4.3: "4x 1 Punkt ergibt zwei Pärchen und würde mit 20 Punkten bewertet werden"."""
    state = run(new_state(), 0, (1, 1, 1, 1, 0, 2, 3), "P")
    assert state.scores[0] == (20,)


def test_pr_4_3_at_most_30() -> None:
    """PR-4.3: with 7 bottles up to 30 points."""
    best = max(scoring.pash7(values) for values in product(range(4), repeat=7))
    assert best == 30
    assert run(new_state(), 0, (2,) * 7, "P").scores[0] == (30,)


def test_pr_r01_pairs_replace_the_sum() -> None:
    """PR-R01: 10 × pairs, not the sum plus 10 × pairs."""
    assert scoring.pash7((3, 3, 3, 3, 3, 3, 0)) == 30


def test_pr_r02_how_pairs_are_counted() -> None:
    """PR-R02: Σ ⌊count/2⌋ — three equal = 1 pair, five = 2, six or seven = 3."""
    assert scoring.pairs((1, 1, 1)) == 1
    assert scoring.pairs((1,) * 5) == 2
    assert scoring.pairs((1,) * 6) == 3
    assert scoring.pairs((1, 1, 2, 2, 3, 3, 0)) == 3


def test_pr_r02_zero_pairs_count_by_default_so_pash7_is_at_least_20() -> None:
    """PR-R02 (pash7_zero_pairs = true): two 0s are a pair; any seven stoppers have ≥ 2 pairs."""
    assert scoring.pash7((0, 0, 1, 2, 3, 1, 3)) == 30
    assert min(scoring.pash7(values) for values in product(range(4), repeat=7)) == 20


def test_pr_r02_zero_pairs_option_off() -> None:
    """PR-R02 option pash7_zero_pairs = false: 0s make no pairs."""
    state = run(new_state(pash7_zero_pairs=False), 0, (0, 0, 0, 0, 1, 2, 3), "P")
    assert state.scores[0] == (0,)


@given(st.lists(st.integers(0, 3), min_size=7, max_size=7))
def test_pr_r02_pash7_bounds(values: list[int]) -> None:
    """PR-4.3, PR-R02: 20 ≤ Pash-7 ≤ 30 with zero pairs; 0 ≤ ... ≤ 30 without."""
    assert 20 <= scoring.pash7(values) <= 30
    assert 0 <= scoring.pash7(values, zero_pairs=False) <= 30


@given(st.lists(st.integers(1, 2), min_size=7, max_size=7))
def test_pr_r06_every_meier_run_has_three_pairs(values: list[int]) -> None:
    """PR-R06: a run of only 1s and 2s always has exactly 3 pairs, so Pash-7 gives 30 > 21."""
    assert scoring.pairs(values) == 3
