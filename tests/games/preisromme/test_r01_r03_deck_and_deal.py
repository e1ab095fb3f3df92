"""R-1.1, R-2.2, R-3.1..R-3.3, RA-01, RA-02, RA-30: the deck, the deal card by card, the up-card, the dealer."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from stammtisch.core.chance import sample
from stammtisch.core.errors import ImpossibleOutcome, InvalidSetup
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, JOKER, deck
from stammtisch.games.preisromme.model import WINDOW, CardOutcome

from .support import all_cards


def deal_all(seats: int, seed: int = 0, options: dict | None = None):
    state = GAME.start(seats, GAME.configure(options))
    rng = random.Random(seed)
    while isinstance(turn := GAME.turn(state), Chance):
        state = GAME.resolve(state, sample(turn.node, rng))
    return state


def test_ra01_deck_is_two_packs_and_six_jokers() -> None:
    """RA-01: 2×52 + 6 jokers = 110 cards; identical duplicates."""
    cards = deck()
    assert len(cards) == 110
    assert Counter(cards)[JOKER] == 6
    assert all(count == 2 for card, count in Counter(cards).items() if card != JOKER)
    assert len(deck(2, 2)) == 106


@pytest.mark.parametrize(("seats", "stock"), [(3, 70), (4, 57), (5, 44)])
def test_r3_2_thirteen_cards_each_and_stock_size(seats: int, stock: int) -> None:
    """R-3.2, RA-01: thirteen cards each; after the deal and the up-card 57 (4), 70 (3), 44 (5) remain."""
    state = deal_all(seats)
    assert [len(hand) for hand in state.hands] == [13] * seats
    assert len(state.stock) == stock
    assert state.phase == WINDOW and state.top >= 0
    assert all_cards(state) == Counter(deck())


def test_r3_1_cards_are_dealt_one_at_a_time_starting_after_the_dealer() -> None:
    """R-3.1, RA-30: one card per chance event, to the seat after the dealer first, round the table."""
    state = GAME.start(4, GAME.configure())
    receivers = []
    for code in "5H 5H 6H 7H 8H 9H 10H JH".split():
        turn = GAME.turn(state)
        assert isinstance(turn, Chance)
        receivers.append(turn.node.seat)
        state = GAME.resolve(state, CardOutcome(code))
    assert receivers == [1, 2, 3, 0, 1, 2, 3, 0]
    assert [GAME.view(state, seat)["hand"] for seat in range(4)] == [
        ["7H", "JH"],
        ["5H", "8H"],
        ["5H", "9H"],
        ["6H", "10H"],
    ]
    with pytest.raises(ImpossibleOutcome):  # both 5H are dealt: a third cannot come
        GAME.resolve(state, CardOutcome("5H"))


def test_r3_1_each_draw_has_exact_probabilities() -> None:
    """RA-01: a card's chance is its copies over the stock size; they sum to exactly 1."""
    state = GAME.start(4, GAME.configure())
    node = GAME.turn(state).node
    assert node.probability(CardOutcome("JK")) == Fraction(6, 110)
    assert node.probability(CardOutcome("7H")) == Fraction(2, 110)
    assert sum(node.probability(o) for o in node.outcomes()) == 1
    assert len(node.outcomes()) == 53


def test_r3_3_dealer_turns_up_the_top_card_and_counts_as_its_discarder() -> None:
    """R-3.3, RA-02: after the deal the dealer turns up a card; the window opens for the others."""
    state = deal_all(4)
    assert state.discarder == state.dealer == 0
    assert GAME.turn(state) == Decision((1, 2, 3))
    assert state.current == 1


def test_r2_2_seat_one_deals_first_and_dealing_passes_on() -> None:
    """R-2.2, RA-02: the dealer of game g is seat (g-1) mod n + 1."""
    from stammtisch.games.preisromme import rules

    config = GAME.start(3, GAME.configure()).config
    assert [rules.new_game(config, 3, g).dealer for g in range(8)] == [0, 1, 2, 0, 1, 2, 0, 1]


def test_r1_1_table_sizes() -> None:
    """R-1.1: four if possible; tables of 2 to 6 work, others are refused."""
    for seats in (1, 7):
        with pytest.raises(InvalidSetup):
            GAME.start(seats, GAME.configure())
    assert CARD["10C"] == 9 and CARD["JK"] == JOKER
