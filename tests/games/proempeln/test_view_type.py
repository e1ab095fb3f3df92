"""The view is typed (``view.View``, a TypedDict): along random games every view has exactly the
declared keys, nested parts too, and is JSON-ready; Prömpeln hides nothing, so every seat's view
equals the public one except ``you``."""

from __future__ import annotations

import json
import random

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.testing import UniformSkill
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.view import PlayerView, RunView, StechenView, View


def test_views_have_exactly_the_declared_keys() -> None:
    rng = random.Random(7)
    skill = UniformSkill()
    for seats in (2, 3):
        state = GAME.start(seats, GAME.configure())
        while not isinstance(turn := GAME.turn(state), Finished):
            public = GAME.view(state, None)
            assert set(public) == View.__required_keys__
            assert all(set(player) == PlayerView.__required_keys__ for player in public["players"])
            if public["run"] is not None:
                assert set(public["run"]) == RunView.__required_keys__
            if public["stechen"] is not None:
                assert set(public["stechen"]) == StechenView.__required_keys__
            assert json.loads(json.dumps(public)) == public
            for seat in range(seats):
                assert {**GAME.view(state, seat), "you": None} == public
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng, skill))
            else:
                seat = turn.seats[0]
                state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
