"""RG-1 set-up: face-up cards (RG-1.7), one Korrektur per colour (RG-1.8, RG-R08), the deal (RG-1.9),
place cards (RG-1.10), predictions at set-up (RG-1.11, RG-R16), starting chips (RG-1.13)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from stammtisch.core.errors import InvalidSetup
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import CardOutcome, PlaceOutcome, Predict, TakeChip

from .support import all_cards, chance_until, lay_out, new_state


def test_rg0_three_to_five_players() -> None:
    """RG-0: 3 to 5 players."""
    for seats in (2, 6):
        with pytest.raises(InvalidSetup) as error:
            GAME.start(seats, GAME.configure())
        assert error.value.clause == "RG-0"


def test_rg1_3_pool_sizes() -> None:
    """RG-1.3, RG-R17: 15 chips per colour with 3 players, the configured number with 4-5."""
    assert new_state(3).pool == (15, 15, 15, 15)
    assert new_state(4).pool == (20, 20, 20, 20)
    assert new_state(5, {"chips_per_colour_full": 25}).pool == (25, 25, 25, 25)


def test_rg1_5_rg1_6_start_cards() -> None:
    """RG-1.5, RG-1.6: Einfach + Bonus and Eigener Platz: 15 Punkte are in force in round 1."""
    state = new_state(4)
    assert (state.wertung, state.prognose) == ("W-EINFACH", "P-EIGENER15")
    assert len(state.wertung_unused) == 6 and len(state.prognose_unused) == 4
    assert state.tiles == (4, 4, 4, 4)


def test_rg1_7_face_up_cards_are_drawn_from_their_stack() -> None:
    """RG-1.7: the first face-up Korrektur is any of the 16, with exact probability 1/16."""
    turn = GAME.turn(new_state(3))
    assert isinstance(turn, Chance)
    outcomes = turn.node.outcomes()
    assert len(outcomes) == 16 and all(turn.node.probability(o) == Fraction(1, 16) for o in outcomes)
    state = lay_out(new_state(3), ["K-W0", "K-P2"])
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and len(turn.node.outcomes()) == 10
    assert CardOutcome("K-W0") not in turn.node.outcomes()


def test_rg1_8_second_korrektur_of_the_same_colour_is_replaced() -> None:
    """RG-1.8, RG-R08: a second Korrektur naming the first one's colour is replaced and goes back into
    the cards that are dealt; the 5-player deal still finds its 30 cards."""
    state = lay_out(new_state(5), ["K-W0", "K-W3", "K-W2", "K-B1"])
    assert state.korrektur == ("K-W0", "K-B1")
    assert state.setup_returned == ("K-W3", "K-W2")
    state = lay_out(state, ["A-JA1", "A-NEIN1", "E-AERMSTER10", "E-REICHSTER-10"])
    assert state.phase == "setup_deal"
    turn = GAME.turn(state)
    assert isinstance(turn, Chance)
    assert CardOutcome("K-W3") in turn.node.outcomes() and len(turn.node.outcomes()) == 30


@pytest.mark.parametrize(("seats", "size", "aside"), [(3, 9, 3), (4, 7, 2), (5, 6, 0)])
def test_rg1_9_deal(seats: int, size: int, aside: int) -> None:
    """RG-1.9: 9/7/6 cards each; the rest face down on the Kartenablage; all 48 cards accounted for."""
    state = chance_until(lay_out(new_state(seats)), "ranking", random.Random(1))
    assert [len(hand) for hand in state.hands] == [size] * seats
    assert len(state.set_aside) == aside
    assert Counter(all_cards(state)) == Counter(card.id for card in state.deck.cards)


def test_rg1_10_place_cards_drawn_and_first_place_starts() -> None:
    """RG-1.10: the numbered place cards are drawn; 1. Platz (Punktbeste) starts; the highest number
    is Punktletzte."""
    state = chance_until(lay_out(new_state(3)), "ranking", random.Random(2))
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and turn.node.seat == 0
    assert turn.node.outcomes() == (PlaceOutcome(1), PlaceOutcome(2), PlaceOutcome(3))
    state = GAME.resolve(state, PlaceOutcome(3))
    state = GAME.resolve(state, PlaceOutcome(1))  # seat 3 gets the last card, 2, without a draw
    assert state.places == (3, 1, 2) and state.active == 1
    assert GAME.view(state, None)["punktbeste"] == 1 and GAME.view(state, None)["punktletzte"] == 0


def test_rg1_11_rg1_13_predictions_then_starting_chips_in_seating_order() -> None:
    """RG-1.11, RG-R16: predictions are written at set-up; RG-1.13: the starting player takes 7 chips
    of any colours first, then the others clockwise by seat (not by place card)."""
    state = chance_until(lay_out(new_state(3)), "ranking", random.Random(2))
    state = GAME.resolve(GAME.resolve(state, PlaceOutcome(3)), PlaceOutcome(1))
    assert GAME.turn(state) == Decision((0, 1, 2))
    for seat in (2, 0, 1):
        state = GAME.act(state, seat, Predict(seat + 1))
    assert state.phase == "payment" and [t.seat for t in state.queue] == [1, 2, 0]
    assert all(t.amount == 7 for t in state.queue)
    for _ in range(7):
        state = GAME.act(state, 1, TakeChip("green"))
    assert state.chips[1] == (0, 0, 0, 7) and GAME.turn(state) == Decision((2,))
