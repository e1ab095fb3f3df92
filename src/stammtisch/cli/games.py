"""Finding a game by its slug on the command line, with a clear answer for unknown ones."""

from __future__ import annotations

from typing import Any

from stammtisch.cli.console import fail
from stammtisch.core.protocol import Game
from stammtisch.core.text import Text
from stammtisch.games import GAMES


def known_slugs() -> str:
    return ", ".join(sorted(GAMES)) or "—"


def require_game(slug: str) -> Game[Any]:
    """The registered game ``slug``, or exit with a message naming the known games."""
    game = GAMES.get(slug)
    if game is None:
        fail(
            Text(
                f"Unbekanntes Spiel „{slug}“. Bekannte Spiele: {known_slugs()}.",
                f"Unknown game '{slug}'. Known games: {known_slugs()}.",
            )
        )
    return game
