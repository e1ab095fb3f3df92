"""Art 4, 11 / BP-R18, R22: two standard throws per round, from two different players."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.bierpong import GAME

from .helpers import begin, legal, play, thrower, waiting


def test_singles_player_throws_both_balls() -> None:
    """Art 4.1 / BP-R18: in singles the one player throws both balls, one after the other."""
    state = begin(2)
    assert thrower(state) == 0
    state = play(state, "miss")
    assert thrower(state) == 0
    state = play(state, "miss")
    assert state.round is not None and state.round.team == 1 and thrower(state) == 1


def test_team_of_two_throws_one_ball_each() -> None:
    """Art 11.1, 11.3: two standard throws, two different players; then the other team."""
    state = begin(4)
    assert state.round is not None and state.round.pair == (0, 2)
    assert thrower(state) == 0
    state = play(state, "miss")
    assert thrower(state) == 2
    state = play(state, "miss")
    assert waiting(state) == "seats 1 3" and legal(state, 1) == ["pair 1 3", "pair 3 1"]


def test_team_of_three_needs_a_different_pair_each_round() -> None:
    """Art 11.3: with three or more players a different pair throws in every round."""
    teams = {"teams": [[0, 2, 4], [1, 3, 5]]}
    state = begin(6, **teams)
    assert waiting(state) == "seats 0 2 4"
    assert legal(state, 0) == ["pair 0 2", "pair 2 0", "pair 0 4", "pair 4 0", "pair 2 4", "pair 4 2"]
    state = play(state, "4: pair 0 2", "miss", "miss", "1: pair 1 3", "miss", "miss")
    assert "pair 0 2" not in legal(state, 0) and "pair 2 0" not in legal(state, 0)
    with pytest.raises(IllegalAction) as error:
        play(state, "0: pair 2 0")
    assert error.value.clause == "BP-11.3"
    assert "0+4" in error.value.message.en
    with pytest.raises(IllegalAction):
        play(state, "0: pair 0 0")  # never the same player twice in a team


def test_cycle_all_pairs_option() -> None:
    """BP-R18 pair_rotation = cycle_all_pairs: ab, bc, ca, ..."""
    state = begin(6, {"pair_rotation": "cycle_all_pairs"}, teams=[[0, 2, 4], [1, 3, 5]])
    assert legal(state, 0) == ["pair 0 2", "pair 2 0"]
    state = play(state, "0: pair 2 0", "miss", "miss", "1: pair 1 3", "miss", "miss")
    assert legal(state, 0) == ["pair 2 4", "pair 4 2"]
    state = play(state, "0: pair 2 4", "miss", "miss", "1: pair 3 5", "miss", "miss")
    assert legal(state, 0) == ["pair 4 0", "pair 0 4"]


def test_uneven_teams_and_bad_setups() -> None:
    """Art 4: two teams; every seat in exactly one."""
    state = begin(3, teams=[[0], [1, 2]])
    assert state.teams == ((0,), (1, 2))
    from stammtisch.core.errors import InvalidSetup

    with pytest.raises(InvalidSetup):
        GAME.start(3, GAME.configure(), {"teams": [[0, 1], [1, 2]]})


def test_single_player_double_release_option() -> None:
    """BP-R18 single_player_double_release: one member may release both balls (overrides 11.3)."""
    state = begin(4, {"single_player_double_release": True}, auto_pairs=False)
    assert legal(state, 0) == ["pair 0 2", "pair 2 0", "pair 0 0", "pair 2 2"]
    state = play(state, "2: pair 2 2")
    assert thrower(state) == 2
    state = play(state, "miss")
    assert thrower(state) == 2
