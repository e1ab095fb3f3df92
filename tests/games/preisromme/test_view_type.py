"""The view is typed (``view.View``, a TypedDict): along random games every public view has exactly
its required keys, every seat's view adds exactly the seat-only keys, and both are JSON-ready
(DESIGN.md, "view(state, seat) → exactly what that seat may see")."""

from __future__ import annotations

import json
import random

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.view import FigureView, LastWindowView, View, WindowView


def test_views_have_exactly_the_declared_keys() -> None:
    rng = random.Random(8)
    for seats in (2, 4):
        state = GAME.start(seats, GAME.configure({"games_per_pass": 2}))
        while not isinstance(turn := GAME.turn(state), Finished):
            public = GAME.view(state, None)
            assert set(public) == View.__required_keys__
            for seat in range(seats):
                mine = GAME.view(state, seat)
                assert set(mine) == View.__required_keys__ | View.__optional_keys__
                assert json.loads(json.dumps(mine)) == mine
            for figure in public["table"]:
                assert set(figure) == FigureView.__required_keys__
            if public["window"] is not None:
                assert set(public["window"]) == WindowView.__required_keys__
            if public["last_window"] is not None:
                assert set(public["last_window"]) == LastWindowView.__required_keys__
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
            else:
                seat = turn.seats[0]
                state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
