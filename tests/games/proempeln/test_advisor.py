"""advisor.py: exact expected points of each special move, checked against brute force, exact
identities and a large seeded simulation."""

from __future__ import annotations

import math
import random
from itertools import product

import pytest

from stammtisch.bots.games.proempeln import AdvisorBot
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.proempeln import GAME, advisor, scoring
from stammtisch.games.proempeln.model import Config
from stammtisch.games.proempeln.skill import PlayerSkill, SkillTable

P = (0.15, 0.3, 0.35, 0.2)
CONFIG = Config()


def brute_force(move: str, p: tuple[float, ...]) -> float:
    total = 0.0
    for values in product(range(4), repeat=7):
        prob = math.prod(p[v] for v in values)
        total += prob * advisor.run_value(move, values, CONFIG)
    return total


@pytest.mark.parametrize("move", ["none", "L", "P", "D"])
def test_round_values_equal_brute_force_over_all_4_to_7_runs(move: str) -> None:
    """A.4 scoring, PR-R06: the multiset enumeration is exact."""
    assert advisor.round_values(P, CONFIG)[move].expected == pytest.approx(brute_force(move, P), abs=1e-9)


def test_certain_players() -> None:
    """Edge cases: all 3s — Kniffel 21, King certain otherwise; all 0s — L −21, P 30."""
    threes = advisor.round_values((0.0, 0.0, 0.0, 1.0), CONFIG)
    assert threes["K"].expected == pytest.approx(21) and threes["K"].king == 0
    assert threes["none"].king == pytest.approx(1) and threes["D"].expected == pytest.approx(54)
    zeros = advisor.round_values((1.0, 0.0, 0.0, 0.0), CONFIG)
    assert zeros["L"].expected == pytest.approx(-21) and zeros["P"].expected == pytest.approx(30)


def test_kniffel_policy_beats_not_replaying() -> None:
    values = advisor.round_values(P, CONFIG)
    assert values["K"].expected > values["none"].expected


def test_without_kings_the_order_does_not_matter() -> None:
    """With no chance of a 3, V(1, {L,K,P}) = E[L] + E[K] + E[P] + 3·E[none] + E[D] exactly."""
    p = (0.2, 0.4, 0.4, 0.0)
    values = advisor.round_values(p, CONFIG)
    advice = advisor.advise(1, ("L", "K", "P"), p)
    expected = sum(values[m].expected for m in ("L", "K", "P", "D")) + 3 * values["none"].expected
    assert advice.value(advice.best) == pytest.approx(expected)
    assert {m.move for m in advice.moves} == {"none", "L", "K", "P"}


def test_advice_lists_the_legal_moves_and_a_full_table() -> None:
    """PR-R08: at round 6 with one special left only that special is offered."""
    advice = advisor.advise(6, ("P",), P)
    assert [m.move for m in advice.moves] == ["P"] and advice.best == "P"
    assert len(advice.table) == 7 * 8
    assert advisor.advise(7, (), P).moves[0].move == "D"
    data = advisor.advise(1, ("L", "K", "P"), P).to_json()
    assert data["best"] in ("none", "L", "K", "P") and len(data["table"]) == 56


def test_kniffel_value_agrees_with_simulation() -> None:
    """The exact Kniffel value lies within 4 standard errors of a seeded simulation of its policy."""
    policy = advisor.kniffel(P, CONFIG)
    rng = random.Random(7)
    n, total, squares = 20_000, 0.0, 0.0
    for _ in range(n):
        values = [rng.choices(range(4), P)[0] for _ in range(7)]
        for replays_left in (2, 1):
            for bottle in advisor.replay_choice(values, replays_left, policy):
                values[bottle - 1] = rng.choices(range(4), P)[0]
        score = advisor.run_value("K", values, CONFIG)
        total += score
        squares += score * score
    mean = total / n
    error = math.sqrt((squares / n - mean * mean) / n)
    assert abs(mean - policy.value) < 4 * error


