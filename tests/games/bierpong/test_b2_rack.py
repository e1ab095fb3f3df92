"""Rulings B.2, BP-R01, BP-R02: the rack as a graph and Islands."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import InvalidSetup
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.rack import DEAD, GONE, LIVE, edges, extra_choices, islands, neighbours

TABLE_10 = {
    1: (2, 3),
    2: (1, 3, 4, 5),
    3: (1, 2, 5, 6),
    4: (2, 5, 7, 8),
    5: (2, 3, 4, 6, 8, 9),
    6: (3, 5, 9, 10),
    7: (4, 8),
    8: (4, 5, 7, 9),
    9: (5, 6, 8, 10),
    10: (6, 9),
}


def test_ten_cup_neighbours_are_the_table_of_b2() -> None:
    """B.2: the neighbour table of the full 10-cup rack, 18 edges."""
    assert {i + 1: n for i, n in enumerate(neighbours(10))} == TABLE_10
    assert edges(10) == 18


def test_six_and_fifteen_cup_racks() -> None:
    """B.2 option ``rack``: the 6-cup table as listed; the 15-cup triangle has 30 edges."""
    assert neighbours(6) == ((2, 3), (1, 3, 4, 5), (1, 2, 5, 6), (2, 5), (2, 3, 4, 6), (3, 5))
    assert edges(15) == 30
    assert len(GAME.start(2, GAME.configure({"rack": 15})).cups[0]) == 15


def test_other_rack_sizes_are_refused() -> None:
    """BP-R01: 6, 10 or 15 cups."""
    with pytest.raises(InvalidSetup) as error:
        GAME.start(2, GAME.configure({"rack": 8}))
    assert error.value.clause == "BP-R01"


def test_island_is_a_live_cup_without_live_neighbours() -> None:
    """Art 22.1 / BP-R02: removed and dead cups are no neighbours (unless the option says so)."""
    cups = [GONE] * 10
    cups[0] = LIVE  # cup 1
    cups[6] = LIVE  # cup 7
    cups[3] = DEAD  # cup 4, next to 7
    rack = tuple(cups)
    assert islands(rack) == (1, 7)
    assert islands(rack, dead_counts=True) == (1,)
    only = tuple(LIVE if i == 4 else GONE for i in range(10))
    assert islands(only) == (5,)  # the only remaining cup is an Island (BP-R12)


def test_extras_adjacent_first_then_any() -> None:
    """Art 3.2 / BP-R03: live neighbours of the special cup while any is left, then every live cup."""
    full = (LIVE,) * 10
    assert extra_choices(full, 5) == (2, 3, 4, 6, 8, 9)
    lonely = tuple(LIVE if i in (0, 9) else GONE for i in range(10))
    assert extra_choices(lonely, 1) == (1, 10)
