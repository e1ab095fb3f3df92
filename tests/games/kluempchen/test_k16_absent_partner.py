"""K-16, KA-34: a briefly absent player's partner may throw for him, without a joker."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Decision
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import AnnounceJoker, StandIn, Throw
from tests.games.kluempchen.helpers import current, new, play, rnd, view

STRASSE_FAIL = ("1 2 3 4 5 6", "1 2 3 4 5 5", "1 2 3 4", "stop")


def test_k161_partner_is_asked_before_the_owner_turn() -> None:
    """D4: before a turn both the owner (joker/throw) and the partner (stand in/absent) may act."""
    state = new()
    assert GAME.turn(state) == Decision((0, 1))
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 1)] == ["standin", "absent"]
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["joker", "throw"]


def test_k161_stand_in_throws_the_owner_turn_in_the_same_role() -> None:
    """K-16.1/KA-34: the partner throws seat 0's role-1 turn; the result is seat 0's."""
    state = play(new(), "standin@1", "3 4 5 6 6 6", "1 2 3")
    assert current(state).thrower == 1 and current(state).owner == 0
    assert GAME.turn(state) == Decision((1,))
    state = play(state, "stop@1")
    assert rnd(state).first_result == 6 and rnd(state).first_seat == 0
    assert current(state).owner == 1 and current(state).role == 2


def test_k162_no_joker_for_the_absent_player() -> None:
    """K-16.2: the stand-in cannot take a joker; the partner cannot announce one for him."""
    with pytest.raises(IllegalAction) as error:
        GAME.act(new(), 1, AnnounceJoker())
    assert error.value.clause == "K-16.2"
    with pytest.raises(IllegalAction) as error:
        GAME.act(new(), 1, Throw())
    assert error.value.clause == "K-16.1"


def test_k163_strassen_go_to_the_thrower_account() -> None:
    """K-16.3/KA-34: Straßen thrown for the absent player are booked to the thrower."""
    state = play(new(), "standin@1", *STRASSE_FAIL)
    assert view(state)["strassen"] == [0, 1, 0, 0]


def test_ka34_absent_and_nobody_throws_scores_zero() -> None:
    """KA-34: forbidden or nobody throws → the turn scores 0; as P2 the joint turn is 0."""
    state = play(new(), "throw", "3 4 5 6 6 6", "1 2 3", "stop", "absent@0")
    assert rnd(state).scores == (0, 0)
    assert rnd(state).sheet[-1].gain == 0


def test_k13_solo_has_no_partner_to_stand_in() -> None:
    """K-1.3: the solo player's turn waits for him alone."""
    state = new(5, teams=[[4], [0, 1], [2, 3]])
    assert GAME.turn(state) == Decision((4,))
    with pytest.raises(Exception) as error:
        GAME.act(state, 0, StandIn())
    assert getattr(error.value, "code", "") == "turn/not_your_turn"
