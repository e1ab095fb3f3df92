"""The registry of games. Adding a game means adding its package and one line here."""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import Game
from stammtisch.games.bierpong import GAME as BIERPONG
from stammtisch.games.kluempchen import GAME as KLUEMPCHEN
from stammtisch.games.preisromme import GAME as PREISROMME
from stammtisch.games.proempeln import GAME as PROEMPELN
from stammtisch.games.regeln import GAME as REGELN

GAMES: dict[str, Game[Any]] = {
    "kluempchen": KLUEMPCHEN,
    "preisromme": PREISROMME,
    "proempeln": PROEMPELN,
    "regeln": REGELN,
    "bierpong": BIERPONG,
}


def get_game(slug: str) -> Game[Any]:
    """The game registered under ``slug``; ``KeyError`` names the known slugs."""
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(GAMES))}") from None
