"""The fast Klümpchen simulator compiled (Numba): one turn, and whole lab rounds, walked lane by lane.

``fast.py``'s NumPy lanes advance every live turn one node per step with array temporaries (a gather, a
comparison over every chance edge, masks) and stay the readable reference; these loops walk one turn
from its first throw to its end over the same flat tables, with no temporaries, and draw each step's
number from the turn's keyed stream (``sim.streams``). A chance step finds its edge through a *guide
table* (``fast.guide_table``: ``guide[node, floor(u * G)]`` is the first edge whose cumulative probability reaches that
cell's lower end, so the search starts at most a cell's worth of edges before the answer): the edge
found is exactly the one the lanes' ``(cum < u).sum()`` picks, so kernel and lanes give identical turns
on the same keys (``tests/sim/test_lab6_compiled_simulators.py``).

``play_rounds`` is the lab's round loop (``lab.play_rounds_lanes``) in one pass per round: each round
depends only on its index and the seed (LAB-1), so any split of the rounds over processes gives the same
rounds.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from stammtisch.sim.games.kluempchen.points import CAP
from stammtisch.sim.games.kluempchen.template import CHANCE, END, FAIL, SIX
from stammtisch.sim.streams import extend, uniform

#: Policy codes of the kernels, in ``fast.POLICIES`` order.
OPTIMAL, HEURISTIC, RANDOM = 0, 1, 2

Ints = NDArray[np.int64]


@njit(cache=True, nogil=True)
def turn(
    kinds: NDArray[np.int8],
    end_value: Ints,
    cum: NDArray[np.float64],
    guide: Ints,
    child: Ints,
    shift: Ints,
    strassen: Ints,
    dchild: Ints,
    dshift: Ints,
    dcount: Ints,
    optimal: Ints,
    heuristic: Ints,
    root: int,
    policy: int,
    stream: np.uint64,
) -> tuple[int, bool, int, int]:
    """One turn from its first throw: (points before the joker, six equal, Straßen thrown, steps)."""
    width = guide.shape[1]
    node = root
    pending = 0
    thrown = 0
    counter = 0
    while True:
        u = uniform(stream, counter)
        counter += 1
        if kinds[node] == CHANCE:
            j = guide[node, int(u * width)]
            while cum[node, j] < u:
                j += 1
            pending += shift[node, j]
            thrown += strassen[node, j]
            node = child[node, j]
        else:
            if policy == OPTIMAL:
                j = optimal[node, min(pending, CAP)]
            elif policy == HEURISTIC:
                j = heuristic[node]
            else:
                j = min(int(u * dcount[node]), dcount[node] - 1)
            pending += dshift[node, j]
            node = dchild[node, j]
        kind = kinds[node]
        if kind == END:
            return pending + end_value[node], False, thrown, counter
        if kind == FAIL:
            return 0, False, thrown, counter
        if kind == SIX:
            return 0, True, thrown, counter


@njit(cache=True, nogil=True)
def play_turns(
    kinds: NDArray[np.int8],
    end_value: Ints,
    cum: NDArray[np.float64],
    guide: Ints,
    child: Ints,
    shift: Ints,
    strassen: Ints,
    dchild: Ints,
    dshift: Ints,
    dcount: Ints,
    optimal: Ints,
    heuristic: Ints,
    root: int,
    policy: int,
    keys: NDArray[np.uint64],
    points: Ints,
    six: NDArray[np.bool_],
    thrown: Ints,
) -> int:
    """Turn ``i`` from stream ``keys[i]`` into ``points[i]``, ``six[i]``, ``thrown[i]``; returns the steps."""
    steps = 0
    for i in range(keys.shape[0]):
        p, s, t, n = turn(
            kinds, end_value, cum, guide, child, shift, strassen, dchild, dshift, dcount, optimal, heuristic,
            root, policy, keys[i],
        )  # fmt: skip
        points[i], six[i], thrown[i] = p, s, t
        steps += n
    return steps


@njit(cache=True, nogil=True)
def play_rounds(
    kinds: NDArray[np.int8],
    end_value: Ints,
    cum: NDArray[np.float64],
    guide: Ints,
    child: Ints,
    shift: Ints,
    strassen: Ints,
    dchild: Ints,
    dshift: Ints,
    dcount: Ints,
    optimal: Ints,
    heuristic: Ints,
    root: int,
    start_prefix: np.uint64,
    turn_prefix: np.uint64,
    first: int,
    late: int,
    target: int,
    start: Ints,
    scores: Ints,
    loser: Ints,
    joint: Ints,
    joker_used: NDArray[np.bool_],
    thrown: Ints,
    six_end: NDArray[np.bool_],
    six_thrower: Ints,
) -> int:
    """Rounds ``first .. first + len(start) - 1`` of the lab (``lab.play_rounds_lanes`` round by round)
    into the output arrays (row i = round ``first + i``, zeroed, ``loser``/``six_thrower`` at -1);
    returns the steps taken. Round r's draw and seat s's k-th turn in it take the streams
    ``key(seed, START, r)`` and ``key(seed, TURN, r, s, k)`` from the two prefixes."""
    steps = 0
    taken = np.zeros(4, dtype=np.int64)
    for i in range(start.shape[0]):
        r = first + i
        team = 1 if uniform(extend(start_prefix, r), 0) < 0.5 else 0
        start[i] = team
        taken[:] = 0
        while True:
            first_points = 0
            over = False
            for role in range(2):
                seat = 2 * team + role
                joker = (not joker_used[i, seat]) and scores[i, team] >= late
                if joker:
                    joker_used[i, seat] = True
                stream = extend(extend(extend(turn_prefix, r), seat), taken[seat])
                taken[seat] += 1
                p, six, t, n = turn(
                    kinds, end_value, cum, guide, child, shift, strassen, dchild, dshift, dcount, optimal,
                    heuristic, root, OPTIMAL, stream,
                )  # fmt: skip
                steps += n
                thrown[i, seat] += t
                if joker:
                    p *= 2
                if six:  # S-7: six equal in one throw ends the round at once
                    six_end[i] = True
                    six_thrower[i] = seat
                    loser[i] = 1 - team
                    over = True
                    break
                if role == 0:
                    first_points = p
                else:
                    if p > 0:
                        scores[i, team] += first_points + p
                    joint[i] += 1
                    if scores[i, team] >= target:
                        loser[i] = 1 - team
                        over = True
            if over:
                break
            team = 1 - team
    return steps
