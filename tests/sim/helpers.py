"""Playing single Klümpchen turns through the reference engine, for checks of the solver's numbers."""

from __future__ import annotations

import random
from collections.abc import Callable

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import PLAY, PlayerTurn, State
from tests.games.kluempchen.helpers import new_state

Policy = Callable[[PlayerTurn], str]

FRESH = new_state(4, mode="digital")

#: One set of house rules per option that changes a turn's decisions or chances (KS-5), and the default.
TURN_OPTION_SETS: dict[str, dict[str, object]] = {
    "default": {},
    "within_turn": {"confirmation_budget": "within_turn"},
    "keep_on_fail": {"third_throw_rule": "keep_on_fail"},
    "no_confirmation_points": {"confirmation_adds_points": False},
    "player_choice": {"late_throw_set_aside": "player_choice"},
}


def play_turn(policy: Policy, rng: random.Random, start: State = FRESH) -> tuple[int, bool, int]:
    """One player-1 turn from a fresh round by the engine, decisions by ``policy`` (engine notation).

    Returns (points, six equal in one throw, Straßen thrown)."""
    state = GAME.act(start, 0, GAME.parse_action("throw"))
    while True:
        if state.phase != PLAY:
            rnd_turn = state.rounds[-1]
            assert rnd_turn.ending == "six_equal"
            return 0, True, state.strassen[0]
        rnd = state.round
        assert rnd is not None and rnd.turn is not None
        if rnd.role == 2:
            return rnd.first_result, False, state.strassen[0]
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            state = GAME.act(state, 0, GAME.parse_action(policy(rnd.turn)))
