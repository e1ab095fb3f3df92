"""Backward induction over a folded turn template, vectorised over contexts and shift columns.

A *template* (a game's folded turn under ``sim/games/``; ``sim/pig.py`` builds Pig's in the same shape) has chance
nodes, decision nodes and three kinds of end: ``END`` (x points on top of the pending ones), ``FAIL``
(the turn scores nothing) and ``SIX`` (Klümpchen's six equal in one throw). Every non-terminal node
holds an array ``[contexts, columns]``: column ``s`` is the amount already banked in the turn, in the
caller's unit (pending points times the joker factor, plus what a partner put up). An edge that adds
``shift`` pending points reads its child at column ``min(s + factor * shift, columns - 1)``; the caller
makes the last column mean "this much or more" (exact when it reaches the target, KS-3).

Shifted edges may loop (a combination opens a fresh sequence, a Pig roll returns to the same node), so
one ``sweep`` is a Gauss-Seidel pass: unshifted edges children-first, shifted ones reading the current
arrays. Callers repeat sweeps until the change is below their tolerance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

CHANCE, DECISION, END, FAIL, SIX = 0, 1, 2, 3, 4

Array = NDArray[np.float64]


class NodeLike(Protocol):
    kind: int
    value: int
    edges: list  # type: ignore[type-arg]
    choices: list  # type: ignore[type-arg]


@dataclass(slots=True)
class Compiled:
    """A template flattened for sweeping: per node its kind, its float edges and its choices."""

    kinds: list[int]
    values: list[int]
    order: list[int]
    #: CHANCE: (children, shifts, probabilities) as lists; DECISION: (labels, children, shifts)
    chance: dict[int, tuple[list[int], list[int], Array]]
    decision: dict[int, tuple[list[str], list[int], list[int]]]


def compile_template(nodes: Sequence[NodeLike], order: list[int]) -> Compiled:
    chance: dict[int, tuple[list[int], list[int], Array]] = {}
    decision: dict[int, tuple[list[str], list[int], list[int]]] = {}
    for i, n in enumerate(nodes):
        if n.kind == CHANCE:
            chance[i] = (
                [e[0] for e in n.edges],
                [e[1] for e in n.edges],
                np.array([float(e[2]) for e in n.edges]),
            )
        elif n.kind == DECISION:
            decision[i] = ([c[0] for c in n.choices], [c[1] for c in n.choices], [c[2] for c in n.choices])
    return Compiled([n.kind for n in nodes], [n.value for n in nodes], order, chance, decision)


@dataclass(slots=True)
class Ends:
    """What the turn's ends are worth: ``end(xs)`` an array [len(xs), contexts, columns] for the END
    nodes with xs points on top, ``fail`` and ``six`` arrays broadcastable to [contexts, columns]."""

    end: Callable[[NDArray[np.int64]], Array]
    fail: Array
    six: Array


class Sweeper:
    """Holds the node arrays between sweeps (warm start) for one factor (joker x1 or x2).

    Nodes are swept level by level (a node's level is one more than its highest unshifted child's),
    each level with one gather and one segment reduction, so a sweep costs a few dozen NumPy calls
    whatever the number of edges."""

    def __init__(self, compiled: Compiled, contexts: int, columns: int, factor: int = 1, blocked: bool = False) -> None:
        self.c = compiled
        self.contexts = contexts
        self.columns = columns
        self.factor = factor
        k = len(compiled.kinds)
        self.table = np.zeros((k, contexts, columns))
        self.values = _Rows(self.table)
        self._levels = _levels(compiled)
        self._order = sorted(self._levels)
        shifts = [sh for _, _, children_shifts in compiled.decision.values() for sh in children_shifts if sh]
        shifts += [sh for _, ch_shifts, _ in compiled.chance.values() for sh in ch_shifts if sh]
        self._block = max(1, factor * min(shifts, default=columns)) if blocked else columns
        self._end_rows = np.array([i for i, kind in enumerate(compiled.kinds) if kind == END], dtype=np.intp)
        self._end_values = np.array([compiled.values[i] for i in self._end_rows], dtype=np.int64)
        self._fail = [i for i, kind in enumerate(compiled.kinds) if kind == FAIL]
        self._six = [i for i, kind in enumerate(compiled.kinds) if kind == SIX]
        self._cidx = np.arange(contexts)[None, :, None]
        base = np.arange(columns)
        self._cols = {
            level: np.minimum(base[None, :] + factor * np.array(shifts)[:, None], columns - 1)[:, None, :]
            for level, (_, _, _, shifts, _, _) in self._levels.items()
        }
        # For wide tables: per level, the edges grouped by shift, so a gather is a slice of columns
        # (a fancy index over three axes costs ~70 ns an element; a slice ~1 ns).
        self._by_shift: dict[int, list[tuple[int, NDArray[np.intp], NDArray[np.intp]]]] = {}
        for level, (_, _, children, shifts, _, _) in self._levels.items():
            found = np.array(shifts)
            self._by_shift[level] = [
                (factor * int(sh), np.flatnonzero(found == sh), children[found == sh]) for sh in sorted(set(shifts))
            ]
        self._wide = not blocked and contexts * columns >= 4096

    def set_ends(self, ends: Ends, fail_only: bool = False) -> None:
        """Write the ends' values into the table (``fail_only``: only FAIL changed since)."""
        shape = (self.contexts, self.columns)
        self.table[self._fail] = np.broadcast_to(ends.fail, shape)
        if fail_only:
            return
        self.table[self._six] = np.broadcast_to(ends.six, shape)
        if len(self._end_rows):
            self.table[self._end_rows] = np.broadcast_to(ends.end(self._end_values), (len(self._end_rows), *shape))

    def sweep(self, ends: Ends | None = None) -> float:
        """One pass (after ``set_ends``, or with ``ends`` to set first); returns the largest change.

        With ``blocked``, columns go from the highest down in blocks narrower than the smallest shift times the factor,
        so a shifted edge reads a block already final in this pass: a loop through shifted edges (a
        fresh sequence after a combination, a Pig roll) is resolved in one pass, except at the last
        column (the cap), which reads itself and settles over the passes."""
        if ends is not None:
            self.set_ends(ends)
        change = 0.0
        table = self.table
        width = self._block
        for hi in range(self.columns, 0, -width):
            lo = max(0, hi - width)
            for level in self._order:
                parents, starts, children, _, probs, is_chance = self._levels[level]
                if self._wide:
                    gathered = self._gather(level, len(children))
                else:
                    cols = self._cols[level][:, :, lo:hi]
                    gathered = table[children[:, None, None], self._cidx, cols]
                if is_chance:
                    gathered *= probs[:, None, None]
                    new = np.add.reduceat(gathered, starts, axis=0)
                else:
                    new = np.maximum.reduceat(gathered, starts, axis=0)
                if new.size:
                    change = max(change, float(np.max(np.abs(new - table[parents, :, lo:hi]))))
                table[parents, :, lo:hi] = new
        return change

    def _gather(self, level: int, edges: int) -> Array:
        """Every edge's child row, its columns shifted by the edge's points (the last column repeats)."""
        table = self.table
        s = self.columns
        gathered = np.empty((edges, self.contexts, s))
        for offset, where, children in self._by_shift[level]:
            if offset == 0:
                gathered[where] = table[children]
            elif offset >= s:
                gathered[where] = table[children][:, :, s - 1 : s]
            else:
                rows = table[children]
                gathered[where, :, : s - offset] = rows[:, :, offset:]
                gathered[where, :, s - offset :] = rows[:, :, s - 1 : s]
        return gathered

    def choice_values(self, node: int, ends: Ends) -> list[tuple[str, Array]]:
        """Each choice at a decision node with its value array (after the sweeps)."""
        labels, children, shifts = self.c.decision[node]
        base = np.arange(self.columns)
        out = []
        for label, child, shift in zip(labels, children, shifts, strict=True):
            idx = np.minimum(base + self.factor * shift, self.columns - 1)
            out.append((label, np.array(self.table[child][:, idx])))
        return out


