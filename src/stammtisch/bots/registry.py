"""Which bots a game offers.

By convention a game's bots live in ``stammtisch.bots.<package>`` (the game's package name under
``stammtisch.games``) as ``BOTS = {"random": ..., "heuristic": ...}``. Further modules named
``stammtisch.bots.<package>_<kind>`` (e.g. ``preisromme_search``, a search bot too heavy to import with
the heuristic) add their own ``BOTS``, in module-name order. A game without such a module
still gets the uniform random bot, so every game can be simulated from the day it is registered.
"""

from __future__ import annotations

import importlib
import pkgutil
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
    package = game_package(game)
    found: dict[str, BotFactory] = {"random": RandomBot}
    try:
        module = importlib.import_module(f"stammtisch.bots.{package}")
    except ModuleNotFoundError as error:
        if error.name is None or not error.name.startswith("stammtisch.bots."):
            raise
    else:
        found.update(getattr(module, "BOTS", {}))
    for extra in _extra_modules(package):
        found.update(getattr(importlib.import_module(f"stammtisch.bots.{extra}"), "BOTS", {}))
    return found


def _extra_modules(package: str) -> list[str]:
    """The names of the modules ``<package>_<kind>`` beside this one, sorted."""
    import stammtisch.bots as bots

    return sorted(info.name for info in pkgutil.iter_modules(bots.__path__) if info.name.startswith(f"{package}_"))
