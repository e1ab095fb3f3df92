"""The games' own tables (on the shared ``metadata``): one line per game that stores more than its
matches. Importing this package registers them, so the schema check and ``metadata`` see every table
the migrations create. Adding a game's tables means adding ``store/games/<slug>.py`` and one line here."""

from __future__ import annotations

import importlib

#: Modules that define a game's tables (imported when the store is).
TABLE_MODULES: tuple[str, ...] = ("stammtisch.store.games.bierpong",)

for _module in TABLE_MODULES:
    importlib.import_module(_module)