class _Rows:
    """``values[node]`` view of the sweeper's table (the node's [contexts, columns] array)."""

    def __init__(self, table: Array) -> None:
        self._table = table

    def __getitem__(self, node: int) -> Array:
        row: Array = self._table[node]
        return row


Level = tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp], list[int], Array, bool]


def _levels(c: Compiled) -> dict[int, Level]:
    """Group the nodes by (level, kind); levels keyed so chance and decision groups alternate safely."""
    level: dict[int, int] = {}
    for i in c.order:  # children first along unshifted edges
        if c.kinds[i] == CHANCE:
            children, shifts, _ = c.chance[i]
        else:
            _, children, shifts = c.decision[i]
        deps = [level[ch] for ch, sh in zip(children, shifts, strict=True) if sh == 0 and ch in level]
        level[i] = 1 + max(deps, default=0)
    groups: dict[int, Level] = {}
    for lv in sorted(set(level.values())):
        for is_chance in (True, False):
            members = [i for i in c.order if level[i] == lv and (c.kinds[i] == CHANCE) == is_chance]
            if not members:
                continue
            starts: list[int] = []
            children_all: list[int] = []
            shifts_all: list[int] = []
            probs_all: list[float] = []
            for i in members:
                starts.append(len(children_all))
                if is_chance:
                    children, shifts, probs = c.chance[i]
                    probs_all.extend(float(p) for p in probs)
                else:
                    _, children, shifts = c.decision[i]
                    probs_all.extend(1.0 for _ in children)
                children_all.extend(children)
                shifts_all.extend(shifts)
            key = 2 * lv + (0 if is_chance else 1)
            groups[key] = (
                np.array(members, dtype=np.intp),
                np.array(starts, dtype=np.intp),
                np.array(children_all, dtype=np.intp),
                shifts_all,
                np.array(probs_all),
                is_chance,
            )
    return groups
