"""K-6.3, K-6.7, S-8.3 (issue 15.1): the exact single-turn policy, its figures and its decisions,
checked against Monte-Carlo play of the policy through the reference engine."""

from __future__ import annotations

import math
import random

import pytest

from stammtisch.games.kluempchen.model import CONTINUE, PAIR, VOLL, Config, PlayerTurn
from stammtisch.sim.games.kluempchen.points import solve_points
from tests.sim.helpers import play_turn

DEFAULT = Config()


def best(turn: PlayerTurn) -> str:
    return solve_points(DEFAULT).choices(turn)[0].label


def test_expected_points_of_a_fresh_turn() -> None:
    """The default rules' optimal turn is worth 8.9052 points on average (stored figure, float64)."""
    assert solve_points(DEFAULT).expected == pytest.approx(8.905219439, abs=1e-8)
    assert solve_points(Config(fresh_sequence=False)).expected == pytest.approx(7.860959302, abs=1e-8)
    assert solve_points(Config(must_improve=False)).expected > solve_points(DEFAULT).expected


def test_k6_7_keep_the_ones() -> None:
    """K-6.7: from 1 1 6 6 the pair of ones (a triple is worth 10) beats the sixes."""
    turn = PlayerTurn(0, 1, 0, step=PAIR, throws=1, choice=(1, 1, 6, 6))
    choices = solve_points(DEFAULT).choices(turn)
    assert [c.label for c in choices] == ["keep 1", "keep 6"]
    assert choices[0].expected > choices[1].expected


def test_k6_3_risk_throw_on_a_low_triple_and_stop_on_five_ones() -> None:
    """K-6.3/KA-03: 222 kept after throw 2: the risk throw pays (a 2 or a new triple raises); 11111 (40): stop."""
    low = PlayerTurn(0, 1, 0, step=CONTINUE, throws=2, kept=(0, 3, 0, 0, 0, 0), free=3)
    high = PlayerTurn(0, 1, 0, step=CONTINUE, throws=2, kept=(5, 0, 0, 0, 0, 0), free=1)
    assert best(low) == "throw"
    assert best(high) == "stop"


def test_s8_3_voll_star_choice_is_offered_with_both_values() -> None:
    """S-8.3: 15 Voll* offers a and b, each with its expected points; b with four ones (20) is better."""
    turn = PlayerTurn(0, 1, 0, step=VOLL, throws=1, choice=(1, 1, 1, 1))
    labels = {c.label: c.expected for c in solve_points(DEFAULT).choices(turn)}
    assert set(labels) == {"voll a", "voll b"}
    assert labels["voll b"] > labels["voll a"]


def test_monte_carlo_play_of_the_policy_matches_its_expectation() -> None:
    """The policy played by the reference engine for 4,000 turns averages its computed expectation
    (within 4 standard errors; fixed seed)."""
    rng = random.Random(15)
    results = [play_turn(best, rng)[0] for _ in range(4000)]
    mean = sum(results) / len(results)
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / (len(results) - 1))
    assert abs(mean - solve_points(DEFAULT).expected) < 4 * sd / math.sqrt(len(results))
