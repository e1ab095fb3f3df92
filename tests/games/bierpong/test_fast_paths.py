"""``Bierpong.fast_resolve`` (a hit or miss at a throw node, BP-R22) must behave exactly like the
checked path ``Game.checked_resolve``: the same new state for every accepted throw and the same
refusal (class, code, clause) for every refused one (BP-3.1 a removed cup, BP-7.1 a drink lock,
decisions pending, the game over); when it takes a step it returns exactly the checked path's state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import Hit, Miss
from stammtisch.games.bierpong.skill import SkillTable


def outcome_of(call) -> object:
    try:
        return call()
    except RuleViolation as error:
        return (type(error), error.code, error.clause)


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 6), rack=st.sampled_from((6, 10)))
def test_the_short_way_equals_the_checked_path(seed: int, seats: int, rack: int) -> None:
    rng = random.Random(seed)
    skills = SkillTable.of(seats)
    state = GAME.start(seats, GAME.configure({"rack": rack}))
    probes = (Miss(), Hit(1), Hit(rack), Hit(2, True), Hit(rack + 1))
    for _ in range(400):
        turn = GAME.turn(state)
        for outcome in probes:
            generic = outcome_of(lambda: GAME.checked_resolve(state, outcome))  # noqa: B023
            assert outcome_of(lambda: GAME.resolve(state, outcome)) == generic, outcome  # noqa: B023
            short = GAME.fast_resolve(state, outcome)
            assert short is None or short == generic, outcome
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng, skills))
        else:
            seat = turn.seats[0]
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_the_short_way_takes_the_first_ball_of_a_pair() -> None:
    """It is used: the first ball of the opening pair is a fast step (BP-R08: nothing removed mid-pair)."""
    state = GAME.start(2, GAME.configure())
    for line in ("duel A",):
        state = GAME.resolve(state, GAME.parse_outcome(line))
    state = GAME.act(state, 0, GAME.parse_action("begin A"))
    state = GAME.act(state, 1, GAME.parse_action("side left"))
    short = GAME.fast_resolve(state, Hit(5))
    assert short is not None and short == GAME.checked_resolve(state, Hit(5))
