"""R-11.1, R-11.2, RA-21, RA-22: going out with a final discard, and the Rommé-Hand (doubled, R-13.2)."""

from __future__ import annotations

import pytest

from stammtisch.core.protocol import Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld
from stammtisch.games.preisromme.model import Meld

from .support import act, position

OTHERS = ["KC 2D", "3S 4S 5S", "JK"]  # counts 12, 12, 20


def test_r11_2_the_game_ends_when_the_last_card_is_discarded() -> None:
    """R-11.2, RA-21: lay out, then throw the last card: the game is over; the winner scores 0."""
    state = position(["7H 8H 9H 5C", *OTHERS], opened=[0])
    state = act(state, 0, "meld 7H 8H 9H", "discard 5C")
    turn = GAME.turn(state)
    assert isinstance(turn, Finished)
    record = state.history[-1]
    assert record.winner == 0 and not record.romme_hand
    assert record.penalties == (0, 12, 12, 20)


def test_ra21_the_last_card_is_never_laid_out() -> None:
    """RA-21: one card must stay for the final discard."""
    state = position(["7H 8H 9H", *OTHERS], opened=[0])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld 7H 8H 9H")
    assert refused.value.clause == "R-11.2"
    assert Meld("run", ("7H", "8H", "9H")) not in GAME.legal_actions(state, 0)
    table = [("run", "4H 5H 6H", 1)]
    state = position(["7H", *OTHERS], table=table, opened=[0, 1])
    with pytest.raises(IllegalMeld):
        act(state, 0, "layoff 1 7H")


def test_ra21_going_out_by_laying_off_only() -> None:
    """RA-21: a player who has opened may go out having only laid off."""
    table = [("run", "4H 5H 6H", 1)]
    state = position(["7H 9C", *OTHERS], table=table, opened=[0, 1])
    state = act(state, 0, "layoff 1 7H", "discard 9C")
    assert state.history[-1].winner == 0 and not state.history[-1].romme_hand


def test_r11_1_romme_hand_doubles_the_others_points() -> None:
    """R-11.1, R-13.2, RA-22: without laying before, 40 and all other cards but one in one go: doubled."""
    state = position(["6H 7H 8H 9H 10H 2C 3C 4C 5D", *OTHERS])
    state = act(state, 0, "meld 6H 7H 8H 9H 10H", "meld 2C 3C 4C", "discard 5D")
    record = state.history[-1]
    assert record.romme_hand is True
    assert record.hand_points == (0, 12, 12, 20)
    assert record.penalties == (0, 24, 24, 40)


def test_r11_1_no_romme_hand_after_an_earlier_laying() -> None:
    """R-11.1: "ohne vorheriges Auslegen": a player who opened in an earlier turn is not doubled."""
    state = position(["2C 3C 4C 5D", *OTHERS], opened=[0])
    state = act(state, 0, "meld 2C 3C 4C", "discard 5D")
    assert state.history[-1].romme_hand is False
    assert state.history[-1].penalties == (0, 12, 12, 20)


def test_ra22_romme_hand_with_lay_offs_by_option() -> None:
    """RA-22 CFG romme_hand_layoffs: allowed (default) doubles; forbidden wins without doubling."""
    table = [("run", "2S 3S 4S", 1)]
    hands = ["6H 7H 8H 9H 10H 5S 5D", "KC 2D", "3D 4D 5C", "JK"]
    for option, doubled in (("allowed", True), ("forbidden", False)):
        state = position(hands, table=table, opened=[1], options={"romme_hand_layoffs": option})
        state = act(state, 0, "meld 6H 7H 8H 9H 10H", "layoff 1 5S", "discard 5D")
        assert state.history[-1].winner == 0
        assert state.history[-1].romme_hand is doubled
