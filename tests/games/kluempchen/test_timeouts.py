"""What a digital table's deadline submits for a silent seat (protocol hook ``timeout_action``):
K-16.1 an owner who does not start his turn is away, KA-34 a partner who does not answer for him
throws nothing, KA-37 no optional 3rd throw, K-17 an entitled seat that does not answer waives."""

from __future__ import annotations

from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import Forfeit, NextRound, ReportAway, Stop
from tests.games.kluempchen.helpers import new_state, play, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")


def test_k161_a_silent_owner_is_away_and_a_silent_partner_throws_nothing() -> None:
    state = new_state(mode="digital")
    assert GAME.timeout_action(state, 0) == ReportAway()
    assert GAME.timeout_action(state, 1) is None  # not his decision
    away = play(state, "away")
    assert GAME.timeout_action(away, 1) == Forfeit()
    assert GAME.timeout_action(away, 0) is None  # back at the table he acts himself; the deadline asks his partner


def test_ka37_a_silent_player_does_not_take_the_third_throw() -> None:
    state = play(new_state(mode="digital"), "throw", "3 4 5 6 6 6", "1 2 3")
    assert GAME.timeout_action(state, 0) == Stop()


def test_k17_a_silent_entitled_seat_waives_the_redraw() -> None:
    state = play(with_scores(new_state(mode="digital"), (144, 10)), *SIX, *SIX)
    assert GAME.timeout_action(state, 2) == NextRound()
    assert GAME.timeout_action(state, 0) is None  # winners hold no choice; closing is the Schreiber's


def test_scoresheet_waits_for_the_schreiber() -> None:
    assert GAME.timeout_action(new_state(mode="scoresheet"), 0) is None
