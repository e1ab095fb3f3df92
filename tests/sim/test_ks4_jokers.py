"""KS-4, K-10.1..K-10.4, KA-15, KA-16 (issue 15.1): the game solve with both teams' jokers in the state,
against brute force over the unfolded turn graph on a reduced target, and its invariants."""

from __future__ import annotations

import numpy as np
import pytest

from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CONTINUE, Config, PlayerTurn
from stammtisch.sim.games.kluempchen import turn_graph as tg
from stammtisch.sim.games.kluempchen.advice import Spot, advise, spot_from_view
from stammtisch.sim.games.kluempchen.game import GameSolution, solve_game
from stammtisch.sim.games.kluempchen.jokers import ALL, P1, P2, solve_jokers

TARGET = 5


def brute_force(target: int, beyond_cap_wins: bool, cap: int = 50) -> np.ndarray:
    """Plain value iteration over every state with jokers at once on the *unfolded* turn graph.

    V1[x, y, own, other]; V2[x, y, r, mid, other] (``mid``: the team's mask at player 2's turn). A joker
    doubles the turn (K-10.4) and is gone after it, even after a 0 (KA-15). A turn past the graph's cap
    counts as the best end or as nothing (``beyond_cap_wins``): the two runs bracket the exact values."""
    g = tg.build(Config(), cap)
    t = target
    order = g.order()
    x2, y2, r2, m2, o2 = (a.ravel() for a in np.meshgrid(*(np.arange(k) for k in (t, t, t + 1, 4, 4)), indexing="ij"))
    x1, y1, j1, o1 = (a.ravel() for a in np.meshgrid(*(np.arange(k) for k in (t, t, 4, 4)), indexing="ij"))
    v1 = np.zeros((t, t, 4, 4))

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

        def second(v: int, factor: int, v1: np.ndarray = v1) -> np.ndarray:
            after = m2 & ~P2 if factor == 2 else m2
            nothing = 1.0 - v1[y2, x2, o2, after]  # K-5.1: the other team moves, masks swapped
            if v >= cap:
                return np.ones(len(x2)) if beyond_cap_wins else nothing
            if v == 0:
                return nothing
            total = x2 + r2 + factor * v
            return np.where(total >= t, 1.0, 1.0 - v1[y2, np.minimum(total, t - 1), o2, after])

        plain2 = run(lambda v: second(v, 1))
        doubled2 = run(lambda v: second(v, 2))
        new2 = np.maximum(plain2, np.where(m2 & P2, doubled2, -1.0)).reshape(t, t, t + 1, 4, 4)

        def first(v: int, factor: int, new2: np.ndarray = new2) -> np.ndarray:
            after = j1 & ~P1 if factor == 2 else j1
            if v >= cap:
                return new2[x1, y1, t if beyond_cap_wins else 0, after, o1]
            return new2[x1, y1, min(factor * v, t), after, o1]

        plain1 = run(lambda v: first(v, 1))
        doubled1 = run(lambda v: first(v, 2))
        new1 = np.maximum(plain1, np.where(j1 & P1, doubled1, -1.0)).reshape(t, t, 4, 4)
        change = np.max(np.abs(new1 - v1))
        v1 = new1
        if change < 1e-12:
            break
    return v1


def test_jokers_equal_brute_force_on_a_reduced_target() -> None:
    """KS-4: every V1 value with jokers lies within the brute force's bracket (width < 5e-3)."""
    low = brute_force(TARGET, beyond_cap_wins=False)
    high = brute_force(TARGET, beyond_cap_wins=True)
    solved = solve_jokers({}, TARGET, tolerance=1e-12)
    assert np.all(solved.v1 >= low - 1e-9) and np.all(solved.v1 <= high + 1e-9)
    assert np.max(high - low) < 5e-3


@pytest.fixture(scope="module")
def solved_twelve() -> GameSolution:
    return solve_game({}, 12, tolerance=1e-12, jokers=True)


