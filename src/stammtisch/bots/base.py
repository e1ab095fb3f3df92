"""The bot protocol and the uniform random bot.

A bot decides for one seat from what that seat may see (``game.view(state, seat)``) and the legal
actions in the game's canonical order. It never receives the raw state, so it cannot cheat with
hidden information, and it draws only from the ``rng`` it is given, so every run is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol


class Bot(Protocol):
    """A strategy for one seat."""

    name: str

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        """One of ``legal`` (never anything else)."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]
