"""Playing a game to its end with bots and *common random numbers*: the labs' loop.

Unlike ``bots.playout.play_out`` (one rng for everything), chance outcomes come from ``draw``, which
the lab builds from random streams keyed by what the chance is about (a seat's next stopper, a deal's
shuffled deck). The default rules and a variant then meet the same luck wherever their games stay in
step, so their difference is measured with far less noise. The NumPy labs (Klümpchen) use the keyed
streams at the end of this module instead of ``random.Random``. Steps go through the game's ``act`` and
``resolve`` (its own fast path where it has one); ``observe`` sees every state before and after a step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

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
    view: Callable[[Any, int], Any] | None = None,
) -> tuple[Any, Result | None]:
    """Play from ``state`` to the end; ``observe(before, step, after)`` is called after every action
    and outcome. Returns the final state and the result; the result is ``None`` when ``stop(state)``
    cut the game off first (bots that keep passing cards round for ever). ``view(state, seat)``: what
    the bots are shown instead of ``game.view`` (a lab's cheaper view with only what its bots read,
    proved to give the same games)."""
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
            seen = game.view(state, seat) if view is None else view(state, seat)
            step = bots[seat].choose(seen, legal, bot_rng)
            if step not in legal:
                raise BotMistake(f"{type(bots[seat]).__name__} chose {step!r}, not one of {legal!r}")
            after = game.act(state, seat, step)
        if observe is not None:
            observe(state, step, after)
        state = after
    raise RuntimeError(f"{game.slug}: the game did not finish within {max_steps} steps")


# Common random numbers for the NumPy labs (Klümpchen): a *counter-based* stream. The lab keys every
# player turn by what it is (seed, round, seat, the seat's turn number in the round) and draws the
# turn's n-th uniform number as a hash of (key, n); so a turn gets the same dice under the default rules
# and a variant, whatever other turns did, and no stream has to be stored or advanced in step.

_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def mix(x: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """SplitMix64's finaliser over an array (wrapping 64-bit arithmetic): a bijection that scatters
    neighbouring keys over the whole range."""
    z = x + np.uint64(_GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_MIX1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX2)
    mixed: NDArray[np.uint64] = z ^ (z >> np.uint64(31))
    return mixed


def key(*parts: NDArray[np.integer] | int) -> NDArray[np.uint64]:
    """One stream key per lane from the parts (ints or equally long integer arrays), order-sensitive."""
    found = np.zeros(1, dtype=np.uint64)
    for part in parts:
        found = mix(found ^ np.asarray(part).astype(np.uint64))
    return found


def uniforms(keys: NDArray[np.uint64], counter: int) -> NDArray[np.float64]:
    """The ``counter``-th uniform number in [0, 1) of each key's stream (53 random bits)."""
    bits = mix(keys ^ mix(np.full(keys.shape, counter, dtype=np.uint64)))
    found: NDArray[np.float64] = (bits >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))
    return found
