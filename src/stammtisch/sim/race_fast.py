"""The race solver of ``race.py`` made fast: the same values, columns from the top instead of repeated sweeps.

``race.solve`` is the readable reference (and the brute-force tests check it); this module solves the
same equations in a different order, checked against it on small targets (``tests/sim/test_ks3_fast_race.py``):

* **Columns by "points held", not "points in this turn".** Every node's value at score pair (x, y) with s
  points already in the side turn depends on x + s (its ``z``), y and the value of scoring nothing; a
  column z >= target means "won if banked". So each context needs only the columns z = x .. target, and a
  column needs only the contexts with x at most its z (a prefix: contexts go by ascending x). That halves
  the work of a rectangular [contexts, columns] table.
* **Columns from the top.** Edges that add points (a combination opening a fresh sequence, a Pig roll)
  read a *higher* column, so going down column by column every shifted read is already final and one pass
  solves the turn; only the top column (target or more) reads itself and is iterated alone (warm-started)
  until it changes by less than the tolerance.
* **Compiled loops.** A column is evaluated by ``kernels.py`` (Numba): each edge's child slice is read in
  place at its column ``min(z + shift, target)``; an END with x points is a row of the end values read x
  columns higher.
* **The diagonal's fixed point by secant steps.** On one diagonal only the pairs (x, y) and (y, x) are
  coupled (scoring nothing hands the pair to the other side, KS-6), through a convex, piecewise linear,
  increasing function of one number. After a plain step each pair takes a secant (Newton) step on the
  two slopes just seen; it lands on the fixed point once both sides keep their policy, and the loop stops
  when no value moves by more than the tolerance.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from stammtisch.sim import kernels
from stammtisch.sim.race import RaceSolution, diagonal
from stammtisch.sim.sweep import CHANCE, DECISION, END, FAIL, SIX, Array, Compiled

Ints = NDArray[np.intp]

#: Iterations of the top column (target or more) per pass, at most; warm-started it needs a handful.
MAX_TOP_SWEEPS = 400
#: Outer iterations per diagonal, at most (plain and secant steps).
MAX_DIAGONAL_PASSES = 60
#: Contexts per compiled sweep, at most: contexts never read each other, so a caller may sweep many in
#: slices of this size through one table; beyond about a thousand the cost per edge and context stays
#: the same, while the table's memory (touched for the first time at a cost) grows with it.
CONTEXTS_PER_SWEEP = 2048


@dataclass(frozen=True, slots=True)
class Part:
    """Non-terminal nodes in evaluation order (children first along unshifted edges) as flat arrays for
    ``kernels.py``: node i is row ``parents[i]``, a chance node if ``is_chance[i]``; its edges are
    ``ptr[i] .. ptr[i + 1]`` (the child's row, the points the edge adds times the joker factor, the
    probability)."""

    parents: Ints
    is_chance: NDArray[np.bool_]
    ptr: Ints
    children: Ints
    shifts: Ints
    probs: Array

    #: Rows from this one on hold one value per context in column 0, read at every column (FAIL, SIX).
    fixed_from: int

    def arrays(self) -> tuple[Ints, NDArray[np.bool_], Ints, Ints, Ints, Array, int]:
        return self.parents, self.is_chance, self.ptr, self.children, self.shifts, self.probs, self.fixed_from


@dataclass(frozen=True, slots=True)
class Layout:
    """The template as rows (one per node, and three for the turn's ends) and its two parts.

    ``loop`` are the nodes that can be reached again through a shifted edge (solved column by column from
    the top), ``start`` the rest (the first sequence of a turn; solved once the loop part is final).
    Every END with x points is read as the one row of end values x columns higher (``end_row``), every
    FAIL as ``fail_row`` and every SIX as ``six_row`` (both in column 0, the same at every column): a pass
    writes one row of end values and two numbers per context, not a row per terminal node."""

    rows: int
    targets: Ints  # the nodes a shifted edge leads to
    end_row: int
    fail_row: int
    six_row: int
    #: END nodes and their points (times the factor), for reading a choice that ends the turn.
    end_nodes: dict[int, int]
    #: FAIL and SIX nodes and the row each is read from.
    fixed_nodes: dict[int, int]
    #: The loop part is never read below a context's own score plus this (a combination adds at least
    #: this many points before a pending node is reached), so its columns below are not solved.
    loop_offset: int
    #: Start nodes read as their loop twin's row (``twins``): they are in no part.
    alias: dict[int, int]
    #: Each non-terminal template node's row (a twin's for a start node in ``alias``).
    row_of: dict[int, int]
    loop: Part
    start: Part


def layout(compiled: Compiled, factor: int = 1, merge_twins: bool = True) -> Layout:
    """Rows and parts of a compiled template (``sweep.compile_template``); ``factor`` multiplies every
    shift and end (a joker doubles the turn, K-10.4); ``merge_twins``: read start nodes as their loop
    twins (``twins``; off only for the tests that check them)."""
    kinds = compiled.kinds
    k = len(kinds)
    # Until the rows are numbered (below), the terminals are marked by numbers past the template's nodes.
    end_mark, fail_mark, six_mark = k, k + 1, k + 2

    def edge(child: int, shift: int) -> tuple[int, int]:
        if kinds[child] == END:
            return end_mark, shift + compiled.values[child]
        return {FAIL: fail_mark, SIX: six_mark}.get(kinds[child], child), shift

    edges: dict[int, tuple[list[int], list[int], list[float]]] = {}
    for i, (children, shifts, probs) in compiled.chance.items():
        moved = [edge(c, s) for c, s in zip(children, shifts, strict=True)]
        edges[i] = ([c for c, _ in moved], [s for _, s in moved], [float(p) for p in probs])
    for i, (_, children, shifts) in compiled.decision.items():
        moved = [edge(c, s) for c, s in zip(children, shifts, strict=True)]
        edges[i] = ([c for c, _ in moved], [s for _, s in moved], [1.0] * len(children))
    targets = sorted({c for cs, ss, _ in edges.values() for c, s in zip(cs, ss, strict=True) if s and c < k})
    loop_nodes = _reachable(targets, compiled)
    alias = twins(loop_nodes, kinds, edges) if merge_twins else {}
    edges = {i: ([alias.get(c, c) for c in cs], ss, ps) for i, (cs, ss, ps) in edges.items() if i not in alias}
    # The smallest shift by which a loop node is read from a column a context solves: a shifted edge
    # into the loop part, or 0 if a start node steps into it without points (or is read as its twin).
    reads = [
        s
        for i, (cs, ss, _) in edges.items()
        for c, s in zip(cs, ss, strict=True)
        if c in loop_nodes and (s or i not in loop_nodes)
    ]
    # Rows only for the nodes a part evaluates (loop part first) and the three terminal rows: a table's
    # memory is what its sweeps touch, however many nodes the template has.
    loop = [i for i in compiled.order if i in loop_nodes]
    start = [i for i in compiled.order if i not in loop_nodes and i not in alias]
    row_of = {node: r for r, node in enumerate(loop + start)}
    row_of.update({node: row_of[twin] for node, twin in alias.items()})
    rows = len(row_of) - len(alias)
    row_of.update({end_mark: rows, fail_mark: rows + 1, six_mark: rows + 2})
    edges = {i: ([row_of[c] for c in cs], ss, ps) for i, (cs, ss, ps) in edges.items()}
    return Layout(
        rows=rows + 3,
        targets=np.array([row_of[c] for c in targets], dtype=np.intp),
        end_row=rows,
        fail_row=rows + 1,
        six_row=rows + 2,
        end_nodes={i: factor * compiled.values[i] for i in range(k) if kinds[i] == END},
        loop_offset=0 if alias else factor * min(reads, default=0),
        fixed_nodes={i: rows + 1 if kinds[i] == FAIL else rows + 2 for i in range(k) if kinds[i] in (FAIL, SIX)},
        alias=alias,
        row_of={node: r for node, r in row_of.items() if node < k},
        loop=_part(loop, kinds, edges, factor, row_of, rows + 1),
        start=_part(start, kinds, edges, factor, row_of, rows + 1),
    )


def twins(
    loop_nodes: set[int], kinds: list[int], edges: dict[int, tuple[list[int], list[int], list[float]]]
) -> dict[int, int]:
    """Start nodes whose value equals a loop node's at every column: the same kind, and edges with the same
    shifts and probabilities into nodes that are equal in turn (the coarsest such partition, refined from
    "chance or decision" until it is stable). Under the default rules a fresh turn plays exactly like the
    fresh sequence after a combination (the template only adds the pending points), so every start node
    has a twin and the start part need not be evaluated at all."""
    nodes = sorted(edges)
    group = {i: kinds[i] for i in nodes}
    count = len(set(group.values()))
    while True:
        signatures: dict[int, tuple[object, ...]] = {}
        for i in nodes:
            cs, ss, ps = edges[i]
            # Terminal rows (END, FAIL, SIX) stand for themselves; a decision's value is a max, so its
            # edges are a set, a chance node's a multiset (sorted).
            out = ((group[c] if c in group else -1 - c, s, p) for c, s, p in zip(cs, ss, ps, strict=True))
            signatures[i] = (group[i], tuple(sorted(set(out) if kinds[i] == DECISION else out)))
        ids: dict[tuple[object, ...], int] = {}
        group = {i: ids.setdefault(signatures[i], len(ids)) for i in nodes}
        if len(ids) == count:
            break
        count = len(ids)
    twin_of: dict[int, int] = {}
    for i in nodes:
        if i in loop_nodes:
            twin_of.setdefault(group[i], i)
    return {i: twin_of[group[i]] for i in nodes if i not in loop_nodes and group[i] in twin_of}


def _reachable(targets: list[int], compiled: Compiled) -> set[int]:
    """Non-terminal nodes reachable from the shift targets (by any edge)."""
    seen: set[int] = set()
    todo = list(targets)
    while todo:
        i = todo.pop()
        if i in seen or compiled.kinds[i] not in (CHANCE, DECISION):
            continue
        seen.add(i)
        todo.extend(compiled.chance[i][0] if compiled.kinds[i] == CHANCE else compiled.decision[i][1])
    return seen


def _part(
    nodes: list[int],
    kinds: list[int],
    edges: dict[int, tuple[list[int], list[int], list[float]]],
    factor: int,
    row_of: dict[int, int],
    fixed_from: int,
) -> Part:
    """``nodes`` (in ``compiled.order``: children first) as a ``Part``."""
    ptr = [0]
    children: list[int] = []
    shifts: list[int] = []
    probs: list[float] = []
    for i in nodes:
        cs, ss, ps = edges[i]
        children.extend(cs)
        shifts.extend(factor * s for s in ss)
        probs.extend(ps)
        ptr.append(len(children))
    return Part(
        parents=np.array([row_of[i] for i in nodes], dtype=np.intp),
        is_chance=np.array([kinds[i] == CHANCE for i in nodes], dtype=np.bool_),
        ptr=np.array(ptr, dtype=np.intp),
        children=np.array(children, dtype=np.intp),
        shifts=np.array(shifts, dtype=np.intp),
        probs=np.array(probs, dtype=np.float64),
        fixed_from=fixed_from,
    )


def buffer(lay: Layout, target: int, contexts: int) -> Array:
    """Room for a ``Role`` table of up to ``contexts`` contexts, reused diagonal after diagonal (stale values
    are never read: every column a context needs is written before it is read)."""
    return np.zeros(lay.rows * (target + 1) * max(1, contexts))


class Role:
    """One player's turn on one diagonal: table [rows, target + 1, contexts] over columns z; ``xs`` (the
    contexts' own scores) ascend. A context needs the columns from its own score up."""

    def __init__(self, lay: Layout, target: int, xs: Ints, room: Array | None = None) -> None:
        self.lay = lay
        self.t = target
        self.xs = np.ascontiguousarray(xs, dtype=np.intp)
        shape = (lay.rows, target + 1, len(xs))
        size = shape[0] * shape[1] * shape[2]
        # A contiguous table (the kernels' inner loops run over contexts) in the front of the room.
        self.table: Array = np.zeros(shape) if room is None else room[:size].reshape(shape)

    def top(self) -> Array:
        """The shift targets' values at the top column, [targets, contexts]: all the top column's sweeps
        start from (every other node there is computed from them), so they warm-start the next diagonals."""
        found: Array = self.table[self.lay.targets, self.t, :].copy()
        return found

    def set_top(self, values: Array) -> None:
        """Start the top column's sweeps from ``values`` (as ``top`` returns them)."""
        self.table[self.lay.targets, self.t, :] = values

    def set_terminals(self, end: Array, fail: Array, six: float, among: Ints | None = None) -> None:
        """``end[z, context]`` for z = 0..target (the value of banking to z), ``fail[context]``; ``among``:
        ``end`` holds more contexts, these are the table's (taken straight into it, no copy in between)."""
        if among is None:
            self.ends()[:] = end
        else:
            np.take(end, among, axis=1, out=self.ends())
        self.set_fixed(fail, six)

    def ends(self) -> Array:
        """The end values' row, [z, contexts] (a view: a caller may compute it in place)."""
        found: Array = self.table[self.lay.end_row]
        return found

    def set_fixed(self, fail: Array, six: float) -> None:
        """The values of scoring nothing (per context) and of six equal in one throw."""
        self.table[self.lay.fail_row, 0] = fail
        self.table[self.lay.six_row, 0] = six

    def value(self, node: int, z: int) -> Array:
        """Every context's value of a template node at column z (an END read from the end values)."""
        points = self.lay.end_nodes.get(node)
        if points is not None:
            found: Array = self.table[self.lay.end_row, min(z + points, self.t)].copy()
            return found
        fixed = self.lay.fixed_nodes.get(node)
        found = self.node(node)[z].copy() if fixed is None else self.table[fixed, 0].copy()
        return found

    def node(self, node: int) -> Array:
        """A non-terminal node's values, [columns, contexts] (a view of the table; a start node with a
        twin reads the twin's row)."""
        found: Array = self.table[self.lay.row_of[node]]
        return found

    def solve_loop(self, tolerance: float, every_column: bool = False) -> int:
        """The loop part on every needed column: the top column iterated, then the columns downwards.
        Returns the sweeps of the top column. ``every_column``: also the columns below a context's own
        score plus the loop offset (for a caller that reads a loop node there, like Pig's root).

        At the top column each shift target's value h is a fixed point h = G(h) of a convex, piecewise
        linear, increasing G (slope: the chance of coming back to it) per context; after two sweeps each
        sweep starts from the secant (Newton) step, so a handful of sweeps replace dozens of plain ones."""
        t, lay, n = self.t, self.lay, len(self.xs)
        if n == 0:
            return 0
        targets = lay.targets
        loop = lay.loop.arrays()
        sweeps = 0
        last: tuple[Array, Array] | None = None
        while sweeps < MAX_TOP_SWEEPS:
            sweeps += 1
            given = self.table[targets, t, :].copy()
            kernels.sweep_column(self.table, t, t, 0, n, *loop)
            found = self.table[targets, t, :].copy()
            # Every node of the top column is computed from the targets there: when they repeat, it is solved.
            if float(np.max(np.abs(found - given))) < tolerance:
                break
            if last is not None:
                dh = given - last[0]
                known = np.abs(dh) > 1e-13
                slope = np.clip(np.where(known, (found - last[1]) / np.where(known, dh, 1.0), 0.0), 0.0, 0.999)
                self.table[targets, t, :] = np.where(known, (found - slope * given) / (1.0 - slope), found)
            last = (given, found)
        offset = 0 if every_column else lay.loop_offset
        kernels.sweep_down(self.table, t, 0, t, self.xs + offset, *loop)
        return sweeps

    def solve_start_everywhere(self) -> None:
        """The start part on every column z = x .. target (every partner result, role 2)."""
        if len(self.lay.start.parents):
            kernels.sweep_down(self.table, self.t + 1, 0, self.t, self.xs, *self.lay.start.arrays())

    def start_at_own_score(self, root: int) -> Array:
        """The root's value at z = x (nothing in the side turn yet) for every context."""
        n = len(self.xs)
        if len(self.lay.start.parents):
            kernels.sweep_own_column(self.table, self.t, self.xs, *self.lay.start.arrays())
        found: Array = self.node(root)[self.xs, np.arange(n)].copy()
        return found


def solve(
    compiled: Compiled,
    root: int,
    target: int,
    roles: int,
    six_wins: bool = True,
    tolerance: float = 1e-10,
    progress: Callable[[int, int], None] | None = None,
) -> RaceSolution:
    """The race to ``target`` as ``race.solve`` defines it, two diagonals and one column at a time;
    ``progress(done, total)`` after each diagonal with the score pairs solved so far (of ``target``²)."""
    started = time.process_time()
    lay = layout(compiled)
    t = target
    v1 = np.zeros((t, t))
    v2 = np.zeros((t, t, t + 1)) if roles == 2 else None
    six = 1.0 if six_wins else 0.0
    iterations = 0
    root_in_loop = lay.row_of[root] < len(lay.loop.parents)  # the loop part's rows come first
    previous: tuple[Ints, Ints, Array, Array | None] | None = None
    slopes = np.zeros(1)
    step = diagonals_at_once(compiled)
    room2, room1 = buffer(lay, t, t * step), (buffer(lay, t, t * step) if roles == 2 else None)
    solved = 0
    for d in range(2 * t - 2, -1, -step):
        xs, ys = contexts(t, range(d, max(d - step, -1), -1))
        n = len(xs)
        cols = np.arange(n)
        second = Role(lay, t, xs, room2)
        first = Role(lay, t, xs, room1) if roles == 2 else None
        partner = partner_of(xs, ys, t)
        if previous is not None:
            # Warm start from the diagonals above (the same x, a point or two more for the other side;
            # the first context with that x is on the lower diagonal solved last): only the top column is
            # iterated; every other column is solved exactly in one pass.
            old_xs, old_ys, old_second, old_first = previous
            near = np.clip(np.searchsorted(old_xs, xs), 0, len(old_xs) - 1)
            second.set_top(old_second[:, near])
            if first is not None and old_first is not None:
                first.set_top(old_first[:, near])
            v1[xs, ys] = parallelogram(lambda x, y: v1[x, y], xs, ys, int(old_xs[0] + old_ys[0]), t)
            slopes = slopes[near]
        else:
            slopes = np.zeros(n)
        last: tuple[Array, Array] | None = None  # (value of scoring nothing, value found) of the last pass
        passes = 0
        while True:
            iterations += 1
            current = v1[xs, ys].copy()
            fail = 1.0 - current[partner]
            # Banking to z wins at z >= t, else the other side moves at (y, z).
            end2 = np.ones((t + 1, n))
            end2[:t] = 1.0 - v1[ys[None, :], np.arange(t)[:, None]]
            second.set_terminals(end2, fail, six)
            second.solve_loop(tolerance * 0.01, every_column=root_in_loop)
            if first is None:
                if root_in_loop:
                    found = second.node(root)[xs, cols].copy()
                else:
                    found = second.start_at_own_score(root)
            else:
                assert v2 is not None
                second.solve_start_everywhere()
                top = second.node(root)  # [z, contexts]
                r = np.minimum(xs[:, None] + np.arange(t + 1)[None, :], t)
                v2[xs, ys, :] = top[r, cols[:, None]]
                first.set_terminals(top, top[xs, cols], six)
                first.solve_loop(tolerance * 0.01)
                found = first.start_at_own_score(root)
            passes += 1
            if last is not None:
                slopes = slopes_from(last, (fail, found), slopes)
            last = (fail, found)
            delta = float(np.max(np.abs(found - current))) if n else 0.0
            if delta < tolerance or passes >= MAX_DIAGONAL_PASSES:
                v1[xs, ys] = found
                break
            v1[xs, ys] = newton(fail, found, slopes, partner)
        previous = (xs, ys, second.top(), None if first is None else first.top())
        solved += n
        if progress is not None:
            progress(solved, t * t)
    states = t * t * (1 + (t + 1 if roles == 2 else 0))
    return RaceSolution(t, roles, v1, v2, states, iterations, time.process_time() - started, six_wins)


def diagonals_at_once(compiled: Compiled) -> int:
    """How many diagonals are solved together: a turn that scores adds at least the smallest END's points,
    so a score pair reads only pairs that many diagonals higher, and its own diagonal (scoring nothing,
    KS-6); with two or more, two diagonals share every pass (twice the contexts per compiled sweep)."""
    smallest = min((v for v, kind in zip(compiled.values, compiled.kinds, strict=True) if kind == END), default=1)
    return 2 if smallest >= 2 else 1


def contexts(t: int, diagonals: range) -> tuple[Ints, Ints]:
    """The score pairs of the diagonals, by own score and then the other's (the sweeps need x ascending)."""
    pairs = [diagonal(t, d) for d in diagonals]
    xs = np.concatenate([x for x, _ in pairs])
    ys = np.concatenate([y for _, y in pairs])
    order = np.lexsort((ys, xs))
    return xs[order], ys[order]


def partner_of(xs: Ints, ys: Ints, t: int) -> Ints:
    """Index of the context (y, x) for each context (x, y) (contexts by x, then y, as ``contexts`` orders
    them)."""
    keys = xs * (t + 1) + ys
    return np.searchsorted(keys, ys * (t + 1) + xs).astype(np.intp)


def slopes_from(before: tuple[Array, Array], after: tuple[Array, Array], slopes: Array) -> Array:
    """Each context's slope of F (its value against the value of scoring nothing) from two passes; where
    that value did not move, the slope known before stays."""
    (c0, f0), (c1, f1) = before, after
    dc = c1 - c0
    known = np.abs(dc) > 1e-12
    found = np.where(known, (f1 - f0) / np.where(known, dc, 1.0), slopes)
    return np.clip(found, 0.0, 0.999)


def newton(fail: Array, found: Array, slopes: Array, partner: Ints) -> Array:
    """The next guess for the diagonal's values: each side's value is ``a = F(c)`` with ``c = 1 - a'`` (its
    partner's), F taken as linear with the known slope through the last pass; the pair's two linear
    equations solved together (exact once both sides keep their policy)."""
    alpha = found + slopes * (1.0 - fail)  # a = alpha - slope * a_partner
    guess: Array = (alpha - slopes * alpha[partner]) / (1.0 - slopes * slopes[partner])
    return guess


def parallelogram(value: Callable[[Ints, Ints], Array], xs: Ints, ys: Ints, known: int, t: int) -> Array:
    """A guess of the values at the pairs (x, y) from the solved diagonals ``known`` and up (``value(x, y)``
    reads them, one row per pair): with h the distance to them, v(x, y + h) + v(x + h, y) - v(x + h, y + h),
    a value's change with one side's score taken as the same a few points on. (With jokers at 150 the median
    error is 6e-5 for h = 1, against 9e-4 for the trend in one score alone; the closer the guess, the fewer
    kinks of the fixed point's function lie between it and the solution, and the fewer passes a pair needs.)
    At the edge (a score one short of the target) the nearest solved value."""
    h = known - (xs + ys)
    up_y, up_x = np.minimum(ys + h, t - 1), np.minimum(xs + h, t - 1)
    along_y, along_x, corner = value(xs, up_y), value(up_x, ys), value(up_x, up_y)
    shape = (-1,) + (1,) * (along_y.ndim - 1)
    y_up = (ys + h < t).reshape(shape)
    both = y_up & (xs + h < t).reshape(shape)
    found: Array = np.where(both, along_y + along_x - corner, np.where(y_up, along_y, along_x))
    return np.clip(found, 0.0, 1.0)


def chunks(n: int, most: int = CONTEXTS_PER_SWEEP) -> list[slice]:
    """``range(n)`` in slices of about equal size, none above ``most``."""
    count = -(-n // most)
    size = -(-n // max(count, 1))
    return [slice(lo, min(n, lo + size)) for lo in range(0, n, max(size, 1))]
