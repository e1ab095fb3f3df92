"""What a seat sees (``view``) and the conformance helper ``hide_others``.

A seat sees its own hand, the table figures, the top of the discard pile, how many cards every
seat holds, the stock size, whose turn it is, whether each seat has answered in the open knock
window (never what it chose: the answers are revealed together when the window closes, in
``last_window``), the score sheet and the totals. It never sees another hand or the stock.

The view's type is ``View`` (a ``TypedDict``: JSON-ready, keys fixed); a seat's view adds the
``NotRequired`` keys ``seat``, ``hand``, ``hand_points`` and ``my_answer`` to the public table's.
"""

# No ``from __future__ import annotations`` here: the TypedDicts' annotations are evaluated, so that
# ``View.__optional_keys__`` knows the seat-only keys (Python 3.11 cannot see ``NotRequired`` in a string).
import random
from dataclasses import replace
from typing import Literal, NotRequired, TypedDict

from stammtisch.core.protocol import Decision
from stammtisch.core.redeal import redeal_hands
from stammtisch.games.preisromme.cards import CODES, hand_points
from stammtisch.games.preisromme.melds import figure_points, represented
from stammtisch.games.preisromme.model import (
    CLAIMED,
    EMPTY,
    KIND_NAMES,
    PASSED,
    PHASE_NAMES,
    UNANSWERED,
    WINDOW,
    Figure,
    State,
)
from stammtisch.games.preisromme.rules import turn


class FigureView(TypedDict):
    """A figure on the table: ``number`` (1-based, as a lay-off names it), ``kind`` (run or set), its
    cards in position order, the card each one stands for (a joker's represented card), who laid each."""

    number: int
    kind: str
    cards: list[str]
    stands_for: list[str]
    laid_by: list[int]
    points: int


class WindowView(TypedDict):
    """The open knock window (R-4): the card, who discarded it, the next player (first right) and per
    seat whether it answered (``None``: the discarder, who has no say), never how."""

    card: str
    discarder: int
    next: int
    answered: list[bool | None]


class LastWindowView(TypedDict):
    """The last closed window, revealed: its card, who got it (``None``: nobody) and who knocked."""

    card: str
    taken_by: int | None
    claimed: list[int]


class GameRecordView(TypedDict):
    """One finished game (Spiel) of the pass, as on the score sheet."""

    dealer: int
    winner: int | None
    romme_hand: bool
    hand_points: list[int]
    penalties: list[int]
    credits: list[int]


class View(TypedDict):
    """What a seat (or, without the seat's keys, the public table) sees of a Preisrommé table."""

    game: Literal["preisromme"]
    mode: str
    seats: int
    game_no: int
    games: int
    dealer: int
    phase: str
    to_act: list[int]
    current: int
    turn_no: int
    hand_sizes: list[int]
    stock_size: int
    pile_size: int
    discard_top: str | None
    table: list[FigureView]
    opened: list[bool]
    discarded_once: list[bool]
    window: WindowView | None
    last_window: LastWindowView | None
    pending_draws: list[int]
    locked: bool
    provisional_figures: int
    owed_jokers: int
    sheet: list[int]
    penalties: list[int]
    credits: list[int]
    history: list[GameRecordView]
    seat: NotRequired[int]
    hand: NotRequired[list[str]]
    hand_points: NotRequired[int]
    my_answer: NotRequired[str | None]


#: A seat's own window answer as shown to it (never to others).
_ANSWER_NAMES: dict[int, str | None] = {UNANSWERED: None, PASSED: "pass", CLAIMED: "claim"}


def figure_view(number: int, figure: Figure, ace_in_set: int = 10) -> FigureView:
    """A figure as shown on the table: its cards and, for each joker, the card it stands for."""
    slots = [(i, card) for i, card in enumerate(figure.slots) if card != EMPTY]
    return {
        "number": number,
        "kind": KIND_NAMES[figure.kind],
        "cards": [CODES[card] for _, card in slots],
        "stands_for": [CODES[represented(figure, i)] for i, _ in slots],
        "laid_by": [figure.owners[i] for i, _ in slots],
        "points": figure_points(figure, ace_in_set),
    }


def view(state: State, seat: int | None) -> View:
    """Everything ``seat`` may see (``None``: the public table); see the module docstring."""
    upcoming = turn(state)
    to_act = list(upcoming.seats) if isinstance(upcoming, Decision) else []
    window: WindowView | None = None
    if state.phase == WINDOW:
        window = {
            "card": CODES[state.top],
            "discarder": state.discarder,
            "next": state.current,
            "answered": [None if c < 0 else c != UNANSWERED for c in state.claims],
        }
    last: LastWindowView | None = None
    if state.last_window:
        card, taker, *claimed = state.last_window
        last = {"card": CODES[card], "taken_by": None if taker < 0 else taker, "claimed": claimed}
    data: View = {
        "game": "preisromme",
        "mode": state.config.mode,
        "seats": state.seats,
        "game_no": state.game_no + 1,
        "games": state.config.games_per_pass,
        "dealer": state.dealer,
        "phase": PHASE_NAMES[state.phase],
        "to_act": to_act,
        "current": state.current,
        "turn_no": state.turn_no,
        "hand_sizes": [len(hand) for hand in state.hands],
        "stock_size": len(state.stock),
        "pile_size": len(state.pile) + (state.top >= 0),
        "discard_top": CODES[state.top] if state.top >= 0 else None,
        "table": [figure_view(i + 1, f, state.config.ace_in_set_points) for i, f in enumerate(state.table)],
        "opened": [t >= 0 for t in state.opened_turn],
        "discarded_once": list(state.discarded),
        "window": window,
        "last_window": last,
        "pending_draws": list(state.pending),
        "locked": state.locked,
        "provisional_figures": state.provisional,
        "owed_jokers": state.owed_jokers,
        "sheet": list(state.sheet),
        "penalties": list(state.penalties),
        "credits": list(state.credits),
        "history": [
            {
                "dealer": r.dealer,
                "winner": r.winner,
                "romme_hand": r.romme_hand,
                "hand_points": list(r.hand_points),
                "penalties": list(r.penalties),
                "credits": list(r.credits),
            }
            for r in state.history
        ],
    }
    if seat is not None:
        hand = state.hands[seat]
        mine = state.claims[seat] if state.phase == WINDOW else -1
        data["seat"] = seat
        data["hand"] = [CODES[card] for card in hand]
        data["hand_points"] = hand_points(hand)
        data["my_answer"] = _ANSWER_NAMES.get(mine)
    return data


def _in_order(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def hide_others(state: State, seat: int | None, seed: int) -> State:
    """``state`` with the other hands and the stock redealt at random (same sizes) and the other seats'
    hidden window answers redrawn: everything ``seat`` may not see, replaced."""
    rng = random.Random(seed)
    others = [s for s in range(state.seats) if s != seat]
    hands, stock = redeal_hands(state.hands, others, state.stock, rng, _in_order)
    claims = tuple(
        rng.choice((PASSED, CLAIMED)) if s != seat and c in (PASSED, CLAIMED) else c for s, c in enumerate(state.claims)
    )
    return replace(state, hands=hands, stock=stock, claims=claims)
