"""K-4 (fouls), K-7 (Turm), K-9 (burning dice), KA-24..KA-27, KA-36: table incidents."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.games.kluempchen import GAME, turnlog
from stammtisch.games.kluempchen.model import CockedOutcome, FoulOutcome, TowerOutcome
from tests.games.kluempchen.helpers import current, new_state, play, rnd


def test_ka25_turm_is_repeated_and_not_counted() -> None:
    """KA-25: a Turm repeats the throw with the same dice and uses none of the three throws."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "turm")
    assert current(state).throws == 1 and current(state).towers == 1 and current(state).free == 3
    state = play(state, "1 2 3")
    assert current(state).throws == 2 and current(state).towers == 0


def test_k71_three_turms_end_the_turn_with_the_prior_state() -> None:
    """K-7.1/KA-25 (D keep_prior_state): three Turm in a row end the turn as if he had stopped."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "turm", "turm", "turm")
    assert rnd(state).first_result == 6
    state = play(new_state(tower_scoring="zero"), "throw", "3 4 5 6 6 6", "turm", "turm", "turm")
    assert rnd(state).first_result == 0
    state = play(new_state(tower_limit=1), "throw", "3 4 5 6 6 6", "turm")
    assert rnd(state).first_result == 6


def test_k71_a_valid_throw_resets_the_turm_streak() -> None:
    """KA-25: only consecutive Turm repeats count."""
    state = play(new_state(), "throw", "turm", "turm", "3 4 5 6 6 6", "turm", "turm")
    assert current(state).owner == 0 and current(state).towers == 2


def test_k91_burning_dice_repeat_the_throw() -> None:
    """K-9.1/KA-26: dice cocked against each other → repeat; nothing changes but the table's record of the
    turn's throws (it is no Turm)."""
    state = play(new_state(), "throw", "3 4 5 6 6 6")
    after = GAME.resolve(state, CockedOutcome())
    assert after.round.turn._replace(log=()) == state.round.turn._replace(log=())
    assert after._replace(round=None) == state._replace(round=None)
    assert after.round.turn.log[-1][2] == ((turnlog.COCKED, 0, 0),)


def test_ka24_foul_ends_the_turn_with_zero() -> None:
    """K-4.2/KA-24 (D zero): a missing die ends the turn with 0; an announced joker is consumed."""
    state = play(new_state(), "joker", "3 4 5 6 6 6", "foul missing_die")
    assert rnd(state).first_result == 0 and current(state).owner == 1
    assert GAME.view(state, None)["jokers_left"][0] == 0


def test_ka24_foul_keep_prior_state() -> None:
    """CFG foul_scoring = keep_prior_state: the state before the void throw scores."""
    state = play(new_state(foul_scoring="keep_prior_state"), "throw", "3 4 5 6 6 6", "foul off_table")
    assert rnd(state).first_result == 6


def test_ka27_conduct_fouls_only_with_the_option() -> None:
    """KA-27: K-3/K-8 violations are not fouls unless conduct_violation_as_foul."""
    state = play(new_state(), "throw")
    with pytest.raises(ImpossibleOutcome) as error:
        GAME.resolve(state, FoulOutcome("conduct"))
    assert error.value.clause == "KA-27"
    state = play(new_state(conduct_violation_as_foul=True), "throw", "foul conduct")
    assert current(state).owner == 1


def test_ka36_incidents_only_at_the_table() -> None:
    """KA-36: Turm, cocked dice and fouls are refused in digital mode."""
    state = play(new_state(mode="digital"), "throw")
    for incident in (TowerOutcome(), CockedOutcome(), FoulOutcome("fell_out")):
        with pytest.raises(ImpossibleOutcome) as error:
            GAME.resolve(state, incident)
        assert error.value.clause == "KA-36"


def test_incidents_are_not_in_the_dice_distribution() -> None:
    """The chance node's probabilities cover dice only."""
    state = play(new_state(), "throw")
    turn = GAME.turn(state)
    assert TowerOutcome() not in turn.node.outcomes()
    assert len(turn.node.outcomes()) == 462
