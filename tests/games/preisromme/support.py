"""Building Preisrommé positions for rule tests, and a simple playout policy that goes out.

Cards are written as codes (``7H``, ``JK``); seats are 0-based as in the engine."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.games.preisromme import GAME, rules
from stammtisch.games.preisromme.cards import CARD, CODES, deck
from stammtisch.games.preisromme.melds import build, figure_cards
from stammtisch.games.preisromme.model import PLAY, RUN, SET, Discard, Layoff, Meld, State, Swap


def cards(text: str) -> tuple[int, ...]:
    """The cards of ``text`` sorted (a hand)."""
    return tuple(sorted(CARD[code] for code in text.split()))


def seq(text: str) -> list[int]:
    """The cards of ``text`` in the given order (a figure)."""
    return [CARD[code] for code in text.split()]


def position(
    hands: Sequence[str],
    *,
    current: int = 0,
    table: Iterable[tuple[str, str, int]] = (),
    top: str | None = None,
    opened: Iterable[int] = (),
    discarded: bool = True,
    options: dict[str, Any] | None = None,
    turn_no: int = 5,
) -> State:
    """Seat ``current`` on turn (she has drawn); ``table`` holds (kind, codes, laid_by) figures;
    the stock holds every other card, so all cards stay accounted for."""
    seats = len(hands)
    config = GAME.start(seats, GAME.configure({"games_per_pass": 1, **(options or {})})).config
    base = rules.new_game(config, seats, 0)
    held = tuple(cards(hand) for hand in hands)
    figures = []
    for kind, codes, seat in table:
        figure = build(RUN if kind == "run" else SET, [CARD[c] for c in codes.split()], seat)
        assert not isinstance(figure, str), figure
        figures.append(figure)
    used = Counter(card for hand in held for card in hand)
    used.update(card for figure in figures for card in figure_cards(figure))
    top_card = CARD[top] if top else -1
    if top:
        used[top_card] += 1
    left = Counter(deck(2, config.jokers))
    left.subtract(used)
    assert min(left.values()) >= 0, "more copies than the deck has"
    opened_set = set(opened)
    return rules.replace(
        base,
        phase=PLAY,
        hands=held,
        stock=tuple(sorted(left.elements())),
        table=tuple(figures),
        top=top_card,
        opened_turn=tuple(1 if s in opened_set else -1 for s in range(seats)),
        discarded=(discarded,) * seats,
        current=current,
        discarder=(current - 1) % seats,
        turn_no=turn_no,
        deal_left=0,
    )


def act(state: State, seat: int, *moves: str) -> State:
    for move in moves:
        state = GAME.act(state, seat, GAME.parse_action(move))
    return state


def hand(state: State, seat: int) -> list[str]:
    return [CODES[c] for c in state.hands[seat]]


def all_cards(state: State) -> Counter[int]:
    """Every card of the game in progress: stock, pile, top, hands and table."""
    found = Counter(state.stock)
    found.update(state.pile)
    if state.top >= 0:
        found[state.top] += 1
    for held in state.hands:
        found.update(held)
    for figure in state.table:
        found.update(figure_cards(figure))
    return found


def greedy_choice(state: State, seat: int, rng: random.Random) -> Any:
    """A policy that finishes games with winners: rarely claims, lays whatever it can, else discards."""
    legal = GAME.legal_actions(state, seat)
    if state.phase != PLAY:
        return legal[-1] if rng.random() < 0.8 else legal[0]
    laying = [a for a in legal if isinstance(a, Meld | Layoff | Swap)]
    if laying and rng.random() < 0.9:
        return rng.choice(laying)
    discards = [a for a in legal if isinstance(a, Discard)]
    return rng.choice(discards) if discards else rng.choice(legal)


def play_steps(
    state: State, rng: random.Random, choose: Any = greedy_choice, until_game_over: bool = True
) -> list[Any]:
    """Play on from ``state`` with the policy ``choose`` (not uniformly at random, unlike
    ``tests.support.play.random_game``, so that games end with winners); every step as
    (kind, seat, step, state after) until the match is over."""
    trail = []
    while True:
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            return trail
        if isinstance(turn, Chance):
            outcome = sample(turn.node, rng)
            state = GAME.resolve(state, outcome)
            trail.append(("outcome", None, outcome, state))
        else:
            assert isinstance(turn, Decision)
            seat = rng.choice(turn.seats)
            action = choose(state, seat, rng)
            state = GAME.act(state, seat, action)
            trail.append(("action", seat, action, state))
