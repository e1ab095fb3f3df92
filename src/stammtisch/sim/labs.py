"""The house-rule labs and the solvers by game slug (the web page and the CLI look them up here, naming no game)."""

from __future__ import annotations

import importlib
from types import ModuleType

#: slug -> lab module: ``compare(variant, games, seed)`` (two reports with ``games`` and ``to_json()``),
#: ``MEASURES``, ``UNIT``, ``VARIANTS`` ((key, value), ...) and ``unmodelled`` (see ``sim.lab_report``).
LABS = {
    "kluempchen": "stammtisch.sim.games.kluempchen.lab",
    "proempeln": "stammtisch.sim.games.proempeln.lab",
    "preisromme": "stammtisch.sim.games.preisromme.lab",
}
#: slug -> module with ``solve_game``, ``store_solution`` and ``load_solution``.
SOLVERS = {"kluempchen": "stammtisch.sim.games.kluempchen.game"}


def lab_module(slug: str) -> ModuleType:
    return importlib.import_module(LABS[slug])


def solver_module(slug: str) -> ModuleType:
    return importlib.import_module(SOLVERS[slug])
