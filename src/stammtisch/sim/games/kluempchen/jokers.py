"""KS-4: Klümpchen for two teams with the jokers in the state.

Each player has one joker per round (K-10.1), announced before his turn (K-10.3, KA-15) and doubling that
turn's result (K-10.4); it is used up even when the turn ends with 0 (KA-15). With the team order fixed
(KA-16, ``team_internal_order = fixed``) a team's jokers are a mask: bit 1 its player 1's joker is left,
bit 2 its player 2's. ``v1[x, y, own, other]`` is the win probability of the team to move, its player 1
about to announce or throw, holding x against y with the masks ``own`` and ``other``.

Solved like the joker-free game (``sim/race_fast.py``) diagonal by diagonal, and on each diagonal by the
jokers left: a turn with a joker leads to a state with fewer jokers, solved before; only turns without a
joker hand the same pair and masks to the other team, so the fixed point couples (x, y, own, other) with
(y, x, other, own) as in KS-6. Each joker choice is the better of two turns: the doubled turn (once per
diagonal, its ends all known) and the plain one (in the Newton passes).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from stammtisch.sim import race_fast
from stammtisch.sim.games.kluempchen.game import SOLVER_VERSION, compiled_for, config_of, turn_options
from stammtisch.sim.race_fast import Layout, Role, buffer, layout, newton, parallelogram, slopes_from
from stammtisch.sim.sweep import Array

P1, P2 = 1, 2  # mask bits: player 1's joker, player 2's joker
MASKS = 4
ALL = P1 | P2


def _bits(mask: int) -> int:
    return (mask & P1) + (mask >> 1)


#: The (own, other) masks by how many jokers are left in all (a stage is solved after the ones below it).
STAGES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((own, other) for own in range(MASKS) for other in range(MASKS) if _bits(own) + _bits(other) == total)
    for total in range(5)
)


@dataclass(slots=True)
class JokerSolution:
    """``v1[x, y, own, other]`` for every score pair and both teams' jokers left."""

    options: dict[str, Any]
    target: int
    v1: NDArray[np.float64]
    #: ``v2[x, y, r]`` with no joker left on either side (the joker-free game's, for the advice).
    v2: NDArray[np.float64]
    states: int
    iterations: int
    seconds: float

    @property
    def start(self) -> float:
        """The starting team's win probability under optimal play from 0:0, all four jokers left."""
        return float(self.v1[0, 0, ALL, ALL])

    def summary(self) -> dict[str, Any]:
        return {
            "game": "kluempchen",
            "target": self.target,
            "options": self.options,
            "jokers": True,
            "start_win_probability": self.start,
            "states": self.states,
            "iterations": self.iterations,
            "solve_seconds": round(self.seconds, 3),
            "solver_version": SOLVER_VERSION,
        }


@dataclass(slots=True)
class _Turns:
    """The four turn kinds of a stage: player 2 and player 1, plain and doubled (rooms reused)."""

    plain: Layout
    doubled: Layout
    rooms: dict[str, Array]


def solve_jokers(
    options: Mapping[str, object] | None = None, target: int = 40, tolerance: float = 1e-10
) -> JokerSolution:
    """Solve the two-team race to ``target`` with both teams' jokers in the state (KS-4)."""
    started = time.process_time()
    chosen = turn_options(options)
    found = compiled_for(config_of(chosen))
    compiled, root = found.compiled, found.template.root
    t = target
    plain, doubled = layout(compiled, 1), layout(compiled, 2)
    # A fresh turn's first throw holds no pending points, so no combination leads back to it (it may be
    # read as its twin in the loop part, race_fast.twins, which is then solved on every column).
    assert root not in set(plain.loop.parents.tolist()), "the turn's root is a pending node"
    step = race_fast.diagonals_at_once(compiled)
    widest = max(len(s) for s in STAGES) * t * step
    turns = _Turns(plain, doubled, {name: buffer(plain, t, widest) for name in ("2", "1", "2x", "1x")})
    v1 = np.zeros((t, t, MASKS, MASKS))
    plain_v2 = np.zeros((t, t, t + 1))
    iterations = 0
    warm: dict[tuple[int, str], _Warm] = {}
    for d in range(2 * t - 2, -1, -step):
        xs, ys = race_fast.contexts(t, range(d, max(d - step, -1), -1))
        v2: dict[tuple[int, int], Array] = {}  # (own, other) -> player 2's values over z, [t + 1, n]
        for stage, masks in enumerate(STAGES):
            iterations += _stage(turns, root, t, xs, ys, masks, stage, v1, v2, warm, tolerance)
        r = np.minimum(xs[:, None] + np.arange(t + 1)[None, :], t)
        plain_v2[xs, ys, :] = v2[(0, 0)][r, np.arange(len(xs))[:, None]]
    states = t * t * MASKS * MASKS * (2 + t)
    return JokerSolution(chosen, t, v1, plain_v2, states, iterations, time.process_time() - started)


