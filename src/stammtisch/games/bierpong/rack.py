"""The rack as a graph (rulings B.2, BP-R01/R02): a triangle of cups with fixed slots.

Cups are numbered from the tip (nearest the table centre) row by row, left to right::

          1
        2   3
      4   5   6
    7   8   9  10

Slot (row r from the tip, position j) touches (r, j±1), (r−1, j−1), (r−1, j), (r+1, j) and
(r+1, j+1): the triangular lattice. The 6-cup rack has 3 rows, the 10-cup rack 4, the 15-cup 5.
A cup's *current* neighbours are its neighbours that are still live; a live cup without one is an
*Island* (Art 3.2, 22.1).
"""

from __future__ import annotations

from functools import lru_cache

#: Rows of the triangle per rack size (the option ``rack``).
ROWS = {6: 3, 10: 4, 15: 5}

#: Cup states, one per slot. A hit cup is DUE (hit, still standing, removal due) until the next removal
#: point (BP-R08); DEAD is a hit cup left standing into the next round (BP-R13); GONE is off the table.
LIVE = 0
DUE = 1
DEAD = 2
GONE = 3


@lru_cache(maxsize=8)
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Each cup's neighbours on the full rack, indexed by ``cup - 1`` (cups are 1-based)."""
    rows = ROWS[size]
    number = {}
    for r in range(rows):
        for j in range(r + 1):
            number[(r, j)] = r * (r + 1) // 2 + j + 1
    out: list[tuple[int, ...]] = []
    for r in range(rows):
        for j in range(r + 1):
            near = ((r, j - 1), (r, j + 1), (r - 1, j - 1), (r - 1, j), (r + 1, j), (r + 1, j + 1))
            out.append(tuple(sorted(number[p] for p in near if p in number)))
    return tuple(out)


def edges(size: int) -> int:
    """The number of touching pairs on the full rack (18 for 10 cups)."""
    return sum(len(n) for n in neighbours(size)) // 2


def live_cups(cups: tuple[int, ...]) -> tuple[int, ...]:
    """The live cups in ascending order."""
    return tuple(i + 1 for i, s in enumerate(cups) if s == LIVE)


def standing_cups(cups: tuple[int, ...]) -> tuple[int, ...]:
    """Cups physically on the table that a ball can land in: live, hit-but-standing and dead."""
    return tuple(i + 1 for i, s in enumerate(cups) if s != GONE)


def live_count(cups: tuple[int, ...]) -> int:
    return cups.count(LIVE)


def live_neighbours(cups: tuple[int, ...], cup: int, dead_counts: bool = False) -> tuple[int, ...]:
    """``cup``'s current neighbours: the live ones (and dead ones with ``dead_cup_counts_as_neighbour``)."""
    size = len(cups)
    return tuple(n for n in neighbours(size)[cup - 1] if cups[n - 1] == LIVE or (dead_counts and cups[n - 1] == DEAD))


@lru_cache(maxsize=8)
def _neighbour_masks(size: int) -> tuple[int, ...]:
    """Each cup's neighbours on the full rack as a bit mask (bit ``i`` is cup ``i + 1``)."""
    return tuple(sum(1 << (n - 1) for n in near) for near in neighbours(size))


def _mask(cups: tuple[int, ...], state: int) -> int:
    """The cups in ``state`` as a bit mask (bit ``i`` is cup ``i + 1``)."""
    mask = 0
    for i, s in enumerate(cups):
        if s == state:
            mask |= 1 << i
    return mask


@lru_cache(maxsize=65536)
def _islands_of(size: int, live: int, neighbourly: int) -> tuple[int, ...]:
    """The live cups (bit mask ``live``) none of whose neighbours is in ``neighbourly`` (Art 22.1)."""
    masks = _neighbour_masks(size)
    return tuple(i + 1 for i in range(size) if live >> i & 1 and not masks[i] & neighbourly)


@lru_cache(maxsize=65536)
def islands(cups: tuple[int, ...], dead_counts: bool = False) -> tuple[int, ...]:
    """Live cups with no live neighbour (Art 22.1; the only remaining cup is one, BP-R12). Cached by
    rack; a rack not seen yet is looked up by its live (and dead) cups only, as bit masks."""
    live = _mask(cups, LIVE)
    return _islands_of(len(cups), live, live | _mask(cups, DEAD) if dead_counts else live)


@lru_cache(maxsize=65536)
def extra_choices(cups: tuple[int, ...], special: int) -> tuple[int, ...]:
    """The cups that may be taken next as an extra for the special cup ``special`` (Art 3.2, BP-R03):
    its live neighbours while any is left, otherwise every live cup."""
    near = live_neighbours(cups, special)
    return near if near else live_cups(cups)


def with_state(cups: tuple[int, ...], cup: int, state: int) -> tuple[int, ...]:
    """``cups`` with ``cup`` set to ``state``."""
    return cups[: cup - 1] + (state,) + cups[cup:]
