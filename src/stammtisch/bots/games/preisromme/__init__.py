"""Preisrommé bots. Every bot sees only its seat's view (and what it remembers of the deal):

* ``heuristic`` — the careful club player (``heuristic.py``; also ``random``);
* ``strong`` and ``search`` — the strong policy for the single deal, and a search over dealt worlds on top
  of it (``strong.py``, ``search.py``; PB-3 … PB-9);
* ``durchgang`` — the strong policy playing for the total of a Durchgang and the tournament
  (``durchgang.py``; PB-10 … PB-12).

The parts they share: ``memory.py`` (what a seat remembers, PB-2), ``worlds.py`` (dealing a world from the
view, PB-4), ``policy.py`` (what a bot does before it decides), ``playout.py`` (fast playouts and the
heuristic's tables). Readings: ``docs/rulings/preisromme-bot.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.bots.base import Bot
from stammtisch.bots.games.preisromme import durchgang, heuristic, search
from stammtisch.core.text import Text

#: The bots by name, in the order forms offer them.
BOTS: dict[str, Callable[[], Bot]] = {**heuristic.BOTS, **durchgang.BOTS, **search.BOTS}
#: The bots' names as people read them (``bots.registry.bot_names``; the codes are for the command line).
NAMES = {
    "search": Text("Stark (rechnet Spiele voraus)", "Strong (plays games ahead)"),
    "strong": Text("Geübt (spielt auf die Vierzig)", "Skilled (plays for the forty)"),
    "durchgang": Text("Turnier (spielt auf die Summe)", "Tournament (plays for the total)"),
}
