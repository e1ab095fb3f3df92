"""Optimal play of a two-sided dice race to a target: retrograde analysis with value iteration.

The same machinery solves Pig (``sim/pig.py``, one player per side) and Klümpchen (two teams, each
joint turn made of player 1's and player 2's turns, K-5.1). ``V1[x, y]`` is the probability that the
side to move, with ``x`` points against ``y``, wins when its (first) player is about to throw;
``V2[x, y, r]`` the same when its second player is about to throw and the partner put up ``r``.

Score pairs are solved by descending diagonals ``x + y`` (a scoring turn only moves to a later
diagonal); on one diagonal, a turn that scores nothing hands the same pair to the other side, so the
diagonal's values are a fixed point, found by repeating sweeps over the turn template until nothing
changes by more than ``tolerance`` (value iteration, as Neller and Presser solve Pig). The turn is
played optimally *for the probability of winning* at every node: each decision takes the choice with
the higher win probability given the score pair (ruling KS-1).

This is the readable reference: the brute-force tests check it, and ``race_fast.py`` (what the game
solves use) solves the same equations column block by column block, checked against it on small targets.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from stammtisch.sim.sweep import Array, Compiled, Ends, Sweeper


@dataclass(slots=True)
class RaceSolution:
    """Win probabilities for every score pair (and, with two roles, every partner result)."""

    target: int
    roles: int
    v1: Array  # [target, target]
    v2: NDArray[np.float64] | None  # [target, target, target + 1]
    states: int
    iterations: int
    seconds: float
    six_wins: bool = True
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def start(self) -> float:
        """The starting side's win probability under optimal play from 0:0."""
        return float(self.v1[0, 0])


def diagonal(target: int, d: int) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """The score pairs (x, y) with x + y = d below ``target``, x ascending."""
    lo = max(0, d - (target - 1))
    hi = min(d, target - 1)
    xs = np.arange(lo, hi + 1)
    return xs, d - xs


def solve(
    compiled: Compiled,
    root: int,
    target: int,
    roles: int,
    six_wins: bool = True,
    tolerance: float = 1e-12,
    blocked: bool = False,
) -> RaceSolution:
    """Solve the race to ``target`` with ``roles`` player turns per side turn (1: Pig, 2: Klümpchen)."""
    started = time.perf_counter()
    t = target
    v1 = np.zeros((t, t))
    v2 = np.zeros((t, t, t + 1)) if roles == 2 else None
    columns = t + 1  # column s: points already in this side turn; the last means "target or more"
    iterations = 0
    six = np.ones((1, 1)) if six_wins else np.zeros((1, 1))
    previous: tuple[NDArray[np.intp], Sweeper, Sweeper | None] | None = None
    for d in range(2 * t - 2, -1, -1):
        xs, ys = diagonal(t, d)
        n = len(xs)
        second = Sweeper(compiled, n, columns, blocked=blocked)
        first = Sweeper(compiled, n, columns, blocked=blocked) if roles == 2 else None
        if previous is not None:
            # Warm start from the diagonal above (the same x, one point more for the other side):
            # neighbouring score pairs have close values, so few sweeps remain.
            old_xs, old_second, old_first = previous
            near = np.clip(np.searchsorted(old_xs, xs), 0, len(old_xs) - 1)
            second.table[:] = old_second.table[:, near, :]
            if first is not None and old_first is not None:
                first.table[:] = old_first.table[:, near, :]
            v1[xs, ys] = v1[old_xs[near], d + 1 - old_xs[near]]
        previous = (xs, second, first)

        iterations += _diagonal_fixed_point(compiled, root, t, roles, xs, ys, v1, v2, second, first, six, tolerance)
    states = t * t * (1 + (t + 1 if roles == 2 else 0))
    return RaceSolution(t, roles, v1, v2, states, iterations, time.perf_counter() - started, six_wins)


def _diagonal_fixed_point(
    compiled: Compiled,
    root: int,
    t: int,
    roles: int,
    xs: NDArray[np.intp],
    ys: NDArray[np.intp],
    v1: Array,
    v2: NDArray[np.float64] | None,
    second: Sweeper,
    first: Sweeper | None,
    six: Array,
    tolerance: float,
) -> int:
    """Sweep one diagonal until its values stop changing; returns the number of iterations."""
    n = len(xs)
    s = np.arange(t + 1)[None, :]
    rows = np.arange(n)[None, :, None]

    def second_end(values: NDArray[np.int64]) -> Array:
        """The mover's win probability after its side turn gained s + x: [ends, n, columns]."""
        total = xs[None, :, None] + s[None, :, :] + values[:, None, None]
        safe = np.minimum(total, t - 1).astype(np.intp)
        return np.where(total >= t, 1.0, 1.0 - v1[ys[None, :, None], safe])

    iterations = 0
    while True:
        iterations += 1
        # Nothing scored: the other side moves at the same pair (this diagonal's current values).
        # Every end is refreshed: a gain of 0 (Pig's hold on nothing) reads this diagonal too.
        second.set_ends(Ends(second_end, (1.0 - v1[ys, xs])[:, None], six))
        change = second.sweep()
        top = second.values[root]
        if roles == 2:
            assert first is not None and v2 is not None
            v2[xs, ys, :] = top
            partner = top.copy()  # [n, columns]: V2 at the partner's result r = column

            def first_end(values: NDArray[np.int64], partner: Array = partner) -> Array:
                idx = np.minimum(s[None, :, :] + values[:, None, None], t)
                found: Array = partner[rows, idx]
                return found

            first.set_ends(Ends(first_end, partner[:, :1], six))
            change = max(change, first.sweep())
            new = first.values[root][:, 0].copy()
        else:
            new = top[:, 0].copy()
        delta = float(np.max(np.abs(new - v1[xs, ys]))) if n else 0.0
        v1[xs, ys] = new
        if max(delta, change) < tolerance:
            return iterations
