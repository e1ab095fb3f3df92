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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from stammtisch.sim import race_fast
from stammtisch.sim.games.kluempchen.game import SOLVER_VERSION, compiled_for, config_of, turn_options
from stammtisch.sim.race_fast import Layout, Role, buffer, layout, newton, parallelogram, slopes_from
from stammtisch.sim.sweep import Array

Kind = TypeVar("Kind", bound=np.generic)

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
    """The four turn kinds of a round: player 2 and player 1, plain and doubled (rooms reused)."""

    plain: Layout
    doubled: Layout
    rooms: dict[str, Array]


@dataclass(slots=True)
class _Block:
    """One stage (the mask pairs with this many jokers left) of one or two diagonals."""

    xs: NDArray[np.intp]
    ys: NDArray[np.intp]
    stage: int
    #: The diagonals' player 2 values over z by (own, other) masks, [t + 1, pairs]: filled stage by stage.
    v2: dict[tuple[int, int], Array]

    @property
    def masks(self) -> tuple[tuple[int, int], ...]:
        return STAGES[self.stage]

    @property
    def size(self) -> int:
        return len(self.xs) * len(self.masks)


def solve_jokers(
    options: Mapping[str, object] | None = None,
    target: int = 40,
    tolerance: float = 1e-10,
    progress: Callable[[int, int], None] | None = None,
) -> JokerSolution:
    """Solve the two-team race to ``target`` with both teams' jokers in the state (KS-4).

    Stage s of a pair of diagonals needs the stages below it on the same diagonals (a joker's turn leads
    there) and stage s of the diagonals above; so the diagonals go down as a wavefront: each round solves
    stage 0 of one pair of diagonals, stage 1 of the pair above it, ..., stage 4 of the pair four above,
    all in the same compiled sweeps (more contexts per sweep: the kernels' cost per edge and context is
    about a third lower at one or two thousand contexts than at a few hundred). ``progress(done, total)``
    after each round, with the contexts (score pairs times joker masks) solved so far."""
    started = time.process_time()
    chosen = turn_options(options)
    found = compiled_for(config_of(chosen))
    compiled, root = found.compiled, found.template.root
    t = target
    plain, doubled = layout(compiled, 1), layout(compiled, 2)
    # A fresh turn's first throw holds no pending points, so no combination leads back to it (it may be
    # read as its twin in the loop part, race_fast.twins, which is then solved on every column).
    assert root in plain.alias or plain.row_of[root] >= len(plain.loop.parents), "the turn's root is pending"
    step = race_fast.diagonals_at_once(compiled)
    pairs = [race_fast.contexts(t, range(d, max(d - step, -1), -1)) for d in range(2 * t - 2, -1, -step)]
    v2s: list[dict[tuple[int, int], Array]] = [{} for _ in pairs]
    rounds = [
        [_Block(*pairs[r - s], s, v2s[r - s]) for s in range(len(STAGES)) if 0 <= r - s < len(pairs)]
        for r in range(len(pairs) + len(STAGES) - 1)
    ]
    # Two tables' room: the doubled turns are solved (and their values copied out) before the plain ones.
    turns = _Turns(plain, doubled, {name: buffer(plain, t, race_fast.CONTEXTS_PER_SWEEP) for name in ("2", "1")})
    v1 = np.zeros((t, t, MASKS, MASKS))
    plain_v2 = np.zeros((t, t, t + 1))
    iterations = 0
    warm: dict[tuple[int, str], _Warm] = {}
    total, solved = sum(b.size for blocks in rounds for b in blocks), 0
    for r, blocks in enumerate(rounds):
        iterations += _round(turns, root, t, blocks, v1, warm, tolerance)
        solved += sum(b.size for b in blocks)
        if progress is not None:
            progress(solved, total)
        if r < len(pairs):  # stage 0 (no joker left) of pair r is solved
            xs, ys = pairs[r]
            z = np.minimum(xs[:, None] + np.arange(t + 1)[None, :], t)
            plain_v2[xs, ys, :] = v2s[r][(0, 0)][z, np.arange(len(xs))[:, None]]
        if r >= len(STAGES) - 1:
            v2s[r - len(STAGES) + 1].clear()  # its last stage is solved: nothing reads it any more
    states = t * t * MASKS * MASKS * (2 + t)
    return JokerSolution(chosen, t, v1, plain_v2, states, iterations, time.process_time() - started)


#: What a stage keeps for the next diagonals' warm start: their contexts' own and other scores, the shift
#: targets' top column per context, and the slopes of the last passes.
_Warm = tuple[NDArray[np.intp], NDArray[np.intp], Array, Array]


