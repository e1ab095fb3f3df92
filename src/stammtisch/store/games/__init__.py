"""The games' own tables (on the shared ``metadata``): a game that stores more than its matches' logs
defines them in its part of this layer, ``stammtisch.store.games.<slug>``, found for every slug of the
games registry by the one discovery rule (``core/plugins.py``). Importing this package registers them,
so the schema check and ``metadata`` see every table the migrations create."""

from __future__ import annotations

from stammtisch.core.plugins import part
from stammtisch.games import SLUGS

#: The modules that define a game's tables (imported when the store is).
TABLE_MODULES: tuple[str, ...] = tuple(module.__name__ for slug in SLUGS if (module := part("store", slug)) is not None)
