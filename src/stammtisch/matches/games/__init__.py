"""The games' match extensions: a game's part of this layer, ``stammtisch.matches.games.<slug>``, defines
``EXTENSION`` (``matches.extensions.MatchExtension``: refusal policy, deadlines, default bot, skill models),
found by the one discovery rule (``core/plugins.py``); a game without one gets the default. Parts are
imported on first use.
"""

from __future__ import annotations

from functools import cache

from stammtisch.core.plugins import part
from stammtisch.matches.extensions import DEFAULT, MatchExtension


@cache
def extension_for(slug: str) -> MatchExtension:
    """The match extension of the game ``slug`` (the default for a game without one)."""
    module = part("matches", slug)
    if module is None:
        return DEFAULT
    extension: MatchExtension = module.EXTENSION
    return extension