#: What a stage keeps for the next diagonals' warm start: their contexts' own and other scores, the shift
#: targets' top column per context, and the slopes of the last passes.
_Warm = tuple[NDArray[np.intp], NDArray[np.intp], Array, Array]


def _stage(
    turns: _Turns,
    root: int,
    t: int,
    xs: NDArray[np.intp],
    ys: NDArray[np.intp],
    masks: tuple[tuple[int, int], ...],
    stage: int,
    v1: Array,
    v2: dict[tuple[int, int], Array],
    warm: dict[tuple[int, str], _Warm],
    tolerance: float,
) -> int:
    """One stage of one or two diagonals: every context (x, y, masks) with this many jokers left; returns
    the passes."""
    n, m = len(xs), len(masks)
    # Contexts go by ascending x (the column sweeps need it): context i * m + j is (xs[i], masks[j]).
    cx, cy = np.repeat(xs, m), np.repeat(ys, m)
    own = np.tile(np.array([a for a, _ in masks]), n)
    other = np.tile(np.array([b for _, b in masks]), n)
    index = {mk: j for j, mk in enumerate(masks)}
    partner_i = race_fast.partner_of(xs, ys, t)
    partner = (partner_i[:, None] * m + np.array([index[(b, a)] for a, b in masks])[None, :]).ravel()
    zs = np.arange(t)
    total = n * m

    def warm_top(name: str, lay: Layout) -> Array:
        """The shift targets' top column per context from the diagonals above (same x and masks; zeros
        at first): the top column's iteration starts there."""
        found = warm.get((stage, name))
        if found is None:
            return np.zeros((len(lay.targets), total))
        old_xs, _, old_top, _ = found
        near = np.clip(np.searchsorted(old_xs, xs), 0, len(old_xs) - 1)
        return old_top.reshape(old_top.shape[0], -1, m)[:, near, :].reshape(old_top.shape[0], -1)

    # The doubled turns end in states with fewer jokers: known, solved once, and only for the contexts
    # whose player holds that joker (a subset of the contexts is still in ascending x).
    second_doubled = np.full((t + 1, total), -1.0)
    sub = np.flatnonzero(own & P2)
    if sub.size:
        tops = warm_top("2x", turns.doubled)
        role = Role(turns.doubled, t, cx[sub], turns.rooms["2x"])
        role.set_top(tops[:, sub])
        sx, sy, so, after = cx[sub], cy[sub], other[sub], own[sub] & ~P2
        # Banking to z < t: the other team moves at (y, z), masks swapped; nothing: it moves at (y, x).
        end = np.ones((t + 1, sub.size))
        end[:t] = 1.0 - v1[sy[None, :], zs[:, None], so[None, :], after[None, :]]
        role.set_terminals(end, 1.0 - v1[sy, sx, so, after], 1.0)
        role.solve_loop(tolerance * 0.01)
        role.solve_start_everywhere()
        second_doubled[:, sub] = role.node(root)
        tops[:, sub] = role.top()
        warm[(stage, "2x")] = (xs, ys, tops, np.empty(0))
    first_doubled = np.full(total, -1.0)
    sub = np.flatnonzero(own & P1)
    if sub.size:
        tops = warm_top("1x", turns.doubled)
        role = Role(turns.doubled, t, cx[sub], turns.rooms["1x"])
        role.set_top(tops[:, sub])
        # After player 1's joker player 2 moves with his team's mask less bit 1, solved in a lower stage.
        top = np.stack([v2[(a & ~P1, b)] if a & P1 else np.zeros((t + 1, n)) for a, b in masks], axis=2)
        top = top.reshape(t + 1, total)[:, sub]
        role.set_terminals(top, top[cx[sub], np.arange(sub.size)], 1.0)
        role.solve_loop(tolerance * 0.01)
        first_doubled[sub] = role.start_at_own_score(root)
        tops[:, sub] = role.top()
        warm[(stage, "1x")] = (xs, ys, tops, np.empty(0))

    # The plain turns' fixed point (KS-6) by Newton passes over the contexts not yet settled: a pair
    # (x, y, own, other) / (y, x, other, own) depends on no other context of the diagonal, so once both
    # its values repeat within the tolerance it is final and leaves the passes (about a third of the
    # work, the settled contexts being many after the second pass).
    warm2 = warm_top("2", turns.plain)
    warm1 = warm_top("1", turns.plain)
    slopes = np.zeros(total)
    before = warm.get((stage, "1"))
    if before is not None:
        # Warm start from the diagonals above: the values by the parallelogram of solved pairs nearby, the
        # slopes from the same x and masks with the other team a point or two higher (the first context
        # with that x is on the lower of the diagonals solved last).
        old_xs, old_ys, _, old_slopes = before
        near = np.clip(np.searchsorted(old_xs, xs), 0, len(old_xs) - 1)
        o, p = own.reshape(n, m), other.reshape(n, m)
        guess = parallelogram(lambda x, y: v1[x[:, None], y[:, None], o, p], xs, ys, int(old_xs[0] + old_ys[0]), t)
        v1[cx, cy, own, other] = guess.ravel()
        slopes = old_slopes.reshape(-1, m)[near].ravel()
    top_all = np.empty((t + 1, total))
    # Player 2's ends read only solved diagonals: the same in every pass.
    end2 = np.ones((t + 1, total))
    end2[:t] = 1.0 - v1[cy[None, :], zs[:, None], other[None, :], own[None, :]]
    last_fail, last_found = np.zeros(total), np.zeros(total)
    active = np.arange(total)
    passes = 0
    while True:
        passes += 1
        k = len(active)
        ax, ay, aown, aother = cx[active], cy[active], own[active], other[active]
        pair = np.searchsorted(active, partner[active])  # the partner's place among the active contexts
        second = Role(turns.plain, t, ax, turns.rooms["2"])
        first = Role(turns.plain, t, ax, turns.rooms["1"])
        second.set_top(warm2[:, active])
        first.set_top(warm1[:, active])
        current = v1[ax, ay, aown, aother].copy()
        everyone = k == total
        fail = 1.0 - current[pair]
        second.set_terminals(end2, fail, 1.0, None if everyone else active)
        second.solve_loop(tolerance * 0.01)
        second.solve_start_everywhere()
        # K-10.3: joker or not, before the turn; player 1's ends are player 2's values, computed in place.
        top = first.ends()
        np.maximum(second.node(root), second_doubled if everyone else second_doubled[:, active], out=top)
        first.set_fixed(top[ax, np.arange(k)], 1.0)
        first.solve_loop(tolerance * 0.01)
        found = np.maximum(first.start_at_own_score(root), first_doubled[active])
        if passes > 1:
            slopes[active] = slopes_from((last_fail[active], last_found[active]), (fail, found), slopes[active])
        last_fail[active], last_found[active] = fail, found
        warm2[:, active] = second.top()
        warm1[:, active] = first.top()
        moving = np.abs(found - current) >= tolerance
        moving |= moving[pair]
        if not moving.any() or passes >= race_fast.MAX_DIAGONAL_PASSES:
            v1[ax, ay, aown, aother] = found
            top_all[:, active] = top
            break
        settled = ~moving
        top_all[:, active[settled]] = top[:, settled]
        v1[ax[settled], ay[settled], aown[settled], aother[settled]] = found[settled]
        step = newton(fail, found, slopes[active], pair)
        v1[ax[moving], ay[moving], aown[moving], aother[moving]] = step[moving]
        active = active[moving]
    for j, mk in enumerate(masks):
        v2[mk] = top_all[:, j::m].copy()
    warm[(stage, "2")] = (xs, ys, warm2, np.empty(0))
    warm[(stage, "1")] = (xs, ys, warm1, slopes)
    return passes
