"""The bots' names as people read them: a word for how each plays, in German and English.

The registry names bots by code (``heuristic``, ``random``, ``search`` …, see ``bots.registry``); a page
or a seat list shows the name from here instead: the game's own names for its bots (its bot module's
``NAMES``), else the names every game's bots of that code share. A bot without a name is shown as "Bot",
never as its code.
"""

from __future__ import annotations

from stammtisch.bots.registry import bot_names
from stammtisch.core.text import Text
from stammtisch.games import GAMES

#: Names every game's bots of that code share.
_COMMON: dict[str, Text] = {
    "random": Text("Zufällig (Anfänger)", "Random (beginner)"),
    "heuristic": Text("Vorsichtig (Faustregeln)", "Careful (rules of thumb)"),
}
_UNNAMED = Text("Bot", "Bot")


def bot_text(game: str, code: str) -> Text:
    """The name of ``game``'s bot ``code`` in both languages."""
    engine = GAMES.get(game)
    own = bot_names(engine) if engine is not None else {}
    return own.get(code) or _COMMON.get(code) or _UNNAMED


def bot_label(game: str, code: str, lang: str) -> str:
    """The name of ``game``'s bot ``code`` in ``lang``."""
    return bot_text(game, code).get(lang)
