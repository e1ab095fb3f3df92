"""PB-11 (docs/rulings/preisromme-bot.md): before her opening (R-6.1, one figure of 40, RA-09) the Durchgang bot
knocks (R-4.1) for a discard that raises her opening potential by more than a tenth, after throwing her least
useful card (the next player's take rule of PB-9, now for the knock too; R-5.1 the extra stock card is its
price); never for a card it would throw straight back (PB-8); every other move is the strong policy's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from stammtisch.bots.games.preisromme.durchgang import KNOCK_GAIN, durchgang_choice
from stammtisch.bots.games.preisromme.playout import completes, rollout_choice
from stammtisch.bots.games.preisromme.strong import claim_gain, strong_choice
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, JOKER
from stammtisch.games.preisromme.model import WINDOW, Knock, Pass, State
from stammtisch.games.preisromme.moves import presence
from tests.support.play import Deal


def _decisions(seed: int) -> Iterator[tuple[State, int, tuple[Any, ...]]]:
    """Every decision of seat 0 in a deal played by the Durchgang policy in seat 0 and the heuristic
    elsewhere, with its legal actions."""
    rng = random.Random(seed)
    state = GAME.start(4, GAME.configure({"games_per_pass": 1}))

    def choose(state: State, seat: int, legal: tuple[Any, ...]) -> Any:
        return durchgang_choice(state, seat, legal, state.pile) if seat == 0 else rollout_choice(state, seat, legal)

    for move in Deal(GAME, state, rng, choose, stop=lambda state: bool(state.history), max_steps=3000):
        if move.seat == 0:
            yield move.state, move.seat, move.legal


def _first_window() -> tuple[State, int]:
    rng = random.Random(1)
    state = GAME.start(4, GAME.configure({"games_per_pass": 1}))
    while not (state.phase == WINDOW and state.turn_no >= 2):
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        seat = turn.seats[0]
        state = GAME.act(state, seat, GAME.legal_actions(state, seat)[-1])
    return state, next(s for s in range(4) if s not in (state.current, state.discarder))


def _holding(state: State, seat: int, codes: str, top: str) -> State:
    hand = tuple(sorted(CARD[code] for code in codes.split()))
    return replace(state, hands=tuple(hand if s == seat else h for s, h in enumerate(state.hands)), top=CARD[top])


def test_r41_pb11_a_card_that_brings_a_forty_nearer_is_knocked_for() -> None:
    """JH QH and the AH discarded: J-Q-K-A of hearts (R-6.3's example) is then one card short. The AH completes
    no figure, so the strong policy (the heuristic's knock) passes; the Durchgang bot knocks."""
    state, seat = _first_window()
    world = _holding(state, seat, "JH QH 2C 3S 5D 7C 9S 4D 6C 8S 2D 3C 5S", "AH")
    legal = GAME.legal_actions(world, seat)
    assert legal == (Knock(), Pass())
    before, gain = claim_gain(world, seat, CARD["AH"], ())
    assert gain > KNOCK_GAIN * before
    assert strong_choice(world, seat, legal, ()) == Pass()
    assert durchgang_choice(world, seat, legal, ()) == Knock()


def test_pb8_pb11_a_card_that_would_go_straight_back_is_not_knocked_for() -> None:
    """A second 5D to a hand holding one: a second copy adds nothing to any forty (one figure never needs
    both, RA-01), so it would be the card thrown next (PB-8): no knock."""
    state, seat = _first_window()
    world = _holding(state, seat, "10H JH QH KS KD 9S 5D 6S 8D 2D 3S 5S 2C", "5D")
    legal = GAME.legal_actions(world, seat)
    assert claim_gain(world, seat, CARD["5D"], ())[1] == -1.0
    assert durchgang_choice(world, seat, legal, ()) == Pass()


def test_pb11_the_knock_rule_at_every_window_of_played_deals() -> None:
    """At every knock window of played deals: before the opening the bot knocks exactly when the card is a
    joker, raises the potential by more than ``KNOCK_GAIN`` of itself, or the strong policy knocks (a card
    that completes a figure, R-4.1 heuristic); after the opening, and at every other decision, it answers as
    the strong policy."""
    knocked = 0
    for seed in range(6):
        for state, seat, legal in _decisions(seed):
            if not isinstance(legal[0], Knock):
                assert durchgang_choice(state, seat, legal, state.pile) == strong_choice(state, seat, legal, state.pile)
                continue
            chosen = durchgang_choice(state, seat, legal, state.pile)
            strong = strong_choice(state, seat, legal, state.pile)
            if state.opened_turn[seat] >= 0 or state.top == JOKER:
                assert chosen == strong
                continue
            before, gain = claim_gain(state, seat, state.top, state.pile)
            expected = Knock() if gain > KNOCK_GAIN * before or strong == Knock() else Pass()
            assert chosen == expected
            if chosen == Knock() and not completes(state.top, presence(state.hands[seat])):
                knocked += 1
    assert knocked > 0
