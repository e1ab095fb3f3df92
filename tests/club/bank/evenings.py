"""Random finished Klümpchen evenings for the bank's property tests."""

from __future__ import annotations

import random

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import State


def random_evening(seed: int, seats: int, externals: set[int], options: dict | None = None) -> State:
    """Random legal play until the evening is closed (or 3000 steps)."""
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure({"mode": "digital", **(options or {})}), {"externals": sorted(externals)})
    for _ in range(3000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            seat = rng.choice(turn.seats)
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state
