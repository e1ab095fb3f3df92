"""PR-2.4 (one announcement per round) and PR-5.0 (a claim before the score is written down): the
refusal names the clause the input breaks, not the framework's generic "not your turn"; the class stays
the framework's (programs and the conformance kit see the same kind), the code is Prömpeln's."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, NotYourTurn, OutcomePending, RuleViolation
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Landing, Record, Slip

from .helpers import new_state, run


def _refused(state, seat, action) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        GAME.act(state, seat, action)
    error = refused.value
    assert error.message.de and error.message.en and "PR-" not in error.message.en + error.message.de
    return error


def test_pr2_4_second_special_while_the_run_is_being_entered() -> None:
    """PR-2.4: seat 1 announced L; a Kniffel announced during her run is refused with PR-2.4."""
    state = GAME.act(new_state(), 0, Announce("L"))
    state = GAME.resolve(state, Landing(0, 1, 2))
    error = _refused(state, 0, Announce("K"))
    assert isinstance(error, OutcomePending) and error.clause == "PR-2.4" and error.code == "special/one_per_round"


def test_pr2_4_second_special_at_the_record_step() -> None:
    """PR-2.4: at her own record step a second announcement is refused with PR-2.4."""
    state = run(new_state(), 0, (2,) * 7, "L", claim=None)
    error = _refused(state, 0, Announce("P"))
    assert isinstance(error, IllegalAction) and error.clause == "PR-2.4"


def test_pr2_4_second_special_after_the_own_run() -> None:
    """PR-2.4: after her run is recorded, another announcement in the same round is refused with PR-2.4."""
    state = run(new_state(), 0, (2,) * 7, "L")
    error = _refused(state, 0, Announce("K"))
    assert isinstance(error, NotYourTurn) and error.clause == "PR-2.4"


def test_pr5_0_claim_after_the_round_is_recorded() -> None:
    """PR-5.0, PR-R06: a Meier claimed after the score is written down is refused with PR-5.0."""
    state = run(new_state(), 0, (1, 2, 2, 2, 2, 2, 2))
    error = _refused(state, 0, Record("meier"))
    assert isinstance(error, NotYourTurn) and error.clause == "PR-5.0" and error.code == "claim/after_record"
    state = GAME.act(state, 1, Announce("none"))  # seat 2 flicks now: an outcome is pending
    error = _refused(state, 0, Record("meier"))
    assert isinstance(error, OutcomePending) and error.clause == "PR-5.0"


def test_pr3_5_slip_after_the_round_is_recorded() -> None:
    """PR-3.5: the score is written down right after the turn; a slip after that is refused (PR-3.5)."""
    state = run(new_state(), 0, (1, 2, 2, 2, 2, 2, 2))
    error = _refused(state, 0, Slip(1))
    assert isinstance(error, NotYourTurn) and error.clause == "PR-3.5"


def test_refusals_of_other_seats_stay_generic() -> None:
    """A seat that has not played yet and acts out of turn keeps the framework's refusal."""
    state = GAME.act(new_state(), 0, Announce("none"))
    error = _refused(state, 1, Record("meier"))
    assert isinstance(error, OutcomePending) and error.clause == "proempeln/protocol"
