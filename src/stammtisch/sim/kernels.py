"""Compiled sweeps over a folded turn template (``race_fast.py``'s inner loops), with Numba.

A *part* of a template is its non-terminal nodes in evaluation order (children first along unshifted
edges) as flat arrays: ``parents[i]`` is node i's row, its edges are ``ptr[i] .. ptr[i + 1]`` with the
child's row, the points the edge adds (its *shift*, already times the joker factor) and, for a chance
node, the probability. A table is ``[rows, columns, contexts]`` (contexts innermost and contiguous); a
node at column ``col`` reads an edge's child at column ``min(col + shift, top)``.

Why compiled: NumPy evaluates a level of nodes as a gather (a copy of every child's slice) and a
batched product, about 1 ns per edge and table cell with its call overheads; these loops read each
child's slice in place and add it into the parent's, a few tenths of a nanosecond (the solver's benchmark
under ``bench/``). The values agree with the NumPy code's to float rounding.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from stammtisch.sim.sweep import Array

Ints = NDArray[np.intp]
Flags = NDArray[np.bool_]


@njit(cache=True, nogil=True, inline="always")
def _chance(flat: Array, acc: Array, k: int, bases: Ints, w: Array, e0: int, e1: int) -> None:
    """acc = the probability-weighted sum of the edges' slices, four edges per pass over acc (the sum's
    traffic, not its arithmetic, is what costs)."""
    r0 = flat[bases[e0] : bases[e0] + k]
    w0 = w[e0]
    e = e0 + 1
    if e < e1:
        r1 = flat[bases[e] : bases[e] + k]
        w1 = w[e]
        for j in range(k):
            acc[j] = w0 * r0[j] + w1 * r1[j]
        e += 1
    else:
        for j in range(k):
            acc[j] = w0 * r0[j]
    while e + 4 <= e1:
        r0, r1 = flat[bases[e] : bases[e] + k], flat[bases[e + 1] : bases[e + 1] + k]
        r2, r3 = flat[bases[e + 2] : bases[e + 2] + k], flat[bases[e + 3] : bases[e + 3] + k]
        w0, w1, w2, w3 = w[e], w[e + 1], w[e + 2], w[e + 3]
        for j in range(k):
            acc[j] += w0 * r0[j] + w1 * r1[j] + w2 * r2[j] + w3 * r3[j]
        e += 4
    while e + 2 <= e1:
        r0, r1 = flat[bases[e] : bases[e] + k], flat[bases[e + 1] : bases[e + 1] + k]
        w0, w1 = w[e], w[e + 1]
        for j in range(k):
            acc[j] += w0 * r0[j] + w1 * r1[j]
        e += 2
    if e < e1:
        r0 = flat[bases[e] : bases[e] + k]
        w0 = w[e]
        for j in range(k):
            acc[j] += w0 * r0[j]


@njit(cache=True, nogil=True, inline="always")
def _decision(flat: Array, acc: Array, k: int, bases: Ints, e0: int, e1: int) -> None:
    """acc = the largest of the edges' slices, elementwise."""
    r0 = flat[bases[e0] : bases[e0] + k]
    e = e0 + 1
    if e < e1:
        r1 = flat[bases[e] : bases[e] + k]
        for j in range(k):
            acc[j] = max(r0[j], r1[j])
        e += 1
    else:
        for j in range(k):
            acc[j] = r0[j]
    while e + 2 <= e1:
        r0, r1 = flat[bases[e] : bases[e] + k], flat[bases[e + 1] : bases[e + 1] + k]
        for j in range(k):
            acc[j] = max(acc[j], max(r0[j], r1[j]))
        e += 2
    if e < e1:
        r0 = flat[bases[e] : bases[e] + k]
        for j in range(k):
            acc[j] = max(acc[j], r0[j])


@njit(cache=True, nogil=True)
def sweep_column(
    table: Array,
    col: int,
    top: int,
    first: int,
    k: int,
    parents: Ints,
    is_chance: Flags,
    ptr: Ints,
    children: Ints,
    shifts: Ints,
    probs: Array,
    fixed_from: int,
) -> None:
    """Every node of a part at column ``col`` for the contexts [first, first + k)."""
    rows, cols, n = table.shape
    flat = table.reshape(rows * cols * n)
    row_stride = cols * n
    acc = np.empty(k)
    bases = np.empty(children.shape[0], dtype=np.intp)
    for e in range(children.shape[0]):
        c = children[e]
        # FAIL and SIX rows hold their one value per context in column 0.
        bases[e] = c * row_stride + (0 if c >= fixed_from else min(col + shifts[e], top) * n) + first
    for i in range(parents.shape[0]):
        e0, e1 = ptr[i], ptr[i + 1]
        base = parents[i] * row_stride + col * n + first
        out = flat[base : base + k]
        # Below the top column no edge reads its own node's column (a shift moves up), so the sum goes
        # straight into the node's slice; at the top a node may read itself, so it is summed aside.
        into = acc if col == top else out
        if is_chance[i]:
            _chance(flat, into, k, bases, probs, e0, e1)
        else:
            _decision(flat, into, k, bases, e0, e1)
        if col == top:
            for j in range(k):
                out[j] = acc[j]


@njit(cache=True, nogil=True)
def sweep_down(
    table: Array,
    hi: int,
    lo: int,
    top: int,
    xs: Ints,
    parents: Ints,
    is_chance: Flags,
    ptr: Ints,
    children: Ints,
    shifts: Ints,
    probs: Array,
    fixed_from: int,
) -> None:
    """Columns ``hi - 1`` down to ``lo``, each for the contexts whose own score ``xs`` (ascending) is at most
    the column: a context needs only the columns from its own score up."""
    k = xs.shape[0]
    for col in range(hi - 1, lo - 1, -1):
        while k > 0 and xs[k - 1] > col:
            k -= 1
        if k == 0:
            return
        sweep_column(table, col, top, 0, k, parents, is_chance, ptr, children, shifts, probs, fixed_from)


@njit(cache=True, nogil=True)
def sweep_own_column(
    table: Array,
    top: int,
    xs: Ints,
    parents: Ints,
    is_chance: Flags,
    ptr: Ints,
    children: Ints,
    shifts: Ints,
    probs: Array,
    fixed_from: int,
) -> None:
    """Every node of a part for each context at its own column ``xs[i]`` only (nothing in the side turn
    yet); contexts with the same own score (adjacent, ``xs`` ascending) go together."""
    n = xs.shape[0]
    first = 0
    while first < n:
        last = first + 1
        while last < n and xs[last] == xs[first]:
            last += 1
        sweep_column(
            table, xs[first], top, first, last - first, parents, is_chance, ptr, children, shifts, probs, fixed_from
        )
        first = last


def warm_up() -> None:
    """Compile (or load from the cache) every kernel once, so a solve's figures do not count it."""
    table: Array = np.zeros((2, 2, 1))
    one = np.zeros(1, dtype=np.intp)
    parents = np.ones(1, dtype=np.intp)
    ptr = np.array([0, 1], dtype=np.intp)
    yes = np.ones(1, dtype=np.bool_)
    probs = np.ones(1)
    sweep_column(table, 1, 1, 0, 1, parents, yes, ptr, one, one, probs, 2)
    sweep_down(table, 2, 0, 1, one, parents, yes, ptr, one, one, probs, 2)
    sweep_own_column(table, 1, one, parents, yes, ptr, one, one, probs, 2)
