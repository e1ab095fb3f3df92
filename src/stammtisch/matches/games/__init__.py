"""The registry of match extensions by slug: one line per game that has one.

A game's extension (``matches.extensions.MatchExtension``) lives in ``matches/games/<slug>.py`` as
``EXTENSION``; games without one get the default. Modules are imported lazily, on first use.
"""

from __future__ import annotations

import importlib
from functools import cache

from stammtisch.matches.extensions import DEFAULT, MatchExtension

#: slug → module path of the module that defines ``EXTENSION``.
EXTENSIONS: dict[str, str] = {
    "bierpong": "stammtisch.matches.games.bierpong",
    "preisromme": "stammtisch.matches.games.preisromme",
    "proempeln": "stammtisch.matches.games.proempeln",
    "regeln": "stammtisch.matches.games.regeln",
}


@cache
def extension_for(slug: str) -> MatchExtension:
    """The match extension of the game ``slug`` (the default for a game without one)."""
    path = EXTENSIONS.get(slug)
    if path is None:
        return DEFAULT
    extension: MatchExtension = importlib.import_module(path).EXTENSION
    return extension
