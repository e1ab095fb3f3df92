"""K-1, K-2, KA-22, KA-35: the team draw, the solo player and the table set-up."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, ImpossibleOutcome, InvalidSetup
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import PLAY, FormTeam, Team, TowerOutcome
from tests.games.kluempchen.helpers import current, play


def new_state(seats: int, **options: object):
    return GAME.start(seats, GAME.configure({"mode": "table", **options}))


def test_k21_draw_starts_with_seat_zero_one_die_each() -> None:
    """K-2.1/KA-22: one die per player, clockwise from the last arrival (seat 0)."""
    state = new_state(4)
    for seat in range(4):
        turn = GAME.turn(state)
        assert isinstance(turn, Chance) and turn.node.seat == seat
        assert len(turn.node.outcomes()) == 6
        state = GAME.resolve(state, GAME.parse_outcome("3"))
    assert state.phase == PLAY


def test_k22_highest_takes_the_next_clockwise_and_ties_go_to_the_earliest() -> None:
    """K-2.2/KA-22: 3 5 5 2 → seat 1 (the earlier 5) takes seat 2; seat 0 (3 > 2) takes seat 3.
    Teams play clockwise by P1 seat; the draw winner's team starts."""
    state = play(new_state(4), "3", "5", "5", "2")
    assert state.teams == (Team(0, 3), Team(1, 2))
    assert state.round is not None and state.round.current == 1
    assert current(state).owner == 1


def test_k23_odd_count_leaves_a_solo() -> None:
    """K-1.2/K-2.3: 6 1 6 2 4 → seat 0 takes 1, seat 2 takes 3, seat 4 is the solo."""
    state = play(new_state(5), "6", "1", "6", "2", "4")
    assert state.teams == (Team(0, 1), Team(2, 3), Team(4, 4))
    assert state.teams[2].solo


def test_ka22_reroll_each_pairing() -> None:
    """CFG team_draw = reroll_each_pairing: after each pairing the unassigned players roll again."""
    state = play(new_state(5, team_draw="reroll_each_pairing"), "1", "2", "3", "4", "6")
    assert state.teams == ()
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and turn.node.seat == 1  # 4 took 0; seats 1, 2, 3 roll again
    state = play(state, "2", "5", "1")
    assert state.teams == (Team(1, 1), Team(2, 3), Team(4, 0))  # 2 (a 5) takes 3; 1 is the solo
    assert current(state).owner == 4  # the first pair's roller starts


def test_ka22_manual_draw_by_entries() -> None:
    """CFG team_draw = manual without set-up teams: seat 0 enters the pairs; the first one starts."""
    state = new_state(5, team_draw="manual")
    assert GAME.turn(state) == Decision((0,))
    assert FormTeam(3, 1) in GAME.legal_actions(state, 0)
    state = play(state, "team 3 1")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, FormTeam(3, 0))
    assert error.value.clause == "K-2.2"
    state = play(state, "team 4 0")
    assert state.teams == (Team(2, 2), Team(3, 1), Team(4, 0))
    assert current(state).owner == 3


def test_draw_takes_only_a_face() -> None:
    """KA-22: incidents are not entered for a draw roll."""
    with pytest.raises(ImpossibleOutcome):
        GAME.resolve(new_state(4), TowerOutcome())


@pytest.mark.parametrize(
    ("seats", "setup", "options", "clause"),
    [
        (3, None, {}, "K-1.1"),
        (13, None, {}, "KA-35"),
        (6, None, {"max_players": 5}, "KA-35"),
        (4, {"teams": [[0, 1], [2, 3]]}, {}, "KA-22"),  # teams only with team_draw = manual
        (4, {"teams": [[0, 1], [1, 3]]}, {"team_draw": "manual"}, "K-2.2"),
        (5, {"teams": [[0, 1], [2, 3, 4]]}, {"team_draw": "manual"}, "KA-22"),
        (6, {"teams": [[0, 1], [2], [3], [4, 5]]}, {"team_draw": "manual"}, "K-1.2"),
        (4, {"externals": [4]}, {}, "C-4.1"),
        (4, {"externals": [1, 1]}, {}, "C-4.1"),
        (4, {"guests": []}, {}, "KA-22"),
    ],
)
def test_bad_setup_is_refused_with_the_clause(seats: int, setup: dict | None, options: dict, clause: str) -> None:
    """K-1.1/KA-35: 4..max_players seats; KA-22 teams; C-4.1 externals are seats."""
    with pytest.raises(InvalidSetup) as error:
        GAME.start(seats, GAME.configure(options), setup)
    assert error.value.clause == clause
