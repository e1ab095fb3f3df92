"""Helpers for the Regeln tests: reach a table ready to play with chosen face-up cards, set chips."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import COLOURS, CardOutcome, Chips, Predict, State, TakeChip

STANDARD_LAYOUT = ("K-Y0", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-ERSTER-SPRICHT-15", "E-PUNKTBESTER-10")


def new_state(seats: int = 3, options: dict[str, object] | None = None) -> State:
    return GAME.start(seats, GAME.configure(options or {}))


def lay_out(state: State, cards: Sequence[str] = STANDARD_LAYOUT) -> State:
    for card in cards:
        state = GAME.resolve(state, CardOutcome(card))
    return state


def chance_until(state: State, phase: str, rng: random.Random) -> State:
    """Resolve sampled chance outcomes until the state leaves the chance phases (or reaches ``phase``)."""
    while state.phase != phase:
        turn = GAME.turn(state)
        assert isinstance(turn, Chance), state.phase
        state = GAME.resolve(state, sample(turn.node, rng))
    return state


def ready(
    seats: int = 3,
    layout: Sequence[str] = STANDARD_LAYOUT,
    seed: int = 0,
    options: dict[str, object] | None = None,
) -> State:
    """A table in the first Move Round: the given face-up cards, a random deal and place cards,
    everyone predicted 1, starting chips taken in colour rotation."""
    rng = random.Random(seed)
    state = chance_until(lay_out(new_state(seats, options), layout), "predict", rng)
    for seat in range(seats):
        state = GAME.act(state, seat, Predict(1))
    step = 0
    while state.phase == "payment":
        seat = state.queue[0].seat
        legal = GAME.legal_actions(state, seat)
        state = GAME.act(state, seat, legal[step % len(legal)])
        step += 1
    assert state.phase == "play"
    return state


def with_chips(state: State, chips: Sequence[Chips]) -> State:
    """``state`` with these holdings; the pool holds the rest (chips stay conserved)."""
    pool = tuple(state.total_chips - sum(mine[c] for mine in chips) for c in range(4))
    assert min(pool) >= 0
    return replace(state, chips=tuple(chips), pool=(pool[0], pool[1], pool[2], pool[3]))


def with_hand(state: State, seat: int, card: str) -> State:
    """Moves ``card`` into ``seat``'s hand (from another hand or the set-aside cards)."""
    hands = [tuple(c for c in hand if c != card) for hand in state.hands]
    hands[seat] = state.deck.sort((*hands[seat], card))
    set_aside = tuple(c for c in state.set_aside if c != card)
    return replace(state, hands=tuple(hands), set_aside=set_aside)


def take_first(state: State) -> State:
    """Settle every pending payment with the first legal chip (colour order)."""
    while state.phase == "payment":
        seat = state.queue[0].seat
        state = GAME.act(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def chip_totals(state: State) -> tuple[int, ...]:
    return tuple(state.pool[c] + sum(mine[c] for mine in state.chips) for c in range(4))


def all_cards(state: State) -> list[str]:
    """Every card's location (RG-R18): must be each card of the deck exactly once after the deal."""
    found: list[str] = []
    for hand in state.hands:
        found.extend(hand)
    found.extend(c for c in (*state.korrektur, *state.abstimm, *state.ereignis) if c is not None)
    found.extend(c for c in (state.wertung, state.prognose, state.under_vote, state.deferred_card) if c is not None)
    found.extend((*state.covered, *state.discard, *state.set_aside, *state.wertung_unused, *state.prognose_unused))
    return found


def colour_index(name: str) -> int:
    return COLOURS.index(name)


def act_all(state: State, actions: dict[int, Any]) -> State:
    for seat, action in actions.items():
        state = GAME.act(state, seat, action)
    return state


__all__ = ["TakeChip"]
