"""Which bots a game offers.

By convention a game's bots live in ``stammtisch.bots.<package>`` (the game's package name under
``stammtisch.games``) as ``BOTS = {"random": ..., "heuristic": ...}``. A game without such a module
still gets the uniform random bot, so every game can be simulated from the day it is registered.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

from stammtisch.bots.base import Bot, RandomBot
from stammtisch.core.protocol import Game

BotFactory = Callable[[], Bot]


def game_package(game: Game[Any]) -> str:
    """The last part of the game's package name, e.g. ``kluempchen``."""
    module = sys.modules[type(game).__module__]
    package = module.__package__ or type(game).__module__
    return package.rsplit(".", 1)[-1]


def bots_for(game: Game[Any]) -> dict[str, BotFactory]:
    """The bots available for ``game``, by name; always contains ``random``."""
    try:
        module = importlib.import_module(f"stammtisch.bots.{game_package(game)}")
    except ModuleNotFoundError as error:
        if error.name is None or not error.name.startswith("stammtisch.bots."):
            raise
        return {"random": RandomBot}
    return {"random": RandomBot, **getattr(module, "BOTS", {})}
