"""PR-2.8, PR-2.9, PR-R12: the winner and the Stechen (tie-break)."""

from __future__ import annotations

from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Landing
from tests.games.proempeln.helpers import new_state, run

PLAN = ["L", "K", "P", "none", "none", "none", "D"]


def full_game(seats: int, values: dict[int, tuple[int, ...]], **options: object):
    state = new_state(seats, **options)
    for _ in range(7):
        for seat in range(seats):
            move = PLAN[state.round - 1]
            state = run(state, seat, values[seat], move)
    return state


def test_pr_2_8_highest_total_wins() -> None:
    """PR-2.8: the player with the highest total is winner and king."""
    state = full_game(2, {0: (1,) * 7, 1: (2,) * 7})
    result = GAME.result(state)
    assert result is not None and result.ranking == ((1,), (0,)) and result.details["end_reason"] == "total"


def test_pr_r12_tie_for_the_highest_total_goes_to_stechen_by_elimination() -> None:
    """PR-2.9, PR-R12: tied leaders flick one stopper each; the best stay in; repeat."""
    same = (1,) * 7
    state = full_game(4, {0: same, 1: same, 2: same, 3: (0,) * 7})
    view = GAME.view(state, None)
    assert view["phase"] == "stechen" and view["stechen"]["contenders"] == [0, 1, 2]
    for seat, points in ((0, 2), (1, 2), (2, 1)):
        state = GAME.resolve(state, Landing(seat, 0, points))
    assert GAME.view(state, None)["stechen"]["contenders"] == [0, 1]
    for seat, points in ((0, 0), (1, 3)):
        state = GAME.resolve(state, Landing(seat, 0, points))
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == ((1,), (0, 2), (3,))  # lower ties stay shared
    assert result.scores == state.totals  # playoff points are never added
    assert result.details["stechen"] == [[[0, 2], [1, 2], [2, 1]], [[0, 0], [1, 3]]]


def test_pr_r12_all_replay_option() -> None:
    """PR-R12 option tiebreak_mode = all_replay: every originally tied player flicks again."""
    same = (1,) * 7
    state = full_game(3, {0: same, 1: same, 2: same}, tiebreak_mode="all_replay")
    for seat, points in ((0, 2), (1, 2), (2, 1)):
        state = GAME.resolve(state, Landing(seat, 0, points))
    assert GAME.view(state, None)["stechen"]["contenders"] == [0, 1, 2]


def test_pr_r09_no_specials_in_the_stechen() -> None:
    """PR-R09: the tie-break is plain stoppers, chance events only."""
    same = (1,) * 7
    state = full_game(2, {0: same, 1: same})
    assert GAME.legal_actions(state, 0) == () and GAME.legal_actions(state, 1) == ()
