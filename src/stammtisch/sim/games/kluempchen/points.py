"""Exact single-turn policy: the choice at every decision that maximises the turn's expected points.

Computed by backward induction over the folded turn (``template.py``) from the exact chance nodes,
in float64. Stated error (ruling KS-3): pending points are followed up to ``CAP`` (600) points; a turn
that would pile up more is counted at the cap. The chance of reaching it is below 1e-15 (a chain of
more than 19 Straßen), so the expected points are exact to float rounding (about 1e-12).

Six equal dice in one throw end the round (S-7); for *points* the turn is worth 0 then (KS-2): the
round is won, which only the game solver (``game.py``) can value.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from stammtisch.games.kluempchen.model import Config, PlayerTurn
from stammtisch.sim.games.kluempchen.template import Template, build
from stammtisch.sim.sweep import Ends, Sweeper, compile_template

CAP = 600
TOLERANCE = 1e-13


@dataclass(frozen=True, slots=True)
class ChoiceValue:
    """One choice at a decision: its label (the engine's notation) and the expected points after it
    (before the joker)."""

    label: str
    expected: float


@dataclass(slots=True)
class PointsPolicy:
    """The solved turn: expected points of every template node for every pending amount 0..CAP."""

    template: Template
    sweeper: Sweeper
    ends: Ends
    sweeps: int

    @property
    def expected(self) -> float:
        """Expected points of a fresh turn under optimal play (before the joker)."""
        return float(self.sweeper.values[self.template.root][0, 0])

    def choices(self, turn: PlayerTurn) -> tuple[ChoiceValue, ...]:
        """The choices at the engine turn's decision with their expected points, best first."""
        node, pending = self.template.locate(turn)
        rows = self.sweeper.choice_values(node, self.ends)
        column = min(pending, CAP)
        found = [ChoiceValue(label, float(values[0, column])) for label, values in rows]
        return tuple(sorted(found, key=lambda c: -c.expected))

    def value(self, turn: PlayerTurn) -> float:
        node, pending = self.template.locate(turn)
        return float(self.sweeper.values[node][0, min(pending, CAP)])


@lru_cache(maxsize=16)
def solve_points(config: Config) -> PointsPolicy:
    """Solve (cached per house rules) the expected-points turn under ``config``."""
    template = build(config)
    compiled = compile_template(template.nodes, template.topological())
    columns = CAP + 1
    pending = np.arange(columns, dtype=np.float64)[None, :]
    ends = Ends(
        end=lambda xs: pending[None, :, :] + xs[:, None, None],
        fail=np.zeros((1, 1)),
        six=np.zeros((1, 1)),
    )
    sweeper = Sweeper(compiled, 1, columns)
    sweeps = 0
    while True:
        sweeps += 1
        if sweeper.sweep(ends) < TOLERANCE or sweeps > 60:
            break
    return PointsPolicy(template, sweeper, ends, sweeps)
