"""K-17, KA-23: after a round the losers (or the solo) may demand a redraw; who starts next; closing."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, MatchFinished
from stammtisch.core.protocol import Decision, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import DRAW, MANUAL, DemandRedraw
from tests.games.kluempchen.helpers import current, new, play, view, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")


def finished_round(seats: int = 4, **options: object):
    state = new(seats, **options)
    scores = (144,) + (10,) * (len(state.teams) - 1)
    state = with_scores(state, scores)
    return play(state, *SIX, *SIX)


def test_k171_only_losers_may_demand_a_redraw() -> None:
    """K-17.1: the losing team may demand a redraw; the winners may not."""
    state = finished_round()
    assert GAME.turn(state) == Decision((0, 1, 2, 3))
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 2)] == ["redraw", "next", "close"]
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["next", "close"]
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, DemandRedraw())
    assert error.value.clause == "K-17.1"


def test_k172_solo_may_demand_a_redraw_even_after_winning() -> None:
    """K-17.2/K-17.3: the solo's right stands, whether or not he lost."""
    state = new(5, teams=[[4], [0, 1], [2, 3]])  # clockwise: (0, 1), (2, 3), solo 4; the solo starts
    state = with_scores(state, (144, 10, 144))
    state = play(state, *SIX, *SIX, *SIX, *SIX)  # the solo goes out, then team (0, 1); (2, 3) lost
    assert state.rounds[-1].loser == 1
    assert view(state)["redraw_seats"] == [2, 3, 4]
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 4)] == ["redraw", "next", "close"]


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
