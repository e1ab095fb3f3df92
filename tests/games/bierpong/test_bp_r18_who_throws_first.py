"""BP-R18 and the decision points of the rulings (issue 26 point 10): who throws first in a pair of
two is the table's choice (streaks, calls, Island and statistics are per player), in the round and
in the Konter; the order of the last round is the likely one (the page preselects it)."""

from __future__ import annotations

import pytest

from stammtisch.games.bierpong import GAME

from .helpers import MODES, begin, legal, rack, run, thrower, waiting


@pytest.mark.parametrize("mode", MODES)
def test_bp_r18_a_pair_of_two_chooses_who_throws_first(mode: str) -> None:
    state = begin(4, auto_pairs=False)
    assert waiting(state) == "seats 0 2" and legal(state, 0) == ["pair 0 2", "pair 2 0"]
    assert GAME.view(state, None)["likely_pair"] == [0, 2]
    state = run(mode, state, "2: pair 2 0")
    assert thrower(state) == 2
    state = run(mode, state, "hit 1", "miss", "1: pair 1 3", "miss", "miss")
    assert waiting(state) == "seats 0 2" and GAME.view(state, None)["likely_pair"] == [2, 0]
    assert state.players[2].hits == 1 and state.players[0].hits == 0


@pytest.mark.parametrize("mode", MODES)
def test_bp_r18_the_konter_team_chooses_its_first_thrower(mode: str) -> None:
    state = rack(begin(4), 1, "x x x x x x x x o o")
    state = run(mode, state, "hit 9", "2: throw", "hit 10")
    assert state.konter is not None and waiting(state) == "seats 1 3"
    assert legal(state, 3) == ["pair 1 3", "pair 3 1"]
    state = run(mode, state, "3: pair 3 1")
    assert thrower(state) == 3
    assert GAME.timeout_action(state, 3) is None  # a throw is due, not a decision
