"""The house-rule labs and the solvers by game slug (the web page and the CLI look them up here, naming no game)."""

from __future__ import annotations

import importlib
from types import ModuleType

#: slug -> module with ``compare(variant, rounds)``, ``VARIANTS`` ((key, value), ...) and ``unmodelled``.
LABS = {"kluempchen": "stammtisch.sim.games.kluempchen.lab"}
#: slug -> module with ``solve_game``, ``store_solution`` and ``load_solution``.
SOLVERS = {"kluempchen": "stammtisch.sim.games.kluempchen.game"}


def lab_module(slug: str) -> ModuleType:
    return importlib.import_module(LABS[slug])


def solver_module(slug: str) -> ModuleType:
    return importlib.import_module(SOLVERS[slug])