def simulate_player(p: tuple[float, ...], rng: random.Random, best: dict[tuple[int, str], str]) -> int:
    """One player's whole game following the advisor: its moves, its Kniffel replays, its claims;
    a King (claimed, never in a Kniffel) ends the game (PR-R07)."""
    left = ["L", "K", "P"]
    policy = advisor.kniffel(p, CONFIG)  # cached
    total = 0
    for round_ in range(1, 8):
        key = (round_, "".join(left))
        if key not in best:
            best[key] = advisor.advise(round_, left, p).best
        move = best[key]
        if move in left:
            left.remove(move)
        values = rng.choices(range(4), p, k=7)
        if move == "K":
            for replays_left in (2, 1):
                for bottle in advisor.replay_choice(values, replays_left, policy):
                    values[bottle - 1] = rng.choices(range(4), p)[0]
        total += advisor.run_value(move, values, CONFIG)
        if scoring.is_king(move, values):
            break
    return total


def mean_and_error(samples: list[int]) -> tuple[float, float]:
    n = len(samples)
    mean = sum(samples) / n
    variance = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean, math.sqrt(variance / n)


@pytest.mark.parametrize("p", [P, (0.05, 0.1, 0.15, 0.7)])
def test_advisor_values_agree_with_a_large_seeded_simulation(p: tuple[float, ...]) -> None:
    """V(1, {L,K,P}) lies within 4 standard errors of 20 000 simulated games of the advised policy
    (the second skill lands a King in ~8% of rounds, so the King's early end is exercised)."""
    rng, best = random.Random(1), {}
    mean, error = mean_and_error([simulate_player(p, rng, best) for _ in range(20_000)])
    advice = advisor.advise(1, ("L", "K", "P"), p)
    assert abs(mean - advice.value(advice.best)) < 4 * error, (mean, advice.value(advice.best), error)


def test_advisor_values_agree_with_engine_games_of_the_advisor_bot() -> None:
    """The same through the real engine: an AdvisorBot's mean total over seeded games (the opponent
    never lands a 3, so only our own King can end a game early)."""
    skills = SkillTable((PlayerSkill((15, 30, 35, 20), (1e-9,) * 4), PlayerSkill((30, 40, 30, 0), (1e-9,) * 4)))
    p = skills.distribution(0)
    bot = AdvisorBot(p)
    rng = random.Random(2026)
    totals = []
    for _ in range(300):
        state = GAME.start(2, GAME.configure())
        while not isinstance(turn := GAME.turn(state), Finished):
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng, skills))
            else:
                seat = turn.seats[0]
                action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
                state = GAME.act(state, seat, action)
        totals.append(state.totals[0])
    mean, error = mean_and_error(totals)
    advice = advisor.advise(1, ("L", "K", "P"), p)
    assert abs(mean - advice.value(advice.best)) < 4 * error, (mean, advice.value(advice.best), error)


def test_meier_and_king_values_follow_the_claim_rules() -> None:
    """PR-R06: the advisor claims Meier only when it raises the score."""
    assert advisor.run_value("P", (1, 2, 2, 2, 2, 2, 2), CONFIG) == 30
    assert advisor.run_value("none", (1, 2, 2, 2, 2, 2, 2), CONFIG) == 21
    assert advisor.run_value("D", (1, 2, 2, 2, 2, 2, 2), CONFIG) == 42
    assert scoring.doppellorer((1, 2, 2, 2, 2, 2, 2)) == 22


def test_advantage_is_now_versus_keeping() -> None:
    """Each move's advantage is its total minus the best other choice; exactly the best is ≥ 0."""
    advice = advisor.advise(2, ("L", "K", "P"), (0.05, 0.1, 0.15, 0.7))
    by_move = {m.move: m for m in advice.moves}
    assert by_move[advice.best].advantage >= 0
    for move in by_move.values():
        others = max(o.total for o in advice.moves if o.move != move.move)
        assert move.advantage == pytest.approx(move.total - others)
