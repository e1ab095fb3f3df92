"""K-17, KA-23: after a round the losers (or the solo) may demand a redraw; who starts next; closing."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, MatchFinished
from stammtisch.core.protocol import Decision, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import DRAW, MANUAL, PLAY, ROUND_OVER, DemandRedraw, NextRound
from tests.games.kluempchen.helpers import current, new_state, play, view, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")
TURN = {"digital": SIX, "table": SIX, "scoresheet": ("score 6",)}
MODES = ["digital", "table", "scoresheet"]


def finished_round(seats: int = 4, mode: str = "table", **options: object):
    state = new_state(seats, mode=mode, **options)
    scores = (144,) + (10,) * (len(state.teams) - 1)
    state = with_scores(state, scores)
    return play(state, *TURN[mode], *TURN[mode])


@pytest.mark.parametrize("mode", MODES)
def test_k171_only_losers_may_demand_a_redraw(mode: str) -> None:
    """K-17.1: the losing team (2, 3) chooses between a redraw and the next round; the winners may
    only close the evening (the Schreiber's act), never demand a redraw."""
    state = finished_round(mode=mode)
    assert GAME.turn(state) == Decision((2, 3, 0, 1))
    new_seat = ["join", "join external"]  # E-26: someone new may sit down between rounds, whoever enters it
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 2)] == ["redraw", "next", "close", *new_seat]
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["close", *new_seat]
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, DemandRedraw())
    assert error.value.clause == "K-17.1"


@pytest.mark.parametrize("mode", MODES)
def test_k171_winners_cannot_take_the_losers_choice_away(mode: str) -> None:
    """K-17.1: "Das Verliererteam kann nach jeder verlorenen Runde immer ein neues Auswürfeln fordern":
    a winner pressing "next" does not start the next round; the losers still choose."""
    state = finished_round(mode=mode)
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, NextRound())
    assert error.value.clause == "K-17.1"
    assert "K-17" not in error.value.message.en and "K-17" not in error.value.message.de
    state = GAME.act(state, 3, DemandRedraw())
    assert state.phase == MANUAL


def test_k171_one_member_answers_for_the_losing_team() -> None:
    """K-17.1: the right is the team's; either member's "next" starts the next round."""
    state = play(finished_round(), "next@3")
    assert state.round is not None and state.round.number == 2 and current(state).owner == 2


@pytest.mark.parametrize("mode", MODES)
def test_k173_solo_right_stands_when_the_losers_choose_next(mode: str) -> None:
    """K-17.2/K-17.3: the solo may demand a redraw although he won, and his right ranks above the
    losing team's: their "next" waits for him; his redraw then stands."""
    state = new_state(5, teams=[[4], [0, 1], [2, 3]], mode=mode)
    state = with_scores(state, (144, 10, 144))
    turn = TURN[mode]
    state = play(state, *turn, *turn, *turn, *turn)  # the solo goes out, then team (0, 1); (2, 3) lost
    assert state.rounds[-1].loser == 1
    state = play(state, "next@2")
    assert state.phase == ROUND_OVER and GAME.turn(state).seats[0] == 4
    # Besides closing, any seat at the table may enter a leave (E-22: 5 seated, so one may go).
    leaves = [f"leave {seat}" for seat in range(5)]
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 3)] == ["close", "join", "join external", *leaves]
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 3, DemandRedraw())
    assert error.value.clause == "K-17.1"  # his team already chose; the solo's right still stands
    assert play(state, "redraw@4").phase == MANUAL
    state = play(state, "next@4")
    assert state.phase == PLAY and state.round is not None and state.round.number == 2


def test_k172_solo_may_demand_a_redraw_even_after_winning() -> None:
    """K-17.2/K-17.3: the solo's right stands, whether or not he lost."""
    state = new_state(5, teams=[[4], [0, 1], [2, 3]])  # clockwise: (0, 1), (2, 3), solo 4; the solo starts
    state = with_scores(state, (144, 10, 144))
    state = play(state, *SIX, *SIX, *SIX, *SIX)  # the solo goes out, then team (0, 1); (2, 3) lost
    assert state.rounds[-1].loser == 1
    assert view(state)["redraw_seats"] == [2, 3, 4]
    leaves = [f"leave {seat}" for seat in range(5)]  # E-22: 5 seated, one may go
    offered = [GAME.format_action(a) for a in GAME.legal_actions(state, 4)]
    assert offered == ["redraw", "next", "close", "join", "join external", *leaves]


def test_k174_next_round_starts_with_the_losing_team() -> None:
    """K-17.4: without a redraw the losing team starts the next round; jokers are fresh."""
    state = play(finished_round(), "next")
    assert current(state).owner == 2
    assert state.round is not None and state.round.number == 2 and state.round.scores == (0, 0)
    assert view(state)["jokers_left"] == [1, 1, 1, 1]


def test_ka23_redraw_starts_with_the_draw_winner() -> None:
    """KA-23: after a redraw the draw winner's team starts."""
    state = GAME.start(4, GAME.configure({"mode": "table"}))
    state = play(state, "3", "5", "5", "2")  # teams (0, 3), (1, 2); (1, 2) starts
    state = play(with_scores(state, (10, 144)), *SIX, *SIX)
    assert state.rounds[-1].loser == 0
    state = play(state, "redraw@3")
    assert state.phase == DRAW
    state = play(state, "1", "2", "6", "3")  # seat 2 takes seat 3, seat 1 (2 > 1) takes seat 0
    assert current(state).owner == 2 and state.teams[state.round.current].first == 2


def test_ka23_manual_redraw() -> None:
    """KA-22/KA-23: with team_draw = manual the redraw is entered by hand."""
    state = play(finished_round(), "redraw@3")
    assert state.phase == MANUAL
    state = play(state, "team 3 0", "team 2 1")
    assert current(state).owner == 3


def test_close_evening_finishes_with_money_as_score() -> None:
    """A.3: the evening ends when the Schreiber closes it; scores are cents received - paid."""
    state = play(finished_round(), "close")
    turn = GAME.turn(state)
    assert isinstance(turn, Finished)
    result = turn.result
    assert result.scores == (-200, -200, -600, -600)  # unit 200: jokers 1 each, losers on 10: 3 units
    assert result.ranking == ((0, 1), (2, 3))
    assert result.details["bank_cents"] == 1600
    with pytest.raises(MatchFinished):
        GAME.act(state, 0, GAME.parse_action("next"))
