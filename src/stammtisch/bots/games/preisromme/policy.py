"""What every Preisrommé bot that plans on a dealt world does before it decides (PB-1, PB-2, PB-4).

Outside the deal's own decisions (the score sheet, a seat without a view) it plays the heuristic; it keeps
the deal's memory from its views (PB-2); a single legal action is played at once; otherwise it deals a world
from its view (``worlds``: the seat part is exactly the view) and hands it, with the discards it
remembers under the face-up card, to the bot's ``decide``. A view whose counts the default rules cannot deal
(more packs or jokers) gets the heuristic's move (PB-4).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.games.preisromme.memory import Memory
from stammtisch.bots.games.preisromme.worlds import ViewMismatch, determinize
from stammtisch.games.preisromme.model import State

HEURISTIC = HeuristicBot()


class WorldBot:
    """A bot that decides on a world dealt from its view; subclasses give ``decide``."""

    name = ""
    #: Keep the deal's memory (PB-2); without it the unseen cards are dealt at random.
    remember = True

    def __init__(self) -> None:
        self.memory: Memory | None = None

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        if view.get("seat") is None or view["phase"] not in ("knock_window", "play"):
            return HEURISTIC.choose(view, legal, rng)
        if self.remember:
            self.memory = (self.memory or Memory.start(view)).observe(view)
        if len(legal) == 1:
            return legal[0]
        memory = self.memory if self.remember else None
        try:
            world = determinize(view, rng, memory)
        except ViewMismatch:  # other house rules than the bot plans with (more packs or jokers)
            return HEURISTIC.choose(view, legal, rng)
        pile = memory.hidden_pile(view) if memory is not None else ()
        return self.decide(view, legal, world, pile, rng)

    def decide(
        self, view: Mapping[str, Any], legal: tuple[Any, ...], world: State, pile: Sequence[int], rng: random.Random
    ) -> Any:
        """The move on ``world`` (its seat part is the view; ``pile``: the remembered buried discards)."""
        return HEURISTIC.choose(view, legal, rng)
