"""Engine speed: random digital playouts on one core.

Only the engine is measured: ``turn``, ``legal_actions``, ``act``, ``resolve`` and
``core.chance.sample``, with a uniform choice among the legal actions (what ``RandomBot`` does,
minus building views). Seeds are fixed, so two runs play the same games.
"""

from __future__ import annotations

import random
import time
from typing import Any

from bench import Figure
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished, Game
from stammtisch.games import GAMES

GAME = "kluempchen"
SEATS = 4


def playout(game: Game[Any], state: Any, rng: random.Random) -> tuple[int, int, int]:
    """Play one random game to its end; the number of actions, of chance outcomes and of rounds
    (Klümpchen: a random evening ends when a random seat closes it at a round end)."""
    actions = outcomes = 0
    while True:
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return actions, outcomes, int(turn.result.details.get("rounds", 1))
        if isinstance(turn, Chance):
            state = game.resolve(state, sample(turn.node, rng))
            outcomes += 1
        else:
            seat = turn.seats[0]
            legal = game.legal_actions(state, seat)
            state = game.act(state, seat, legal[rng.randrange(len(legal))])
            actions += 1


def digital_start(game: Game[Any], seats: int) -> Any:
    """The initial state of a digital game (the ``mode`` option set to digital where declared)."""
    given = {"mode": "digital"} if any(option.key == "mode" for option in game.options) else {}
    return game.start(seats, game.configure(given))


def run(quick: bool = False, slug: str = GAME, seats: int = SEATS, seed: int = 2024) -> list[Figure]:
    """Play random games for about 1 s (quick) or 5 s and report the rates."""
    game = GAMES[slug]
    initial = digital_start(game, seats)
    budget = 1.0 if quick else 5.0
    rng = random.Random(seed)
    games = actions = outcomes = rounds = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < budget or games == 0:
        done_actions, done_outcomes, done_rounds = playout(game, initial, rng)
        games += 1
        rounds += done_rounds
        actions += done_actions
        outcomes += done_outcomes
        elapsed = time.perf_counter() - started
    return [
        Figure(f"random digital {slug} playouts ({seats} players, 1 core)", round(games / elapsed, 1), "playouts/s"),
        Figure(f"random digital {slug} rounds (to 150, 1 core)", round(rounds / elapsed, 1), "rounds/s"),
        Figure(f"{slug} engine actions", round(actions / elapsed), "actions/s"),
        Figure(f"{slug} engine steps (actions + chance outcomes)", round((actions + outcomes) / elapsed), "steps/s"),
        Figure(f"{slug} average actions per playout", round(actions / games, 1), "actions"),
    ]
