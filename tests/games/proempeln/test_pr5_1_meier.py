"""PR-5.0, PR-5.1, PR-R05, PR-R06, PR-R17: the Meier claim."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.proempeln import GAME, scoring
from stammtisch.games.proempeln.model import Announce, Record, Replay
from tests.games.proempeln.helpers import enter, new_state, run

MEIER = (1, 2, 2, 2, 2, 2, 2)


def test_pr_5_1_meier_scores_21() -> None:
    """PR-5.1: "eine 1 und sechs 2er" is a Meier and scores 21 instead of 13."""
    assert run(new_state(), 0, MEIER, claim="meier").scores[0] == (21,)


def test_pr_2_5_meier_must_be_claimed() -> None:
    """PR-2.5, PR-R17: without the claim the run scores normally."""
    assert run(new_state(), 0, MEIER).scores[0] == (13,)


def test_pr_5_1_meier_claim_on_caps_that_are_not_a_meier_is_refused() -> None:
    """PR-5.1, PR-R18: no 0s and no 3s — a claim whose condition fails is refused."""
    state = run(new_state(), 0, (1, 2, 2, 2, 2, 2, 3), claim=None)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Record("meier"))
    assert refused.value.clause == "PR-5.1"
    assert "Kein Meier" in refused.value.message.de and "Not a Meier" in refused.value.message.en
    assert GAME.act(state, 0, Record()).scores[0] == (14,)  # then scored without it


def test_pr_r05_a_meier_needs_a_mix() -> None:
    """PR-R05 (meier_requires_mix = true): seven 2s or seven 1s are no Meier."""
    assert not scoring.is_meier((2,) * 7)
    assert not scoring.is_meier((1,) * 7)
    with pytest.raises(IllegalAction):
        GAME.act(run(new_state(), 0, (2,) * 7, claim=None), 0, Record("meier"))


def test_pr_r05_option_any_ones_and_twos() -> None:
    """PR-R05 option meier_requires_mix = false."""
    assert run(new_state(meier_requires_mix=False), 0, (2,) * 7, claim="meier").scores[0] == (21,)


def test_pr_r06_meier_under_lampenlorer() -> None:
    """PR-R06: L changes nothing in a Meier run; 21."""
    assert run(new_state(), 0, MEIER, "L", claim="meier").scores[0] == (21,)


def test_pr_r06_meier_claimed_under_pash7_lowers_the_score() -> None:
    """PR-R06 (passive_resolution = as_claimed): claims apply exactly as made: 21, not 30."""
    assert run(new_state(), 0, MEIER, "P").scores[0] == (30,)
    assert run(new_state(), 0, MEIER, "P", claim="meier").scores[0] == (21,)


def test_pr_r06_best_of_scores_the_better_value() -> None:
    """PR-R06 option passive_resolution = best_of."""
    assert run(new_state(passive_resolution="best_of"), 0, MEIER, "P", claim="meier").scores[0] == (30,)


def test_pr_5_0_claim_after_recording_is_refused() -> None:
    """PR-2.5, PR-5.0: a claim made after the score has been recorded."""
    state = run(new_state(), 0, MEIER)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 1, Record("meier"))
    assert refused.value.clause == "PR-5.0"


def test_pr_r06_meier_can_be_claimed_any_number_of_times() -> None:
    """PR-R06: Meier is passive; it can be claimed in every round."""
    state = run(new_state(), 0, MEIER, claim="meier")
    state = run(state, 1, MEIER)
    state = run(state, 0, MEIER, claim="meier")
    assert state.scores[0] == (21, 21)


def test_pr_r17_auto_claim_skips_the_record_step() -> None:
    """PR-R17 option auto_claim_passive = true: claims are made whenever they do not lower the score."""
    state = new_state(auto_claim_passive=True)
    state = run(state, 0, MEIER, claim=None)
    assert state.scores[0] == (21,)
    state = run(state, 1, MEIER, "P", claim=None)
    assert state.scores[1] == (30,)


def test_pr_r17_auto_claim_after_a_kniffel() -> None:
    """PR-R17: with auto_claim_passive the Meier of a Kniffel is claimed when the player stops."""
    state = GAME.act(new_state(auto_claim_passive=True), 0, Announce("K"))
    state = GAME.act(enter(state, 0, MEIER), 0, Replay(()))
    assert state.scores[0] == (21,)