@pytest.fixture(scope="module")
def twelve(solved_twelve: GameSolution) -> np.ndarray:
    assert solved_twelve.jokers is not None
    return solved_twelve.jokers


def test_without_jokers_left_the_game_is_the_joker_free_one(twelve: np.ndarray) -> None:
    """KS-4/KS-6: with no joker left on either side the values are the joker-free solve's."""
    assert np.max(np.abs(twelve[:, :, 0, 0] - solve_game({}, 12, tolerance=1e-12).v1)) < 1e-9


def test_a_joker_left_never_hurts_its_team(twelve: np.ndarray) -> None:
    """K-10.2: the joker may be used on any turn, so having it is worth at least not having it, for the
    team that holds it, and never helps its opponents."""
    for mask, bit in ((0, P1), (0, P2), (P1, P2), (P2, P1)):
        assert np.all(twelve[:, :, mask | bit, :] >= twelve[:, :, mask, :] - 1e-12)
        assert np.all(twelve[:, :, :, mask | bit] <= twelve[:, :, :, mask] + 1e-12)


def test_start_with_all_jokers_is_a_stored_figure(twelve: np.ndarray) -> None:
    """Two teams to 12, all four jokers left: the starting team wins 87.361% under optimal play (stored
    figure); without jokers 75.76% (the joker doubles a turn, which weighs heavily at a low target)."""
    assert float(twelve[0, 0, ALL, ALL]) == pytest.approx(0.8736126603, abs=1e-8)


@pytest.mark.parametrize("own,other", [(ALL, ALL), (P1, P2), (P2, ALL), (0, P1), (ALL, 0)])
def test_advice_before_player_1_throws_is_the_solved_value(solved_twelve: GameSolution, own: int, other: int) -> None:
    """K-10.3/KS-4: before player 1's turn the advice's best choice (joker or throw) wins with exactly the
    probability the joker solve gives that state."""
    assert solved_twelve.jokers is not None
    for x, y in ((0, 0), (5, 9), (11, 3)):
        spot = Spot(x, y, 1, 0, False, bool(own & P1), None, (own, other))
        advice = advise(spot, {}, solved_twelve)
        assert advice.with_jokers
        assert [c.action for c in advice.choices].count("joker") == (1 if own & P1 else 0)
        best = advice.choices[0].win
        assert best == pytest.approx(float(solved_twelve.jokers[x, y, own, other]), abs=1e-9)


def test_advice_without_jokers_left_is_the_joker_free_advice(solved_twelve: GameSolution) -> None:
    """KS-4: with no joker left on either side the joker-aware advice equals the joker-free one."""
    turn = PlayerTurn(0, 1, 0, step=CONTINUE, throws=2, kept=(0, 0, 0, 0, 3, 0), free=3)  # 555 kept: stop or throw
    for role, partner in ((1, 0), (2, 4)):
        plain = advise(Spot(4, 7, role, partner, False, False, turn), {}, solved_twelve)
        known = advise(Spot(4, 7, role, partner, False, False, turn, (0, 0)), {}, solved_twelve)
        assert not plain.with_jokers and known.with_jokers
        for a, b in zip(plain.choices, known.choices, strict=True):
            assert a.action == b.action and a.win == pytest.approx(b.win, abs=1e-9)


def test_jokers_left_are_read_from_the_table_view() -> None:
    """K-10.1/KA-16: at a round's start both teams hold both jokers; the masks follow the view's jokers left
    per seat (bit 1 the team's player 1, bit 2 its player 2), the team on turn first."""
    start = GAME.start(4, GAME.configure({"mode": "digital", "team_draw": "manual"}), {"teams": [[0, 1], [2, 3]]})
    view = GAME.view(start, None)
    spot = spot_from_view(view)
    assert spot is not None and spot.jokers == (ALL, ALL)
    later = spot_from_view({**view, "jokers_left": [0, 1, 1, 0]})
    assert later is not None and later.jokers == (P2, P1)
