"""RG-6 end of the game: after the fifth Prediction Round (RG-6.1) or when all hands are empty, after
one last Scoring and Prediction Round (RG-6.2, RG-R13); the winner (RG-R14)."""

from __future__ import annotations

import random
from dataclasses import replace

from stammtisch.core.protocol import Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import PlayCard, ReportFirstSpeaker, Vote
from stammtisch.games.regeln.scoring import result
from tests.support.play import random_game

from .support import ready, take_first


def test_rg6_1_five_rounds() -> None:
    """RG-2.1, RG-6.1: random games end after five rounds (or earlier when the hands run out)."""
    for seed in range(6):
        state = random_game(GAME, GAME.start(4, GAME.configure()), random.Random(seed))
        turn = GAME.turn(state)
        assert isinstance(turn, Finished)
        assert 1 <= len(state.scorepad) <= 5
        assert len(state.scorepad) == 5 or all(not hand for hand in state.hands)
        assert turn.result.scores == state.scores


def test_rg6_2_last_card_played_ends_after_one_scoring() -> None:
    """RG-6.2, RG-R13: when the last card in every hand has been played, one last Scoring and
    Prediction Round is held, and the game ends, even in round 1."""
    state = ready(3)
    state = replace(state, active=0, hands=(("K-W2",), (), ()))
    state = GAME.act(state, 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(False, 3)), (1, Vote(True, 1)), (2, Vote(True, 1))):
        state = GAME.act(state, seat, vote)
    state = take_first(state)
    assert state.phase == "first_speaker" and state.last_round
    state = GAME.act(state, 0, ReportFirstSpeaker(None))
    assert state.phase == "over" and len(state.scorepad) == 1


def test_rg_r14_ties_are_shared_or_drawn() -> None:
    """RG-R14: equal totals share the win (default); ``draw_place_cards`` orders by the place cards."""
    state = replace(ready(3), scores=(10, 10, 5), places=(2, 1, 3))
    assert result(state).ranking == ((0, 1), (2,))
    drawn = replace(state, config=replace(state.config, winner_tiebreak="draw_place_cards"))
    assert result(drawn).ranking == ((1,), (0,), (2,))
