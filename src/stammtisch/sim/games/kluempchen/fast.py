"""The fast Klümpchen simulator: many player turns at once over the folded turn's flat tables.

``play_turns`` runs the compiled kernel (``kernel.py``: one turn at a time, no array temporaries);
``play_turns_lanes`` is the readable NumPy form it is proved equal to (the same turns on the same keys).
In the lanes, every lane is one player turn: its template node (``template.py``, built from the reference engine's
own turn functions), its pending points and its Straßen. One *step* advances every live lane by one
node: a chance node draws its outcome from the exact distribution (one uniform number against the
node's cumulative probabilities), a decision node asks the policy. A step of one lane is what one
``act`` or ``resolve`` of the engine is, so steps/s compare with the engine's and OpenSpiel's.

Policies: ``optimal`` (the exact expected-points policy, ``points.py``), ``random`` (uniform over the
legal choices) and ``heuristic`` (the rules of thumb of ``bots/games/kluempchen.py``: keep the pair worth
most as a triple, 15 Voll* b, take the 3rd throw only with nothing countable or points awaiting
confirmation). The simulator is checked against the reference engine by statistics
(``tests/sim/test_ks7_fast_simulator.py``), never used as the authority.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from stammtisch.games.kluempchen.model import CONTINUE, PAIR, VOLL, Config
from stammtisch.games.kluempchen.scoring import base, clump_value
from stammtisch.sim.crn import uniforms
from stammtisch.sim.games.kluempchen.points import CAP, solve_points
from stammtisch.sim.games.kluempchen.template import CHANCE, DECISION, END, FAIL, SIX, build  # noqa: F401

POLICIES = ("optimal", "heuristic", "random")


@dataclass(frozen=True, slots=True)
class TurnBatch:
    """The results of ``n`` simulated turns: points (before the joker), six equal in one throw,
    Straßen thrown, and the steps taken in all."""

    points: NDArray[np.int64]
    six: NDArray[np.bool_]
    strassen: NDArray[np.int64]
    steps: int


@dataclass(slots=True)
class Tables:
    kinds: NDArray[np.int8]
    end_value: NDArray[np.int64]
    cum: NDArray[np.float64]  # [nodes, edges] cumulative probabilities, padded with 2.0
    child: NDArray[np.int64]
    shift: NDArray[np.int64]
    strassen: NDArray[np.int64]
    dchild: NDArray[np.int64]  # [nodes, choices]
    dshift: NDArray[np.int64]
    dcount: NDArray[np.int64]
    optimal: NDArray[np.int64]  # [nodes, CAP + 1]: the expected-points choice
    heuristic: NDArray[np.int64]  # [nodes]: the rule-of-thumb choice
    root: int
    guide: NDArray[np.int64]  # [nodes, edges]: where a chance draw's search starts (kernel.guide_table)

    def kernel_args(self) -> list[Any]:
        """The tables in the order the kernels (``kernel.py``) take them."""
        return [
            self.kinds, self.end_value, self.cum, self.guide, self.child, self.shift, self.strassen, self.dchild,
            self.dshift, self.dcount, self.optimal, self.heuristic, self.root,
        ]  # fmt: skip


def guide_table(cum: NDArray[np.float64]) -> NDArray[np.int64]:
    """``guide[i, g]``: the number of node i's cumulative probabilities below ``g / G`` (G = the width)."""
    width = cum.shape[1]
    cells = np.arange(width) / width
    return np.stack([np.searchsorted(row, cells, side="left") for row in cum]).astype(np.int64)


@lru_cache(maxsize=8)
def tables(config: Config) -> Tables:
    """The template as flat arrays, with the policies' choices (cached per house rules)."""
    template = build(config)
    nodes = template.nodes
    k = len(nodes)
    width = max((len(n.edges) for n in nodes), default=1)
    dwidth = max((len(n.choices) for n in nodes), default=1)
    cum = np.full((k, width), 2.0)
    child = np.zeros((k, width), dtype=np.int64)
    shift = np.zeros((k, width), dtype=np.int64)
    strassen = np.zeros((k, width), dtype=np.int64)
    dchild = np.zeros((k, dwidth), dtype=np.int64)
    dshift = np.zeros((k, dwidth), dtype=np.int64)
    dcount = np.zeros(k, dtype=np.int64)
    heuristic = np.zeros(k, dtype=np.int64)
    optimal = np.zeros((k, CAP + 1), dtype=np.int64)
    points = solve_points(config)
    for i, node in enumerate(nodes):
        if node.kind == CHANCE:
            probs = np.array([float(p) for _, _, p, _ in node.edges])
            cum[i, : len(probs)] = np.cumsum(probs)
            cum[i, len(probs) - 1] = 2.0  # rounding never lets a draw fall off the end
            for j, (c, s, _, st) in enumerate(node.edges):
                child[i, j], shift[i, j], strassen[i, j] = c, s, st
        elif node.kind == DECISION:
            dcount[i] = len(node.choices)
            for j, (_, c, s) in enumerate(node.choices):
                dchild[i, j], dshift[i, j] = c, s
            heuristic[i] = _heuristic(node.turn, [label for label, _, _ in node.choices])
            values = np.stack([v[0] for _, v in points.sweeper.choice_values(i, points.ends)])
            optimal[i] = np.argmax(values, axis=0)
    kinds = np.array([n.kind for n in nodes], dtype=np.int8)
    end_value = np.array([n.value for n in nodes], dtype=np.int64)
    return Tables(
        kinds,
        end_value,
        cum,
        child,
        shift,
        strassen,
        dchild,
        dshift,
        dcount,
        optimal,
        heuristic,
        template.root,
        guide_table(cum),
    )


