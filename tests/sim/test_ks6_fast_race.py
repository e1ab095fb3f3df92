"""KS-6, KS-3, K-5.1, S-7.2 (issue 15.1): the fast race solver (``sim/race_fast.py``: column blocks, Newton
steps on each diagonal's pairs) gives the values of the readable reference (``sim/race.py``) on small targets,
for Klümpchen under every option that changes a turn and for Pig."""

from __future__ import annotations

import numpy as np
import pytest

from stammtisch.sim import pig
from stammtisch.sim.games.kluempchen.game import solve_game
from tests.sim.helpers import TURN_OPTION_SETS

#: Both solvers stop at 1e-12; their values agree to this.
AGREE = 1e-9


@pytest.mark.parametrize("name", sorted(TURN_OPTION_SETS))
def test_fast_solver_equals_reference_under_every_turn_option(name: str) -> None:
    """KS-5/KS-6: every V1 and V2 value of the fast solver equals the reference's (target 8)."""
    fast = solve_game(TURN_OPTION_SETS[name], 8, tolerance=1e-12)
    slow = solve_game(TURN_OPTION_SETS[name], 8, tolerance=1e-12, reference=True)
    assert np.max(np.abs(fast.v1 - slow.v1)) < AGREE
    assert np.max(np.abs(fast.v2 - slow.v2)) < AGREE


def test_fast_solver_equals_reference_to_twelve() -> None:
    """KS-6: two teams to 12 (default rules), every value."""
    fast = solve_game({}, 12, tolerance=1e-12)
    slow = solve_game({}, 12, tolerance=1e-12, reference=True)
    assert np.max(np.abs(fast.v1 - slow.v1)) < AGREE
    assert np.max(np.abs(fast.v2 - slow.v2)) < AGREE


def test_fast_pig_equals_reference() -> None:
    """The same machinery on Pig (one role per side, a decision node as the loop's entry): to 30 every
    value equals the reference's."""
    fast = pig.solve(30, tolerance=1e-12)
    slow = pig.solve(30, tolerance=1e-12, reference=True)
    assert np.max(np.abs(fast.v1 - slow.v1)) < AGREE


def test_fast_pig_to_100_reproduces_neller_and_presser() -> None:
    """Neller and Presser (2004): under optimal play the first Pig player wins about 53.06%."""
    assert pig.solve(100, tolerance=1e-10).start == pytest.approx(0.5306, abs=5e-5)