def _round(
    turns: _Turns,
    root: int,
    t: int,
    blocks: list[_Block],
    v1: Array,
    warm: dict[tuple[int, str], _Warm],
    tolerance: float,
) -> int:
    """The blocks of one round, together: every context (x, y, masks) of each; returns the passes.

    A block's contexts are (xs[i], masks[j]) in the order i * m + j; the round puts all blocks' contexts
    side by side and sorts them by x (the column sweeps need x ascending): ``order`` maps a sorted
    position to the side-by-side place, ``rank`` back."""
    offsets = np.cumsum([0] + [b.size for b in blocks])
    total = int(offsets[-1])

    cx = side_by_side([np.repeat(b.xs, len(b.masks)) for b in blocks])
    cy = side_by_side([np.repeat(b.ys, len(b.masks)) for b in blocks])
    own = side_by_side([np.tile(np.array([a for a, _ in b.masks]), len(b.xs)) for b in blocks])
    other = side_by_side([np.tile(np.array([o for _, o in b.masks]), len(b.xs)) for b in blocks])
    partner = side_by_side([_partners(b, t) + offsets[i] for i, b in enumerate(blocks)])
    order = np.argsort(cx, kind="stable")
    rank = np.empty(total, dtype=np.intp)
    rank[order] = np.arange(total)
    cx, cy, own, other, partner = cx[order], cy[order], own[order], other[order], rank[partner[order]]
    zs = np.arange(t)

    def mine(i: int) -> NDArray[np.intp]:
        """Block i's contexts' sorted positions, in its own order."""
        found: NDArray[np.intp] = rank[offsets[i] : offsets[i + 1]]
        return found

    def warm_top(name: str, lay: Layout) -> Array:
        """The shift targets' top column per context from the diagonals above (same stage, x and masks;
        zeros at first): the top column's iteration starts there."""
        tops = []
        for b in blocks:
            found = warm.get((b.stage, name))
            if found is None:
                tops.append(np.zeros((len(lay.targets), b.size)))
                continue
            old_xs, _, old_top, _ = found
            near = np.clip(np.searchsorted(old_xs, b.xs), 0, len(old_xs) - 1)
            m = len(b.masks)
            tops.append(old_top.reshape(old_top.shape[0], -1, m)[:, near, :].reshape(old_top.shape[0], -1))
        return side_by_side(tops)[:, order]

    def keep_top(name: str, tops: Array, slopes: Array | None = None) -> None:
        for i, b in enumerate(blocks):
            at = mine(i)
            warm[(b.stage, name)] = (b.xs, b.ys, tops[:, at], np.empty(0) if slopes is None else slopes[at])

    # The doubled turns end in states with fewer jokers: known, solved once, and only for the contexts
    # whose player holds that joker (a subset of the contexts is still in ascending x).
    second_doubled = np.full((t + 1, total), -1.0)
    tops = warm_top("2x", turns.doubled)
    subset = np.flatnonzero(own & P2)
    for part in race_fast.chunks(subset.size):
        sub = subset[part]
        role = Role(turns.doubled, t, cx[sub], turns.rooms["2"])
        role.set_top(tops[:, sub])
        sx, sy, so, after = cx[sub], cy[sub], other[sub], own[sub] & ~P2
        # Banking to z < t: the other team moves at (y, z), masks swapped; nothing: it moves at (y, x).
        end = role.ends()
        end[t] = 1.0
        np.subtract(1.0, v1[sy[None, :], zs[:, None], so[None, :], after[None, :]], out=end[:t])
        role.set_fixed(1.0 - v1[sy, sx, so, after], 1.0)
        role.solve_loop(tolerance * 0.01)
        role.solve_start_everywhere()
        second_doubled[:, sub] = role.node(root)
        tops[:, sub] = role.top()
    keep_top("2x", tops)
    first_doubled = np.full(total, -1.0)
    tops = warm_top("1x", turns.doubled)
    subset = np.flatnonzero(own & P1)
    if subset.size:
        # After player 1's joker player 2 moves with his team's mask less bit 1, solved in a lower stage.
        after_first = side_by_side(
            [
                np.stack(
                    [b.v2[(a & ~P1, o)] if a & P1 else np.zeros((t + 1, len(b.xs))) for a, o in b.masks], axis=2
                ).reshape(t + 1, b.size)
                for b in blocks
            ]
        )[:, order]
    for part in race_fast.chunks(subset.size):
        sub = subset[part]
        role = Role(turns.doubled, t, cx[sub], turns.rooms["1"])
        role.set_top(tops[:, sub])
        role.set_terminals(after_first, after_first[cx[sub], sub], 1.0, sub)
        role.solve_loop(tolerance * 0.01)
        first_doubled[sub] = role.start_at_own_score(root)
        tops[:, sub] = role.top()
    keep_top("1x", tops)

    # The plain turns' fixed point (KS-6) by Newton passes over the contexts not yet settled: a pair
    # (x, y, own, other) / (y, x, other, own) depends on no other context of the diagonal, so once both
    # its values repeat within the tolerance it is final and leaves the passes (about a third of the
    # work, the settled contexts being many after the second pass).
    warm2 = warm_top("2", turns.plain)
    warm1 = warm_top("1", turns.plain)
    guesses, slope_parts = [], []
    for b in blocks:
        before = warm.get((b.stage, "1"))
        n, m = len(b.xs), len(b.masks)
        if before is None:
            guesses.append(np.zeros(b.size))  # the top diagonals: nothing solved above to start from
            slope_parts.append(np.zeros(b.size))
            continue
        # Warm start from the diagonals above: the values by the parallelogram of solved pairs nearby, the
        # slopes from the same x and masks with the other team a point or two higher (the first context
        # with that x is on the lower of the diagonals solved last).
        old_xs, old_ys, _, old_slopes = before
        near = np.clip(np.searchsorted(old_xs, b.xs), 0, len(old_xs) - 1)
        o = np.tile(np.array([a for a, _ in b.masks]), (n, 1))
        p = np.tile(np.array([c for _, c in b.masks]), (n, 1))
        known = int(old_xs[0] + old_ys[0])
        values = _reader(v1, o, p)
        guesses.append(parallelogram(values, b.xs, b.ys, known, t).ravel())
        slope_parts.append(old_slopes.reshape(-1, m)[near].ravel())
    v1[cx, cy, own, other] = side_by_side(guesses)[order]
    slopes = side_by_side(slope_parts)[order]
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
        current = v1[ax, ay, aown, aother].copy()
        fail = 1.0 - current[pair]
        found = np.empty(k)
        for part in race_fast.chunks(k):
            at = active[part]
            second = Role(turns.plain, t, cx[at], turns.rooms["2"])
            first = Role(turns.plain, t, cx[at], turns.rooms["1"])
            second.set_top(warm2[:, at])
            first.set_top(warm1[:, at])
            second.set_terminals(end2, fail[part], 1.0, at)
            second.solve_loop(tolerance * 0.01)
            second.solve_start_everywhere()
            # K-10.3: joker or not, before the turn; player 1's ends are player 2's values, made in place.
            top = first.ends()
            np.maximum(second.node(root), second_doubled[:, at], out=top)
            first.set_fixed(top[cx[at], np.arange(len(at))], 1.0)
            first.solve_loop(tolerance * 0.01)
            found[part] = np.maximum(first.start_at_own_score(root), first_doubled[at])
            top_all[:, at] = top
            warm2[:, at] = second.top()
            warm1[:, at] = first.top()
        if passes > 1:
            slopes[active] = slopes_from((last_fail[active], last_found[active]), (fail, found), slopes[active])
        last_fail[active], last_found[active] = fail, found
        moving = np.abs(found - current) >= tolerance
        moving |= moving[pair]
        if not moving.any() or passes >= race_fast.MAX_DIAGONAL_PASSES:
            v1[ax, ay, aown, aother] = found
            break
        settled = ~moving
        v1[ax[settled], ay[settled], aown[settled], aother[settled]] = found[settled]
        step = newton(fail, found, slopes[active], pair)
        v1[ax[moving], ay[moving], aown[moving], aother[moving]] = step[moving]
        active = active[moving]
    for i, b in enumerate(blocks):
        at, m = mine(i), len(b.masks)
        for j, mk in enumerate(b.masks):
            b.v2[mk] = top_all[:, at[j::m]]
    keep_top("2", warm2)
    keep_top("1", warm1, slopes)
    return passes


def _partners(block: _Block, t: int) -> NDArray[np.intp]:
    """For each context (x, y, own, other) of a block, the place of (y, x, other, own) in it."""
    m = len(block.masks)
    index = {mk: j for j, mk in enumerate(block.masks)}
    partner_i = race_fast.partner_of(block.xs, block.ys, t)
    found: NDArray[np.intp] = (
        partner_i[:, None] * m + np.array([index[(b, a)] for a, b in block.masks])[None, :]
    ).ravel()
    return found


def side_by_side(per_block: Sequence[NDArray[Kind]]) -> NDArray[Kind]:
    """The blocks' arrays joined along their last axis (contexts)."""
    return np.concatenate(per_block, axis=-1)


def _reader(v1: Array, own: Array, other: Array) -> Callable[[NDArray[np.intp], NDArray[np.intp]], Array]:
    """v1 at pairs (x, y), one row per pair, for the given masks ([pairs, masks] each)."""

    def read(x: NDArray[np.intp], y: NDArray[np.intp]) -> Array:
        found: Array = v1[x[:, None], y[:, None], own, other]
        return found

    return read
