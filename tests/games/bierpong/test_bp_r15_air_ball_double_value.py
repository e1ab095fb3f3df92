"""BP-R15 ``air_ball_bonus = double_value`` with Art 10.3 and Art 14 (issue 26 point 6): the doubled
throw counts as two hits (an extra cup, two drink units) but is not a bounce: a clean hit with it
requires no Aufsetzer in the Konter and adds nothing to the thrower's bounce statistics."""

from __future__ import annotations

import pytest

from stammtisch.games.bierpong.model import Phase

from .helpers import MODES, begin, rack, run


@pytest.mark.parametrize("mode", MODES)
def test_bp_r15_double_value_throw_is_not_an_aufsetzer(mode: str) -> None:
    state = rack(begin(2, {"air_ball_bonus": "double_value"}), 0, "x x x x x x x x o o")
    state = run(mode, state, "airball 1", "miss")  # B's seat 1 caught A's Air Ball
    state = run(mode, state, "hit 9")  # his doubled throw: cup 9 and one more: A's rack is empty
    assert state.phase is Phase.KONTER and state.konter is not None
    k = state.konter
    assert (k.throws, k.need, k.required, k.held_units) == (1, 1, (), 2)
    assert state.players[1].bounces == 0 and state.players[1].hits == 1
