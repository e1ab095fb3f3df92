"""PB-12 (docs/rulings/preisromme-bot.md): after her opening, when another seat that has opened (R-6.1) holds at
most four cards, the Durchgang bot throws her highest card first (R-13.1: what stays in hand counts against
her, R-12), never a joker while another card is left; otherwise it throws as the strong policy (PB-9)."""

from __future__ import annotations

import random
from dataclasses import replace

from stammtisch.bots.preisromme_durchgang import NEARLY_OUT, durchgang_choice, nearly_out
from stammtisch.bots.preisromme_strong import strong_choice
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, VALUE
from stammtisch.games.preisromme.model import Discard, State


def _own_turn() -> tuple[State, int]:
    """A deal at the first turn where the seat on turn may discard (past the first round, R-6.2)."""
    rng = random.Random(4)
    state = GAME.start(4, GAME.configure({"games_per_pass": 1}))
    while True:
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        assert isinstance(turn, Decision)
        seat = turn.seats[0]
        legal = GAME.legal_actions(state, seat)
        if state.turn_no >= 5 and any(isinstance(action, Discard) for action in legal):
            return state, seat
        state = GAME.act(state, seat, legal[-1])


def _position(hand: str, other_cards: int) -> tuple[State, int]:
    """The seat on turn has opened and holds ``hand``; the seat after her has opened and holds
    ``other_cards`` cards; the table is empty (nothing to lay off)."""
    state, seat = _own_turn()
    other = (seat + 1) % 4
    hands = list(state.hands)
    hands[seat] = tuple(sorted(CARD[code] for code in hand.split()))
    hands[other] = hands[other][:other_cards]
    opened = tuple(4 if s in (seat, other) else -1 for s in range(4))
    return replace(state, hands=tuple(hands), opened_turn=opened, table=()), seat


def test_r131_pb12_the_highest_card_goes_when_a_seat_is_nearly_out() -> None:
    """KS QS lie together (the heuristic keeps them, R-13.1 least connected first: it throws the 4H); with
    an opened seat down to three cards the ten points of a king or queen go first."""
    state, seat = _position("KS QS 3C 4H", NEARLY_OUT - 1)
    legal = GAME.legal_actions(state, seat)
    assert nearly_out(state, seat)
    assert strong_choice(state, seat, legal, ()) == Discard("4H")
    chosen = durchgang_choice(state, seat, legal, ())
    assert isinstance(chosen, Discard) and VALUE[CARD[chosen.card]] == 10


def test_pb12_no_hurry_while_every_other_seat_holds_more() -> None:
    """The opened seat holds five cards: not nearly out, so the strong policy's discard (the 4H)."""
    state, seat = _position("KS QS 3C 4H", NEARLY_OUT + 1)
    legal = GAME.legal_actions(state, seat)
    assert not nearly_out(state, seat)
    assert durchgang_choice(state, seat, legal, ()) == Discard("4H")


def test_pb12_the_joker_is_kept_while_another_card_is_left() -> None:
    """A joker counts 20 (R-13.1) but is never thrown while another card is left: the 9C goes."""
    state, seat = _position("JK 9C 2H", 2)
    legal = GAME.legal_actions(state, seat)
    assert durchgang_choice(state, seat, legal, ()) == Discard("9C")
