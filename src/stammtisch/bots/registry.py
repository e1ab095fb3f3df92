"""Which bots a game offers.

A game's bots live in its part of this layer, ``stammtisch.bots.games.<slug>`` (``core/plugins.py``), as
``BOTS = {"heuristic": ..., ...}``. Every game gets the uniform random bot, and where a command asks for
the default bot (``heuristic``, the default of ``play`` and ``simulate``) a game without one of its own
plays the random bot, so every game can be played and simulated from the day it is registered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stammtisch.bots.base import Bot, RandomBot
from stammtisch.core.plugins import part
from stammtisch.core.protocol import Game
from stammtisch.core.text import Text

BotFactory = Callable[[], Bot]

#: The bot ``play`` and ``simulate`` seat when none is named.
DEFAULT_BOT = "heuristic"


def bots_for(game: Game[Any]) -> dict[str, BotFactory]:
    """The bots available for ``game``, by name; always contains ``random``."""
    found: dict[str, BotFactory] = {"random": RandomBot}
    module = part("bots", game.slug)
    if module is not None:
        found.update(getattr(module, "BOTS", {}))
    return found


def bot_names(game: Game[Any]) -> dict[str, Text]:
    """The names a game gives its bots in words (its bot module's ``NAMES``), by code; may be empty."""
    module = part("bots", game.slug)
    return dict(getattr(module, "NAMES", {})) if module is not None else {}


def bot_or_default(available: dict[str, BotFactory], name: str) -> str:
    """``name``, except that the default bot of a game without one of its own is the random bot."""
    return "random" if name == DEFAULT_BOT and name not in available else name
