"""The registry of web games by slug: one line per game (its package's module path, imported lazily).

Each listed package defines ``WEB_GAME`` (``web.plugin.WebGame``; the interface is documented
there). The app factory, the page presenter, the template loader and the home page loop over
``web_games()``; nothing else in ``web/`` names a game. Adding a game's web part means adding its
package ``web/games/<slug>/`` and one line here.
"""

from __future__ import annotations

import importlib
from functools import cache

from stammtisch.web.plugin import WebGame

#: slug → module path of the package that defines ``WEB_GAME``.
WEB_GAMES: dict[str, str] = {
    "kluempchen": "stammtisch.web.games.kluempchen",
    "preisromme": "stammtisch.web.games.preisromme",
    "proempeln": "stammtisch.web.games.proempeln",
    "bierpong": "stammtisch.web.games.bierpong",
    "regeln": "stammtisch.web.games.regeln",
}


@cache
def web_game(slug: str) -> WebGame | None:
    """The web part of the game ``slug``; ``None`` for a game without one (the generic pages serve it)."""
    path = WEB_GAMES.get(slug)
    if path is None:
        return None
    game: WebGame = importlib.import_module(path).WEB_GAME
    if game.slug != slug:
        raise LookupError(f"{path}.WEB_GAME has slug {game.slug!r}, registered as {slug!r}")
    return game


def web_games() -> tuple[WebGame, ...]:
    """Every registered web game, in registry order."""
    games = (web_game(slug) for slug in WEB_GAMES)
    return tuple(game for game in games if game is not None)