def _heuristic(turn: object, labels: list[str]) -> int:
    """bots/games/kluempchen.py's rules of thumb on a template decision."""
    from stammtisch.games.kluempchen.model import PlayerTurn

    assert isinstance(turn, PlayerTurn)
    if turn.step == PAIR:
        faces = [int(label.split()[1]) for label in labels]
        return max(range(len(faces)), key=lambda j: (base(faces[j]), faces[j]))
    if turn.step == VOLL:
        return labels.index("voll b")
    if turn.step == CONTINUE and "throw" in labels:
        nothing = turn.awaiting or clump_value(turn.kept) == 0
        return labels.index("throw") if nothing else labels.index("stop")
    return 0


def play_turns(
    n: int,
    rng: np.random.Generator | None,
    policy: str = "optimal",
    config: Config | None = None,
    keys: NDArray[np.uint64] | None = None,
) -> TurnBatch:
    """Simulate ``n`` independent player turns from their first throw (the compiled kernel).

    Each turn draws its k-th step's number from its own keyed stream (``sim.crn``): ``keys`` (one per
    turn, ``sim.crn.key``) or, without them, keys drawn from ``rng``. The turns are exactly those of
    ``play_turns_lanes`` on the same keys."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; one of {', '.join(POLICIES)}")
    if keys is None:
        if rng is None:
            raise ValueError("play_turns needs an rng or keys")
        keys = rng.integers(0, np.iinfo(np.uint64).max, n, dtype=np.uint64, endpoint=True)
    from stammtisch.sim.games.kluempchen import kernel  # Numba: loaded only when turns are played

    t = tables(config or Config())
    points = np.zeros(n, dtype=np.int64)
    six = np.zeros(n, dtype=np.bool_)
    strassen = np.zeros(n, dtype=np.int64)
    steps = kernel.play_turns(*t.kernel_args(), *[POLICIES.index(policy), keys[:n], points, six, strassen])
    return TurnBatch(points, six, strassen, int(steps))


def play_turns_lanes(
    n: int,
    rng: np.random.Generator | None,
    policy: str = "optimal",
    config: Config | None = None,
    keys: NDArray[np.uint64] | None = None,
) -> TurnBatch:
    """Simulate ``n`` independent player turns from their first throw.

    Uniform numbers come from ``rng``, or, with ``keys`` (one per turn, ``sim.crn.key``), from each turn's
    own keyed stream: its k-th step takes the k-th number of its stream, so a turn's dice do not depend
    on the other turns of the batch (common random numbers for the lab, LAB-1/KS-7)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; one of {', '.join(POLICIES)}")
    t = tables(config or Config())
    node = np.full(n, t.root, dtype=np.int64)
    pending = np.zeros(n, dtype=np.int64)
    strassen = np.zeros(n, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    six = np.zeros(n, dtype=np.bool_)
    live = np.arange(n)
    steps = 0
    if keys is None and rng is None:
        raise ValueError("play_turns needs an rng or keys")
    counter = 0
    while live.size:
        steps += live.size
        here = node[live]
        kind = t.kinds[here]
        if keys is not None:
            u = uniforms(keys[live], counter)
            counter += 1
        else:
            assert rng is not None
            u = rng.random(live.size)
        is_chance = kind == CHANCE
        nxt = np.empty(live.size, dtype=np.int64)
        add = np.zeros(live.size, dtype=np.int64)
        if is_chance.any():
            lanes = here[is_chance]
            j = (t.cum[lanes] < u[is_chance, None]).sum(axis=1)
            nxt[is_chance] = t.child[lanes, j]
            add[is_chance] = t.shift[lanes, j]
            strassen[live[is_chance]] += t.strassen[lanes, j]
        deciding = ~is_chance
        if deciding.any():
            lanes = here[deciding]
            if policy == "optimal":
                j = t.optimal[lanes, np.minimum(pending[live[deciding]], CAP)]
            elif policy == "heuristic":
                j = t.heuristic[lanes]
            else:
                j = np.minimum((u[deciding] * t.dcount[lanes]).astype(np.int64), t.dcount[lanes] - 1)
            nxt[deciding] = t.dchild[lanes, j]
            add[deciding] = t.dshift[lanes, j]
        pending[live] += add
        node[live] = nxt
        nkind = t.kinds[nxt]
        ended = (nkind == END) | (nkind == FAIL) | (nkind == SIX)
        if ended.any():
            done = live[ended]
            ek = nkind[ended]
            points[done] = np.where(ek == END, pending[done] + t.end_value[nxt[ended]], 0)
            six[done] = ek == SIX
        live = live[~ended]
    return TurnBatch(points, six, strassen, steps)
