"""R-1.3 / RA-27: before each pass every player's table and seat are drawn by lot; PT-2: the draw is
seeded and recorded, so it can be re-derived and audited."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.tournament import TournamentRefused, draw_pass, table_sizes, verify_draw
from stammtisch.club.tournament.draw import rng_key


@given(st.integers(3, 120), st.text(min_size=1, max_size=20), st.integers(1, 2))
def test_every_player_sits_exactly_once_per_pass(players: int, seed: str, pass_no: int) -> None:
    """R-1.3: everybody gets exactly one table and seat; the tables have the sizes of PT-1."""
    numbers = list(range(1, players + 1))
    drawn = draw_pass(seed, pass_no, numbers)
    seated = [n for table in drawn.tables for n in table]
    assert sorted(seated) == numbers
    assert tuple(len(t) for t in drawn.tables) == table_sizes(players)
    assert seated == list(drawn.permutation)


def test_the_same_seed_gives_the_recorded_draw() -> None:
    """PT-2: a draw is reproducible from its seed and pass number: these are the draws recorded for
    "Herbst-2026" with 11 players (a changed lottery would make every recorded draw fail its audit)."""
    first = draw_pass("Herbst-2026", 1, range(1, 12))
    assert first.permutation == (5, 2, 9, 1, 7, 3, 8, 11, 6, 4, 10)
    assert first.tables == ((5, 2, 9, 1), (7, 3, 8, 11), (6, 4, 10))
    second = draw_pass("Herbst-2026", 2, range(1, 12))
    assert second.permutation == (3, 6, 8, 5, 4, 7, 2, 11, 9, 10, 1)


@given(st.integers(3, 60), st.text(min_size=1, max_size=20))
def test_the_audit_agrees_with_every_draw(players: int, seed: str) -> None:
    """PT-2: the audit re-derives a draw from its seed and the players."""
    numbers = list(range(1, players + 1))
    assert verify_draw(draw_pass(seed, 1, numbers), numbers)
    assert verify_draw(draw_pass(seed, 2, numbers), numbers)


def test_the_audit_recipe_shown_on_the_page_re_derives_the_permutation() -> None:
    """PT-2: ``random.Random(rng_key(seed, pass)).shuffle(1..n)`` is the whole algorithm."""
    drawn = draw_pass("Herbst-2026", 1, range(1, 11))
    order = list(range(1, 11))
    random.Random(rng_key("Herbst-2026", 1)).shuffle(order)
    assert tuple(order) == drawn.permutation
    assert drawn.tables == (tuple(order[:4]), tuple(order[4:7]), tuple(order[7:]))


def test_a_fixed_seed_gives_a_known_draw() -> None:
    """Golden value: the draw algorithm must not change silently (old tournaments stay auditable)."""
    drawn = draw_pass("abc", 1, range(1, 11))
    assert drawn.permutation == (2, 8, 5, 1, 9, 3, 10, 4, 7, 6)
    assert drawn.tables == ((2, 8, 5, 1), (9, 3, 10), (4, 7, 6))


def test_a_tampered_draw_fails_the_audit() -> None:
    """PT-2: swapping two players, or claiming another seed, is detected."""
    numbers = range(1, 9)
    drawn = draw_pass("s", 1, numbers)
    first, second = drawn.tables
    swapped = replace(drawn, tables=((second[0], *first[1:]), (first[0], *second[1:])))
    assert verify_draw(drawn, numbers)
    assert not verify_draw(swapped, numbers)
    assert not verify_draw(replace(drawn, seed="t"), numbers)
    assert not verify_draw(drawn, range(1, 10))


def test_the_two_passes_are_drawn_independently() -> None:
    """R-1.3: "vor jedem Durchgang" — the second pass has its own lottery."""
    numbers = range(1, 21)
    assert draw_pass("x", 1, numbers).permutation != draw_pass("x", 2, numbers).permutation


@pytest.mark.parametrize("pass_no", [0, 3, -1])
def test_there_are_two_passes(pass_no: int) -> None:
    """R-1.2: two passes only."""
    with pytest.raises(TournamentRefused) as refused:
        draw_pass("s", pass_no, range(1, 9))
    assert refused.value.clause == "R-1.2"
