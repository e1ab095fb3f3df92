"""The registry of games. Adding a game means adding its package ``games/<slug>/`` (which defines
``GAME``) and its slug here, one line.

Every layer finds a game's part by the same rule: the module ``stammtisch.<layer>.games.<slug>``
(``core/plugins.py``). ``SLUGS`` is cheap to import; ``GAMES`` loads every engine on first use, so a
command that only lists the games (``stammtisch --help``) loads none.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from stammtisch.core.plugins import check_slug

if TYPE_CHECKING:  # the engines and their protocol are loaded with GAMES, not with the slugs
    from stammtisch.core.protocol import Game

#: The registered games, in the order pages and help texts list them.
SLUGS: tuple[str, ...] = (
    "kluempchen",
    "preisromme",
    "proempeln",
    "regeln",
    "bierpong",
)

#: slug → engine, for every slug of ``SLUGS`` (built on first access; tests may add a game to it).
GAMES: dict[str, Game[Any]]


def _load() -> dict[str, Game[Any]]:
    games: dict[str, Game[Any]] = {}
    for slug in SLUGS:
        game: Game[Any] = importlib.import_module(f"stammtisch.games.{check_slug(slug)}").GAME
        if game.slug != slug:
            raise LookupError(f"stammtisch.games.{slug}.GAME has slug {game.slug!r}, registered as {slug!r}")
        games[slug] = game
    return games


def __getattr__(name: str) -> Any:
    """``GAMES`` is built when first asked for (PEP 562) and then kept as a plain module attribute."""
    if name == "GAMES":
        games = _load()
        globals()["GAMES"] = games
        return games
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get_game(slug: str) -> Game[Any]:
    """The game registered under ``slug``; ``KeyError`` names the known slugs."""
    games: dict[str, Game[Any]] = globals().get("GAMES") or __getattr__("GAMES")
    try:
        return games[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(games))}") from None
