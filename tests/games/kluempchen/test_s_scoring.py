"""S-1..S-6: what counts ("Was wird gezählt") and the KA-05 table of six-dice patterns."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stammtisch.core.chance import DiceRoll
from stammtisch.games.kluempchen.scoring import (
    ANSCHLUSS_PATTERN,
    KEEP,
    SIX_EQUAL,
    STRASSE_PATTERN,
    TWO_PAIRS,
    VOLL_PATTERN,
    VOLL_STAR_PATTERN,
    anschluss,
    base,
    classify,
    clump,
    clump_value,
)
from tests.games.kluempchen.helpers import current, new_state, play, turn_value


@pytest.mark.parametrize(("face", "points"), [(1, 10), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_s1_triples(face: int, points: int) -> None:
    """S-1: 3x1=10, 3x2=2, 3x3=3, 3x4=4, 3x5=5, 3x6=6."""
    assert base(face) == points
    assert clump(face, 3) == points


def test_s2_each_further_die_doubles() -> None:
    """S-2: 3x1=10, 4x1=20, 5x1=40, 6x1=80; pairs never count (KA-04)."""
    assert [clump(1, n) for n in (3, 4, 5, 6)] == [10, 20, 40, 80]
    assert [clump(6, n) for n in (3, 4, 5, 6)] == [6, 12, 24, 48]
    assert clump(5, 2) == 0
    assert clump_value((0, 2, 0, 0, 4, 0)) == 10  # a kept pair beside a clump is ignored (KA-07)


def test_s6_anschluss_adds_both_triples() -> None:
    """S-6: 555 666 = 5 + 6 = 11; 111 222 = 12."""
    assert anschluss(5, 6) == 11
    assert anschluss(1, 2) == 12


@pytest.mark.parametrize(
    ("faces", "pattern", "points", "kept"),
    [
        ((4, 4, 4, 4, 4, 4), SIX_EQUAL, 32, (0, 0, 0, 0, 0, 0)),
        ((1, 2, 3, 4, 5, 6), STRASSE_PATTERN, 30, (0, 0, 0, 0, 0, 0)),  # S-3
        ((1, 1, 4, 4, 5, 5), VOLL_PATTERN, 15, (0, 0, 0, 0, 0, 0)),  # S-4
        ((3, 3, 5, 5, 5, 5), VOLL_STAR_PATTERN, 15, (0, 0, 0, 0, 0, 0)),  # S-5
        ((5, 5, 5, 6, 6, 6), ANSCHLUSS_PATTERN, 11, (0, 0, 0, 0, 0, 0)),  # S-6
        ((2, 6, 6, 6, 6, 6), KEEP, 0, (0, 0, 0, 0, 0, 5)),  # 5-1 keeps five
        ((1, 2, 4, 4, 4, 4), KEEP, 0, (0, 0, 0, 4, 0, 0)),  # 4-1-1 keeps four
        ((3, 4, 5, 6, 6, 6), KEEP, 0, (0, 0, 0, 0, 0, 3)),  # K-6.5: 345 666
        ((1, 1, 2, 3, 3, 3), KEEP, 0, (0, 0, 3, 0, 0, 0)),  # 3-2-1: the pair goes back
        ((1, 3, 4, 5, 6, 6), KEEP, 0, (0, 0, 0, 0, 0, 2)),  # K-6.6: 1345 66
        ((1, 2, 4, 4, 6, 6), TWO_PAIRS, 0, (0, 0, 0, 0, 0, 0)),  # K-6.7: 12 44 66
    ],
)
def test_ka05_six_dice_patterns(faces: tuple[int, ...], pattern: int, points: int, kept: tuple[int, ...]) -> None:
    """KA-05: the table of six-dice patterns."""
    assert classify(faces) == (pattern, points, kept)


def test_s3_strasse_is_30_after_confirmation() -> None:
    """S-3 with S-8: a Straße is 30 pending; a triple confirms it: 30 + 3 = 33."""
    state = play(new_state(), "throw", "1 2 3 4 5 6")
    assert current(state).pending == 30 and current(state).awaiting
    state = play(state, "3 3 3 1 2 4")
    assert turn_value(state) == 33


def test_s4_s5_voll_and_voll_star_are_15() -> None:
    """S-4: three pairs = 15 pending; S-5: 4 + 2 with option a = 15 pending."""
    state = play(new_state(), "throw", "1 1 4 4 5 5")
    assert current(state).pending == 15
    state = play(new_state(), "throw", "3 3 5 5 5 5", "voll a")
    assert current(state).pending == 15 and current(state).free == 6


def test_ka11_voll_star_b_keeps_the_four_at_its_s2_value() -> None:
    """KA-11: option b keeps the four at its S-2 value: 1111 = 20 (5555 = 10 above)."""
    state = play(new_state(), "throw", "1 1 1 1 3 3", "voll b")
    assert turn_value(state) == 20


def test_ka07_kept_triple_plus_thrown_triple_is_anschluss() -> None:
    """KA-07: kept 666 + thrown 555 → Anschluss 11 pending, all six back."""
    state = play(new_state(), "throw", "1 2 3 6 6 6", "5 5 5")
    assert current(state).pending == 11 and current(state).free == 6 and current(state).awaiting


def test_ka13_six_ones_over_several_throws_are_80() -> None:
    """KA-13: six equal over several throws = base x 8: 1s = 80."""
    state = play(new_state(), "throw", "1 1 1 1 1 2", "1")
    assert current(state).pending == 80 and current(state).awaiting


def test_ka05_exact_pattern_counts_over_all_six_dice_throws() -> None:
    """KA-05, exact ("perft"): of the 6^6 = 46656 ordered throws, six equal 6, Straße 720, 15 Voll 1800,
    15 Voll* 450, Anschluss 300, two pairs 16200, and a forced set-aside in the remaining 27180."""
    roll = DiceRoll(6)
    totals: dict[int, Fraction] = {}
    for outcome in roll.outcomes():
        pattern = classify(outcome.faces)[0]
        totals[pattern] = totals.get(pattern, Fraction(0)) + roll.probability(outcome)
    counts = {pattern: p * 6**6 for pattern, p in totals.items()}
    assert counts == {
        SIX_EQUAL: 6,
        STRASSE_PATTERN: 720,
        VOLL_PATTERN: 1800,
        VOLL_STAR_PATTERN: 450,
        ANSCHLUSS_PATTERN: 300,
        TWO_PAIRS: 16200,
        KEEP: 27180,
    }
