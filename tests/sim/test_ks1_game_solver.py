"""KS-1, KS-6, K-5.1, K-11.1, S-7.2 (issue 15.1): the whole-game solver against brute force on a
reduced target, and the same machinery against the published Pig figure."""

from __future__ import annotations

import numpy as np
import pytest

from stammtisch.games.kluempchen.model import Config
from stammtisch.sim import pig
from stammtisch.sim.games.kluempchen import turn_graph as tg
from stammtisch.sim.games.kluempchen.game import solve_game

TARGET = 6


def brute_force(target: int, beyond_cap_wins: bool, cap: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Plain value iteration over every state at once on the *unfolded* turn graph (no folding, no
    shifted columns): V1[x, y] and V2[x, y, r]. A turn past the graph's cap counts as the best end
    (``beyond_cap_wins``) or as nothing: the two runs bracket the exact values."""
    g = tg.build(Config(), cap)
    t = target
    x1, y1 = (a.ravel() for a in np.meshgrid(np.arange(t), np.arange(t), indexing="ij"))
    x2, y2, r2 = (a.ravel() for a in np.meshgrid(np.arange(t), np.arange(t), np.arange(t + 1), indexing="ij"))
    v1 = np.zeros((t, t))
    v2 = np.zeros((t, t, t + 1))
    order = g.order()

    def run(end_value) -> np.ndarray:  # type: ignore[no-untyped-def]
        values: dict[int, np.ndarray] = {}
        for i in order:
            node = g.nodes[i]
            if node.kind == tg.END:
                values[i] = end_value(node.value)
            elif node.kind == tg.SIX:
                values[i] = np.ones_like(end_value(0))  # S-7.2: the thrower's team wins
            elif node.kind == tg.CHANCE:
                values[i] = sum(float(p) * values[c] for c, p in node.edges)
            else:
                values[i] = np.max([values[c] for _, c in node.choices], axis=0)
        return values[0]

    for _ in range(400):

        def second(v: int, v1: np.ndarray = v1) -> np.ndarray:
            if v >= cap:
                return np.ones(len(x2)) if beyond_cap_wins else 1.0 - v1[y2, x2]
            if v == 0:
                return 1.0 - v1[y2, x2]  # K-5.1: player 2 scored nothing, the other team moves
            total = x2 + r2 + v
            return np.where(total >= t, 1.0, 1.0 - v1[y2, np.minimum(total, t - 1)])

        new2 = run(second).reshape(t, t, t + 1)

        def first(v: int, new2: np.ndarray = new2) -> np.ndarray:
            if v >= cap:
                return new2[x1, y1, t] if beyond_cap_wins else new2[x1, y1, 0]
            return new2[x1, y1, min(v, t)]

        new1 = run(first).reshape(t, t)
        change = max(np.max(np.abs(new1 - v1)), np.max(np.abs(new2 - v2)))
        v1, v2 = new1, new2
        if change < 1e-12:
            break
    return v1, v2


def test_solver_equals_brute_force_on_a_reduced_target() -> None:
    """Every V1 and V2 value of the folded solver lies within the brute force's bracket (width < 5e-3)."""
    low1, low2 = brute_force(TARGET, beyond_cap_wins=False)
    high1, high2 = brute_force(TARGET, beyond_cap_wins=True)
    solved = solve_game({}, TARGET, tolerance=1e-12)
    assert np.all(solved.v1 >= low1 - 1e-9) and np.all(solved.v1 <= high1 + 1e-9)
    assert np.all(solved.v2 >= low2 - 1e-9) and np.all(solved.v2 <= high2 + 1e-9)
    assert np.max(high1 - low1) < 5e-3


def test_start_win_probability_is_a_stored_figure() -> None:
    """Two teams to 20 (default rules): the starting team wins 65.906% under optimal play (stored figure)."""
    assert solve_game({}, 20, tolerance=1e-10).start == pytest.approx(0.6590610466, abs=1e-8)


def test_pig_to_100_reproduces_neller_and_presser() -> None:
    """Neller and Presser (2004): under optimal play the first Pig player wins about 53.06%."""
    assert pig.solve(100, tolerance=1e-6).start == pytest.approx(0.5306, abs=5e-5)
