"""One name for each thing tests do with any game: ``new_state`` (a game's initial state from
options) and ``random_game`` (play on at random until the end or until ``stop``). Per-game helper
modules keep only what is specific to their game (notation scripts, positions)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from stammtisch.core.chance import SkillModel, sample
from stammtisch.core.protocol import Chance, Finished, Game
from stammtisch.core.testing import UniformSkill


def new_state(
    game: Game[Any],
    seats: int | None = None,
    options: Mapping[str, object] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> Any:
    """The initial state of ``game`` for ``seats`` (default: the fewest it allows) under ``options``."""
    return game.start(game.min_seats if seats is None else seats, game.configure(options), setup)


def random_game(
    game: Game[Any],
    state: Any,
    rng: random.Random,
    stop: Callable[[Any], bool] = lambda state: False,
    skill: SkillModel | None = None,
    max_steps: int = 100_000,
) -> Any:
    """Play uniformly random legal actions and sampled outcomes (skill nodes: ``skill``, else uniform)
    from ``state`` until the game finishes or ``stop(state)``; the state reached."""
    model = skill or UniformSkill()
    for _ in range(max_steps):
        if stop(state):
            return state
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return state
        if isinstance(turn, Chance):
            state = game.resolve(state, sample(turn.node, rng, model))
        else:
            seat = rng.choice(turn.seats)
            state = game.act(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError(f"{game.slug}: no end within {max_steps} steps")
