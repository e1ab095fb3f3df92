"""K-5.1, KA-16, KA-17, K-11.1: joint turns, the second player must score, going out at 150."""

from __future__ import annotations

from stammtisch.games.kluempchen.model import ROUND_OVER
from tests.games.kluempchen.helpers import current, new_state, play, rnd, view, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")  # a turn worth 6
ZERO = ("throw", "1 2 3 4 5 5", "1 2 3 4", "throw", "1 2 3 4")  # a turn worth 0


def test_k51_second_player_must_score() -> None:
    """K-5.1: P1 puts up 6, P2 scores 0 → the joint turn is worth 0."""
    state = play(new_state(), *SIX, *ZERO)
    assert rnd(state).scores == (0, 0)
    entry = rnd(state).sheet[-1]
    assert (entry.first_points, entry.second_points, entry.gain) == (6, 0, 0)


def test_ka16_first_player_may_score_zero() -> None:
    """KA-16: P1 0 and P2 6 → the team gains 6."""
    state = play(new_state(), *ZERO, *SIX)
    assert rnd(state).scores == (6, 0)


def test_ka16_provisional_points_and_team_order() -> None:
    """KA-16: P1's points are provisional; teams act clockwise; P1 starts every joint turn (fixed)."""
    state = play(new_state(), *SIX)
    assert view(state)["provisional"] == {"seat": 0, "points": 6}
    assert rnd(state).scores == (0, 0)
    state = play(state, *SIX)
    assert rnd(state).scores == (12, 0)
    assert (current(state).owner, current(state).role) == (2, 1)
    state = play(state, *SIX, *SIX)
    assert (current(state).owner, current(state).role) == (0, 1)


def test_ka16_alternate_internal_order() -> None:
    """CFG team_internal_order = alternate: the partner starts the team's next joint turn."""
    state = play(new_state(team_internal_order="alternate"), *SIX, *SIX, *SIX, *SIX)
    assert (current(state).owner, current(state).role) == (1, 1)


def test_ka17_going_out_at_150_ends_a_two_team_round() -> None:
    """KA-17/K-11.1: >= 150 after a joint turn is out; one team left → the round ends, it lost."""
    state = with_scores(new_state(), (138, 40))
    state = play(state, *SIX, *SIX)
    assert state.phase == ROUND_OVER
    record = state.rounds[-1]
    assert record.scores == (150, 40) and record.loser == 1 and record.ending == "normal"


def test_ka17_out_teams_throw_no_more() -> None:
    """KA-17: with three teams the round goes on; the team that went out is skipped."""
    state = with_scores(new_state(6), (145, 10, 20))
    state = play(state, *SIX, *SIX)
    assert rnd(state).out == (True, False, False)
    assert current(state).owner == 2
    state = play(state, *SIX, *SIX)
    assert current(state).owner == 4
    state = play(state, *SIX, *SIX)
    assert current(state).owner == 2  # team 0 is skipped
