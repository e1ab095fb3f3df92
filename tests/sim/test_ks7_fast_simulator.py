"""Issue 15.3: the fast simulator agrees with the reference engine by statistics (fixed seeds).

Turn scores (binned, chi-square at the 0.1% level), Straßen per turn and the mean score of the same
policy, played by the engine (3,000 turns) and by the simulator (200,000 turns)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from stammtisch.games.kluempchen.model import CONTINUE, PAIR, VOLL, Config, PlayerTurn
from stammtisch.games.kluempchen.scoring import base, clump_value, pairs_of
from stammtisch.sim.games.kluempchen.fast import play_turns
from stammtisch.sim.games.kluempchen.points import solve_points
from stammtisch.sim.stats import binned, chi_square_critical, chi_square_two_samples, proportion_interval
from tests.sim.helpers import play_turn


def optimal(turn: PlayerTurn) -> str:
    return solve_points(Config()).choices(turn)[0].label


def heuristic(turn: PlayerTurn) -> str:
    """The simulator's heuristic policy, written again on the engine's turn."""
    if turn.step == PAIR:
        face = max(pairs_of(turn.choice), key=lambda f: (base(f), f))
        return f"keep {face}"
    if turn.step == VOLL:
        return "voll b"
    assert turn.step == CONTINUE
    if turn.free and (turn.awaiting or clump_value(turn.kept) == 0):
        return "throw"
    return "stop"


@pytest.mark.parametrize(("name", "policy"), [("optimal", optimal), ("heuristic", heuristic)])
def test_turn_scores_agree_with_the_engine(name: str, policy) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(1503)
    engine = [play_turn(policy, rng) for _ in range(3000)]
    fast = play_turns(200_000, np.random.default_rng(1503), name)
    stat, df = chi_square_two_samples(binned([p for p, _, _ in engine]), binned(fast.points.tolist()))
    assert stat < chi_square_critical(df), (stat, df)
    # Straßen per turn: the engine's rate within the simulator's 99.9% interval widened by the engine's noise
    engine_strassen = sum(s for _, _, s in engine) / len(engine)
    fast_strassen = float(fast.strassen.mean())
    assert abs(engine_strassen - fast_strassen) < 3.3 * math.sqrt(fast_strassen / len(engine))
    # mean points
    engine_mean = sum(p for p, _, _ in engine) / len(engine)
    sd = float(fast.points.std())
    assert abs(engine_mean - float(fast.points.mean())) < 3.3 * sd / math.sqrt(len(engine))


def test_six_equal_rate_is_the_exact_one() -> None:
    """S-7: six equal in one throw of six dice has probability 6/6^6; a turn throws six dice at least
    once, so the simulator's rate is at least that (and chains add a little)."""
    fast = play_turns(400_000, np.random.default_rng(7), "optimal")
    _, low, high = proportion_interval(int(fast.six.sum()), len(fast.six), z=3.3)
    assert low <= 6 / 6**6 * 1.2 and high >= 6 / 6**6
