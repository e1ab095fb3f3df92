"""Playing a game to its end with bots and *common random numbers*: the labs' loop.

Unlike ``bots.playout.play_out`` (one rng for everything), chance outcomes come from ``draw``, which
the lab builds from random streams keyed by what the chance is about (a seat's next stopper, a deal's
shuffled deck). The default rules and a variant then meet the same luck wherever their games stay in
step, so their difference is measured with far less noise. Steps go through the game's ``act`` and
``resolve`` (its own fast path where it has one); ``observe`` sees every state before and after a step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.playout import BotMistake
from stammtisch.core.chance import ChanceNode
from stammtisch.core.protocol import Chance, Finished, Game, Result

Draw = Callable[[Any, ChanceNode], Any]
Observe = Callable[[Any, Any, Any], None]


def play_with(
    game: Game[Any],
    state: Any,
    bots: Sequence[Bot],
    draw: Draw,
    bot_rng: random.Random,
    observe: Observe | None = None,
    stop: Callable[[Any], bool] | None = None,
    max_steps: int = 200_000,
) -> tuple[Any, Result | None]:
    """Play from ``state`` to the end; ``observe(before, step, after)`` is called after every action
    and outcome. Returns the final state and the result; the result is ``None`` when ``stop(state)``
    cut the game off first (bots that keep passing cards round for ever)."""
    for _ in range(max_steps):
        if stop is not None and stop(state):
            return state, None
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return state, turn.result
        if isinstance(turn, Chance):
            step = draw(state, turn.node)
            after = game.resolve(state, step)
        else:
            seat = turn.seats[0]
            legal = game.legal_actions(state, seat)
            step = bots[seat].choose(game.view(state, seat), legal, bot_rng)
            if step not in legal:
                raise BotMistake(f"{type(bots[seat]).__name__} chose {step!r}, not one of {legal!r}")
            after = game.act(state, seat, step)
        if observe is not None:
            observe(state, step, after)
        state = after
    raise RuntimeError(f"{game.slug}: the game did not finish within {max_steps} steps")
