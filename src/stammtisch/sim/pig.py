"""Pig, the two-player dice game, as a turn template for the race solver (a published check).

Each turn a player rolls one die as often as he likes: a 1 ends the turn with nothing, any other face
adds to the turn total; holding banks the total. First to ``target`` (100) wins. Neller and Presser,
"Optimal Play of the Dice Game Pig" (2004): under optimal play the first player wins about 53.06%.
The same race solvers (``race.solve``, ``race_fast.solve``) that solve Klümpchen solve this template
(one role per side, no six).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from stammtisch.sim import race, race_fast
from stammtisch.sim.sweep import CHANCE, DECISION, END, FAIL, SIX, compile_template


@dataclass(slots=True)
class PigNode:
    kind: int
    value: int = 0
    edges: list[tuple[int, int, Fraction, int]] = field(default_factory=list)
    choices: list[tuple[str, int, int]] = field(default_factory=list)


#: FAIL, SIX (unused), END(+0), the decision "roll or hold" (the root: the first roll is a choice
#: too, holding a 0 total just passes), and the roll.
NODES = [
    PigNode(FAIL),
    PigNode(SIX),
    PigNode(END, 0),
    PigNode(DECISION, choices=[("hold", 2, 0), ("roll", 4, 0)]),
    PigNode(CHANCE, edges=[(0, 0, Fraction(1, 6), 0), *((3, face, Fraction(1, 6), 0) for face in range(2, 7))]),
]
ROOT = 3


def solve(target: int = 100, tolerance: float = 1e-12, reference: bool = False) -> race.RaceSolution:
    """Optimal Pig to ``target``: ``.start`` is the first player's win probability (``reference``: by the
    readable ``race.solve``, else by ``race_fast.solve``)."""
    compiled = compile_template(NODES, [4, 3])
    solver = race.solve if reference else race_fast.solve
    return solver(compiled, ROOT, target, roles=1, six_wins=False, tolerance=tolerance)
