"""K-10, KA-15: one joker per player per round, announced before the turn, doubling that turn."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import AnnounceJoker
from tests.games.kluempchen.helpers import current, new_state, play, rnd, view


def test_k104_joker_doubles_including_confirmation_points() -> None:
    """KA-15: (11 + 2) x 2 = 26: Anschluss 555 666 confirmed by 222."""
    state = play(new_state(), "joker", "5 5 5 6 6 6", "1 2 2 2 3 4", "1 3 4", "stop")
    assert rnd(state).first_result == 26


def test_k101_joker_only_once_per_round() -> None:
    """K-10.1/KA-15: a second joker in the same round is refused."""
    state = play(new_state(), "joker", "3 4 5 6 6 6", "1 2 3", "stop")  # seat 0, P1
    state = play(state, "throw", "3 4 5 6 6 6", "1 2 3", "stop")  # seat 1, P2
    state = play(state, "throw", "1 2 3 4 4 4", "1 2 3", "stop", "throw", "1 2 3 4 4 4", "1 2 3", "stop")
    assert current(state).owner == 0
    assert GAME.legal_actions(state, 0) == (GAME.parse_action("throw"), GAME.parse_action("away"))
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, AnnounceJoker())
    assert error.value.clause == "K-10.1"
    assert view(state)["jokers_left"] == [0, 1, 1, 1]


def test_k103_joker_must_be_announced_before_the_turn() -> None:
    """K-10.3: no joker after the first throw."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, AnnounceJoker())
    assert error.value.clause == "K-10.3"


def test_ka15_joker_on_a_zero_turn_is_consumed() -> None:
    """KA-15: a joker used on a turn that ends 0 is consumed (and not ins Grab)."""
    state = play(new_state(), "joker", "3 4 5 6 6 6", "1 2 3", "throw", "1 2 3")
    assert rnd(state).first_result == 0
    assert view(state)["jokers_left"][0] == 0


def test_ka15_joker_doubles_only_the_own_turn() -> None:
    """KA-15: P2's joker doubles P2's result, not P1's: 6 + 2 x 4 = 14."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "stop", "joker", "1 2 3 4 4 4", "1 2 3", "stop")
    assert rnd(state).scores[0] == 14
    assert rnd(state).sheet[-1].second_points == 8


def test_ka21_solo_has_one_joker_per_role() -> None:
    """KA-15/KA-21: the solo (seat 4 of 5) has two jokers, one for each role."""
    state = new_state(5, teams=[[4], [0, 1], [2, 3]])
    assert current(state).owner == 4
    state = play(state, "joker", "3 4 5 6 6 6", "1 2 3", "stop")
    assert current(state).owner == 4 and current(state).role == 2
    assert GAME.format_action(GAME.legal_actions(state, 4)[0]) == "joker"
    state = play(state, "joker", "1 2 3 4 4 4", "1 2 3", "stop")
    assert rnd(state).scores[2] == 12 + 8  # the solo's team is last in clockwise order
    assert view(state)["jokers_left"][4] == 0
