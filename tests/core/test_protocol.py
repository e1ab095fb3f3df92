"""The core protocol: pre-checks, chance, options, codec, replay and the conformance kit."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from stammtisch.core import codec
from stammtisch.core.chance import Categorical, ChanceNode, DiceOutcome, DiceRoll, multiset_probability, sample
from stammtisch.core.errors import (
    DecisionPending,
    ImpossibleOutcome,
    InvalidNotation,
    InvalidOption,
    MatchFinished,
    NotYourTurn,
    OutcomePending,
)
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.core.replay import ActionStep, OutcomeStep, fold
from stammtisch.core.testing import check_game
from stammtisch.core.text import Text
from tests.support.toy import GAME, Pick


def test_toy_game_passes_the_conformance_kit() -> None:
    for seats in (2, 3, 4):
        check_game(GAME, seats, games=5, seed=seats)


def test_dice_probabilities_are_exact_and_sum_to_one() -> None:
    for count in range(1, 7):
        roll = DiceRoll(count)
        assert sum((roll.probability(o) for o in roll.outcomes()), Fraction(0)) == 1
    assert multiset_probability((6, 6, 6, 6, 6, 6)) == Fraction(1, 6**6)
    assert multiset_probability((1, 2, 3, 4, 5, 6)) == Fraction(720, 6**6)
    assert len(DiceRoll(6).outcomes()) == 462


def test_sampled_dice_follow_the_distribution() -> None:
    node = ChanceNode(DiceRoll(2), Text("zwei", "two"))
    rng = random.Random(1)
    draws = [sample(node, rng) for _ in range(36_000)]
    assert all(node.contains(d) for d in draws)
    doubles = sum(1 for d in draws if d.faces[0] == d.faces[1]) / len(draws)
    assert abs(doubles - 1 / 6) < 0.01


def test_skill_outcome_needs_a_model() -> None:
    node = ChanceNode(Categorical.skill((0, 1, 2, 3)), Text("Kappe", "cap"))
    with pytest.raises(ValueError):
        sample(node, random.Random(0))

    class AlwaysThree:
        def probabilities(self, node: ChanceNode) -> list[float]:
            return [0, 0, 0, 1]

    assert sample(node, random.Random(0), AlwaysThree()) == 3


def test_pre_checks_run_in_order() -> None:
    state = GAME.start(2, GAME.configure({"rounds": 1}))
    with pytest.raises(DecisionPending):
        GAME.resolve(state, DiceOutcome((3,)))
    state = GAME.act(state, 0, Pick(2))
    with pytest.raises(NotYourTurn) as refused:
        GAME.act(state, 0, Pick(1))
    assert refused.value.code == "turn/not_your_turn"
    assert "Platz 1" in refused.value.text("de") and "Seat 1" in refused.value.text("en")
    state = GAME.act(state, 1, Pick(3))
    assert isinstance(GAME.turn(state), Chance)
    with pytest.raises(OutcomePending):
        GAME.act(state, 0, Pick(1))
    with pytest.raises(ImpossibleOutcome):
        GAME.resolve(state, DiceOutcome((7,)))
    with pytest.raises(ImpossibleOutcome):
        GAME.resolve(state, DiceOutcome((1, 2)))
    state = GAME.resolve(state, DiceOutcome((2,)))
    assert isinstance(GAME.turn(state), Finished)
    assert state.scores == (2, 0)
    with pytest.raises(MatchFinished):
        GAME.act(state, 0, Pick(1))


def test_simultaneous_decision_waits_for_every_seat_and_hides_picks() -> None:
    state = GAME.start(3, GAME.configure())
    assert GAME.turn(state) == Decision((0, 1, 2))
    state = GAME.act(state, 1, Pick(3))
    assert GAME.turn(state) == Decision((0, 2))
    assert GAME.view(state, 0)["my_pick"] is None
    assert GAME.view(state, 1)["my_pick"] == 3


def test_options_have_defaults_and_refuse_bad_values() -> None:
    assert GAME.configure()["rounds"] == 3
    assert GAME.configure({"rounds": "5"})["rounds"] == 5
    with pytest.raises(InvalidOption) as unknown:
        GAME.configure({"runden": 2})
    assert "runden" in unknown.value.text("en")
    with pytest.raises(InvalidOption):
        GAME.configure({"rounds": 0})
    with pytest.raises(InvalidOption):
        GAME.configure({"rounds": True})


def test_codec_round_trips_and_refuses_malformed_json() -> None:
    assert codec.decode(codec.encode(Pick(2)), (Pick,)) == Pick(2)
    assert GAME.outcome_from_json(GAME.outcome_to_json(DiceOutcome((5, 1)))) == DiceOutcome((1, 5))
    for bad in (
        {"type": "Pick"},
        {"type": "Pick", "number": "2"},
        {"type": "Nope"},
        [],
        {"type": "Pick", "number": 1, "x": 1},
    ):
        with pytest.raises(InvalidNotation):
            GAME.action_from_json(bad)


def test_fold_rebuilds_the_live_state() -> None:
    state = initial = GAME.start(2, GAME.configure({"rounds": 1}))
    steps = [ActionStep(0, Pick(1)), ActionStep(1, Pick(2)), OutcomeStep(DiceOutcome((1,)))]
    for step in steps:
        state = (
            GAME.act(state, step.seat, step.action)
            if isinstance(step, ActionStep)
            else GAME.resolve(state, step.outcome)
        )
    assert fold(GAME, initial, steps) == state


def test_resolved_options_are_a_full_mapping() -> None:
    """``Options`` behaves as a read-only mapping, ``values()`` and ``items()`` included."""
    options = GAME.configure({"rounds": 2})
    assert list(options.values()) == [2] and dict(options.items()) == {"rounds": 2} == options.to_json()
