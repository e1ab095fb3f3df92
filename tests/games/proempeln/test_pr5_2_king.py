"""PR-5.2, PR-R07: the King move (Königszug) ends the game at once."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, MatchFinished
from stammtisch.core.protocol import Finished
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Landing, Record
from tests.games.proempeln.helpers import new_state, run

KING = (3,) * 7


def test_pr_5_2_seven_threes_end_the_game() -> None:
    """PR-5.2, PR-R07 (king_ends = immediately): the claimant wins at once; others do not play."""
    state = run(new_state(3), 0, (0,) * 7)
    state = run(state, 1, KING, claim="king")
    turn = GAME.turn(state)
    assert isinstance(turn, Finished)
    assert turn.result.ranking[0] == (1,)
    assert turn.result.details["end_reason"] == "king"
    assert state.scores == ((0,), (21,), ())  # recorded; seat 2 never played
    with pytest.raises(MatchFinished):
        GAME.act(state, 2, Announce("none"))
    with pytest.raises(MatchFinished):
        GAME.resolve(state, Landing(2, 1, 3))


def test_pr_r07_king_records_the_special_value() -> None:
    """PR-R07: L 42, P 30 are recorded; a King ranks first even with a lower total."""
    assert run(new_state(), 0, KING, "L", claim="king").scores[0] == (42,)
    assert run(new_state(), 0, KING, "P", claim="king").scores[0] == (30,)
    state = run(new_state(), 0, (0,) * 7, "L")
    state = run(state, 1, (3,) * 7, "L")
    state = run(state, 0, KING, claim="king")
    result = GAME.result(state)
    assert result is not None and result.ranking == ((0,), (1,)) and result.scores == (0, 42)


def test_pr_r07_without_a_claim_the_game_goes_on() -> None:
    """PR-2.5, PR-R07: the King must be claimed; otherwise the run scores normally."""
    state = run(new_state(), 0, KING)
    assert state.scores[0] == (21,)
    assert not isinstance(GAME.turn(state), Finished)


def test_pr_5_2_king_claim_needs_seven_threes() -> None:
    """PR-5.2, PR-R18: a King claim whose condition fails is refused."""
    state = run(new_state(), 0, (3, 3, 3, 3, 3, 3, 2), claim=None)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Record("king"))
    assert refused.value.clause == "PR-5.2"
    assert "Königszug" in refused.value.message.de and "King" in refused.value.message.en


def test_pr_r07_finish_round_option_with_several_kings_goes_to_stechen() -> None:
    """PR-R07 option king_ends = finish_round: the round is finished; several kings go to a Stechen."""
    state = run(new_state(3, king_ends="finish_round"), 0, KING, claim="king")
    assert not isinstance(GAME.turn(state), Finished)
    state = run(state, 1, (0,) * 7)
    state = run(state, 2, KING, claim="king")
    view = GAME.view(state, None)
    assert view["phase"] == "stechen" and view["stechen"]["contenders"] == [0, 2]
    state = GAME.resolve(state, Landing(0, 0, 1))
    state = GAME.resolve(state, Landing(2, 0, 2))
    result = GAME.result(state)
    assert result is not None and result.ranking[0] == (2,) and result.details["end_reason"] == "stechen"


def test_pr_r07_finish_round_single_king_wins_after_the_round() -> None:
    """PR-R07 option king_ends = finish_round with one king."""
    state = run(new_state(2, king_ends="finish_round"), 0, KING, claim="king")
    state = run(state, 1, (1,) * 7)
    result = GAME.result(state)
    assert result is not None and result.ranking[0] == (0,) and state.round == 1
