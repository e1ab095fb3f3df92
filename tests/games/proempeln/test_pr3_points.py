"""PR-1.1, PR-2.2, PR-2.3, PR-3.1-3.5, PR-R13, PR-R14, PR-R16, PR-R18: stoppers, values, entry checks."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome, InvalidSetup, NotYourTurn, OutcomePending
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Landing, Record, Slip
from tests.games.proempeln.helpers import enter, new_state, run


def test_pr_1_1_two_to_seven_players() -> None:
    """PR-1.1: 2-7 players; anything else is refused."""
    for seats in range(2, 8):
        assert new_state(seats).seats == seats
    for seats in (0, 1, 8):
        with pytest.raises(InvalidSetup) as refused:
            new_state(seats)
        assert refused.value.clause == "PR-1.1"
        assert "Spieler" in refused.value.message.de and "players" in refused.value.message.en


@pytest.mark.parametrize("points", [4, -1, 7])
def test_pr_3_1_landing_outside_0_to_3_is_refused(points: int) -> None:
    """PR-3.1, PR-R18: a stopper scores 0, 1, 2 or 3."""
    state = GAME.act(new_state(), 0, Announce("none"))
    with pytest.raises(ImpossibleOutcome) as refused:
        GAME.resolve(state, Landing(0, 1, points))
    assert refused.value.clause == "PR-3.1"
    assert "0, 1, 2 oder 3" in refused.value.message.de and "0, 1, 2 or 3" in refused.value.message.en


def test_pr_3_1_the_regular_run_is_the_sum() -> None:
    """PR-1.3, PR-3.1: a regular run scores the sum of its values, 0-21."""
    state = run(new_state(), 0, (0, 1, 2, 3, 3, 2, 1))
    assert state.scores[0] == (12,)


def test_pr_r18_caps_for_a_player_whose_turn_it_is_not() -> None:
    """PR-R18: values entered for a player whose turn it is not are refused."""
    state = GAME.act(new_state(3), 0, Announce("none"))
    with pytest.raises(NotYourTurn) as refused:
        GAME.resolve(state, Landing(1, 1, 2))
    assert refused.value.clause == "PR-R18"
    assert "Platz 2" in refused.value.message.de and "Seat 2" in refused.value.message.en


def test_pr_2_2_stoppers_are_entered_in_bottle_order() -> None:
    """PR-2.2: the bottles are flicked one after another; each tap is checked at once."""
    state = GAME.act(new_state(), 0, Announce("none"))
    state = enter(state, 0, (1, 2))
    with pytest.raises(ImpossibleOutcome) as refused:
        GAME.resolve(state, Landing(0, 5, 1))
    assert refused.value.clause == "PR-2.2"


def test_pr_2_2_announce_first_then_the_stoppers() -> None:
    """PR-2.4: no stopper before the announcement; no announcement during the run."""
    state = new_state()
    assert GAME.legal_actions(state, 0)[0] == Announce("none")
    state = GAME.act(state, 0, Announce("none"))
    with pytest.raises(OutcomePending):
        GAME.act(state, 0, Announce("L"))


def test_pr_r13_invalid_attempt_scores_zero() -> None:
    """PR-2.3, PR-R13 (invalid_attempt = zero): the attempt scores 0 and is not replayed."""
    state = GAME.act(new_state(), 0, Announce("none"))
    state = GAME.resolve(state, Landing(0, 1, 0, invalid=True))
    state = enter(state, 0, (3,) * 6, range(2, 8))
    state = GAME.act(state, 0, Record())
    assert state.scores[0] == (18,)


def test_pr_r13_invalid_attempt_is_entered_as_zero() -> None:
    """PR-R13: the invalid flag overrides the position; it is entered with 0 points."""
    state = GAME.act(new_state(), 0, Announce("none"))
    with pytest.raises(ImpossibleOutcome) as refused:
        GAME.resolve(state, Landing(0, 1, 3, invalid=True))
    assert refused.value.clause == "PR-R13"


def test_pr_r13_repeat_option_flicks_again() -> None:
    """PR-R13 (invalid_attempt = repeat): the same stopper is flicked again."""
    state = GAME.act(new_state(invalid_attempt="repeat"), 0, Announce("none"))
    state = GAME.resolve(state, Landing(0, 1, 0, invalid=True))
    assert GAME.view(state, None)["run"]["next_bottle"] == 1
    state = enter(state, 0, (3, 3, 3, 3, 3, 3, 2))
    assert GAME.act(state, 0, Record()).scores[0] == (20,)


def test_pr_3_3_a_slipped_stopper_scores_zero() -> None:
    """PR-3.3, PR-R14: values are final positions; a borderline 1 that slips off counts 0."""
    state = run(new_state(), 0, (1, 2, 2, 2, 2, 2, 2), claim=None)
    state = GAME.act(state, 0, Slip(1))
    assert GAME.view(state, None)["run"]["caps"][0] == 0
    state = GAME.act(state, 0, Record())
    assert state.scores[0] == (12,)


def test_pr_3_3_slip_needs_a_scoring_stopper() -> None:
    """PR-3.3: only a stopper that scores can slip off."""
    state = run(new_state(), 0, (0, 2, 2, 2, 2, 2, 2), claim=None)
    with pytest.raises(Exception) as refused:
        GAME.act(state, 0, Slip(1))
    assert refused.value.clause == "PR-3.3"  # type: ignore[attr-defined]


def test_pr_3_5_running_totals_and_negative_scores() -> None:
    """PR-3.5, PR-R16: the total is updated after each turn and may be negative."""
    state = run(new_state(), 0, (0,) * 7, "L")
    state = run(state, 1, (1,) * 7)
    state = run(state, 0, (2,) * 7)
    view = GAME.view(state, None)
    assert view["players"][0]["round_scores"] == [-21, 14]
    assert view["players"][0]["running_totals"] == [-21, -7]
    assert view["players"][0]["total"] == -7
    assert view["players"][1]["total"] == 7


def test_pr_5_0_record_step_shows_claims_and_score() -> None:
    """PR-2.5: after the run the claims available and the score are shown before recording."""
    state = run(new_state(), 0, (1, 2, 2, 2, 2, 2, 2), claim=None)
    run_view = GAME.view(state, 0)["run"]
    assert run_view["claims_available"] == ["meier"]
    assert run_view["score_now"] == 13
    assert GAME.legal_actions(state, 0)[:2] == (Record("none"), Record("meier"))
