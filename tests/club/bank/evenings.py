"""Random finished Klümpchen evenings for the bank's property tests."""

from __future__ import annotations

import random

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CloseEvening, Join, State


def random_evening(
    seed: int,
    seats: int,
    externals: set[int],
    options: dict | None = None,
    later: tuple[int, ...] = (),
    min_rounds: int = 0,
    guests: float = 0.0,
) -> State:
    """Random legal play until the evening is closed (or 3000 steps). ``later``: seats that come to the
    table only between rounds (E-22); ``min_rounds``: nobody closes the evening before that many rounds,
    so the breaks between rounds bring arrivals and leaves; ``guests``: the chance that, where someone
    new may sit down (E-26), somebody does (a random choice takes it sometimes anyway)."""
    rng = random.Random(seed)
    setup = {"externals": sorted(externals), "later": sorted(later)}
    state = GAME.start(seats, GAME.configure({"mode": "digital", **(options or {})}), setup)
    for _ in range(3000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            seat = rng.choice(turn.seats)
            legal = GAME.legal_actions(state, seat)
            if len(state.rounds) < min_rounds:
                legal = tuple(a for a in legal if not isinstance(a, CloseEvening)) or legal
            joins = tuple(a for a in legal if isinstance(a, Join))
            if joins and rng.random() < guests:
                legal = joins
            state = GAME.act(state, seat, rng.choice(legal))
    return state
