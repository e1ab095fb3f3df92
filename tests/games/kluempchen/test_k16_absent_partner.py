"""K-16, KA-34: a briefly absent player's partner may throw for him, without a joker; his Straßen go to
the partner's account; a stand-in never pre-empts an owner who is at the table."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, NotYourTurn
from stammtisch.core.protocol import Decision
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.errors import NotOnTurn, StandInRefused
from stammtisch.games.kluempchen.model import AnnounceJoker, EnterTurn, StandIn, Throw
from tests.games.kluempchen.helpers import current, new_state, play, rnd, view

STRASSE_FAIL = ("1 2 3 4 5 6", "1 2 3 4 5 5", "1 2 3 4", "stop")
PLAYED = ["digital", "table"]


@pytest.mark.parametrize("mode", PLAYED)
def test_k161_stand_in_must_not_pre_empt_an_owner_who_is_present(mode: str) -> None:
    """K-16.1: the partner may throw for the owner only when the owner is absent. Before the owner's
    turn only he is asked (joker, throw, or reported away); the partner's stand-in is refused."""
    state = new_state(mode=mode)
    assert GAME.turn(state) == Decision((0,))
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["joker", "throw", "away"]
    assert GAME.legal_actions(state, 1) == ()
    with pytest.raises(NotYourTurn) as error:
        GAME.act(state, 1, StandIn())
    refusal = error.value
    assert isinstance(refusal, NotOnTurn) and refusal.clause == "K-16.1"
    assert refusal.code == "turn/not_your_turn" and "K-16" not in refusal.message.en


@pytest.mark.parametrize("mode", PLAYED)
def test_k161_partner_decides_once_the_owner_is_reported_away(mode: str) -> None:
    """K-16.1/KA-34: after "away" the partner stands in or declares the turn lost; the owner, back at
    the table, may still throw himself."""
    state = play(new_state(mode=mode), "away")
    assert GAME.turn(state) == Decision((1, 0))
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 1)] == ["standin", "absent"]
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["joker", "throw"]
    back = play(state, "joker@0")
    assert current(back).joker and current(back).thrower == 0


def test_k161_stand_in_throws_the_owner_turn_in_the_same_role() -> None:
    """K-16.1/KA-34: the partner throws seat 0's role-1 turn; the result is seat 0's."""
    state = play(new_state(), "away", "standin@1", "3 4 5 6 6 6", "1 2 3")
    assert current(state).thrower == 1 and current(state).owner == 0
    assert GAME.turn(state) == Decision((1,))
    state = play(state, "stop@1")
    assert rnd(state).first_result == 6 and rnd(state).first_seat == 0
    assert current(state).owner == 1 and current(state).role == 2


def test_k162_no_joker_for_the_absent_player() -> None:
    """K-16.2: the stand-in cannot take a joker; the partner cannot announce one for him."""
    state = play(new_state(), "away")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 1, AnnounceJoker())
    assert error.value.clause == "K-16.2"
    with pytest.raises(StandInRefused) as refused:
        GAME.act(state, 1, Throw())
    assert refused.value.clause == "K-16.1"


@pytest.mark.parametrize("mode", PLAYED)
def test_k163_strassen_go_to_the_thrower_account(mode: str) -> None:
    """K-16.3/KA-34: Straßen thrown for the absent player are booked to the thrower."""
    state = play(new_state(mode=mode), "away", "standin@1", *STRASSE_FAIL)
    assert view(state)["strassen"] == [0, 1, 0, 0]


def test_ka34_absent_and_nobody_throws_scores_zero() -> None:
    """KA-34: forbidden or nobody throws → the turn scores 0; as P2 the joint turn is 0."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "stop", "away@1", "absent@0")
    assert rnd(state).scores == (0, 0)
    assert rnd(state).sheet[-1].gain == 0


def test_ka34_solo_away_scores_zero() -> None:
    """K-1.3/KA-34: the solo has nobody to throw for him: reported away, his turn scores 0."""
    state = play(new_state(5, teams=[[4], [0, 1], [2, 3]]), "away")
    assert current(state).owner == 4 and current(state).role == 2


def test_k13_solo_has_no_partner_to_stand_in() -> None:
    """K-1.3: the solo player's turn waits for him alone."""
    state = new_state(5, teams=[[4], [0, 1], [2, 3]])
    assert GAME.turn(state) == Decision((4,))
    with pytest.raises(Exception) as error:
        GAME.act(state, 0, StandIn())
    assert getattr(error.value, "code", "") == "turn/not_your_turn"


# --- scoresheet mode: the entry says who threw ----------------------------------------------


def sheet(**options: object):
    return new_state(mode="scoresheet", **options)


def test_k161_scoresheet_entry_names_the_thrower() -> None:
    """K-16.1: an entry says who threw it: "by 1" = the partner threw seat 0's turn; notation and JSON
    round-trip; the result is the owner's."""
    action = GAME.parse_action("score 36 strassen 1 by 1")
    assert action == EnterTurn(36, False, 1, 1)
    assert GAME.format_action(action) == "score 36 strassen 1 by 1"
    assert GAME.action_from_json(GAME.action_to_json(action)) == action
    assert action in GAME.legal_actions(sheet(), 0)
    state = play(sheet(), "score 36 strassen 1 by 1")
    assert rnd(state).first_result == 36 and rnd(state).first_seat == 0


def test_k163_scoresheet_strassen_thrown_for_an_absent_partner_go_to_the_thrower() -> None:
    """K-16.3: Straßen the partner threw for the absent owner are booked to the partner's account."""
    state = play(sheet(), "score 36 strassen 1 by 1")
    assert view(state)["strassen"] == [0, 1, 0, 0]
    state = play(sheet(), "six strassen 1 by 1")
    assert view(state)["strassen"] == [0, 1, 0, 0]
    assert state.rounds[-1].payments[-1].seat == 1  # KA-34: the six-equal fine to the physical thrower


def test_k162_scoresheet_joker_only_when_the_owner_threw_himself() -> None:
    """K-16.2: a joker entry thrown by the partner is refused; the owner's own joker is fine."""
    with pytest.raises(IllegalAction) as error:
        GAME.act(sheet(), 0, GAME.parse_action("score 12 joker by 1"))
    assert error.value.clause == "K-16.2"
    assert "K-16" not in error.value.message.en and "K-16" not in error.value.message.de
    assert rnd(play(sheet(), "score 12 joker")).jokers_used[0] == 1


def test_k161_scoresheet_only_the_partner_throws_for_the_owner() -> None:
    """K-16.1/K-1.3: nobody but the partner throws for the owner; the solo has nobody."""
    with pytest.raises(IllegalAction) as error:
        GAME.act(sheet(), 0, GAME.parse_action("score 6 by 2"))
    assert error.value.clause == "K-16.1"
    solo = new_state(5, teams=[[4], [0, 1], [2, 3]], mode="scoresheet")
    with pytest.raises(IllegalAction) as error:
        GAME.act(solo, 4, GAME.parse_action("score 6 by 0"))
    assert error.value.clause == "K-1.3"
