"""R-12.1, R-13.1, R-13.2, RA-23, RA-24: the count of the cards left in hand, penalty points, totals."""

from __future__ import annotations

import random

from stammtisch.core.protocol import Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import VALUE, hand_points
from stammtisch.games.preisromme.scoring import deck_points

from .support import act, cards, play_steps, position


def test_r13_1_card_values() -> None:
    """R-13.1: As, König, Dame, Bube = 10; Joker = 20; the others their number."""
    assert hand_points(cards("AC KC QC JC")) == 40
    assert hand_points(cards("JK")) == 20
    assert hand_points(cards("2C 3S 9H 10D")) == 24
    assert [VALUE[c] for c in cards("AH 2H 10H JH")] == [10, 2, 10, 10]
    assert deck_points(GAME.start(4, GAME.configure()).config) == 872


def test_ra23_penalty_points_are_hand_counts_and_the_winner_scores_zero() -> None:
    """RA-23: every other seat scores its hand count; the view shows the booked result."""
    state = position(["7H 8H 9H 5C", "AC KC JK", "2S 3S", "10D"], opened=[0])
    state = act(state, 0, "meld 7H 8H 9H", "discard 5C")
    assert state.history[-1].penalties == (0, 40, 5, 10)
    assert GAME.view(state, None)["history"][-1]["hand_points"] == [0, 40, 5, 10]
    result = GAME.result(state)
    assert result.scores == (0, -40, -5, -10)
    assert result.ranking == ((0,), (2,), (3,), (1,))


def test_ra23_winner_collects_option() -> None:
    """RA-23 CFG scoring = winner_collects: the winner is credited with the others' sum."""
    state = position(["7H 8H 9H 5C", "AC KC JK", "2S 3S", "10D"], opened=[0], options={"scoring": "winner_collects"})
    state = act(state, 0, "meld 7H 8H 9H", "discard 5C")
    assert state.history[-1].credits == (55, 0, 0, 0)
    assert GAME.result(state).scores == (55, -40, -5, -10)


def test_r1_2_a_match_is_a_pass_of_eight_games_with_running_totals() -> None:
    """R-1.2, R-2.1, RA-24: eight games, dealing passes on, totals are the sum of the games."""
    state = GAME.start(4, GAME.configure())
    trail = play_steps(state, random.Random(5))
    final = trail[-1][3]
    assert isinstance(GAME.turn(final), Finished)
    assert len(final.history) == 8
    assert [r.dealer for r in final.history] == [0, 1, 2, 3, 0, 1, 2, 3]
    for seat in range(4):
        assert final.penalties[seat] == sum(r.penalties[seat] for r in final.history)
    for record in final.history:
        if record.winner is not None:
            assert record.penalties[record.winner] == 0
