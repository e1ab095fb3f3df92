"""The strong Preisrommé policy: the heuristic (bots/games/preisromme/heuristic.py) with the opening in mind.

Where a deal is won: before her first laying a player needs **one** figure of at least 40 points (R-6.1,
RA-09: a single figure; R-6.5/RA-11 the ace counts 1 below the two and 10 above the king and in a set; RA-12
a joker counts as the card it stands for). Until then the rest of her hand is dead weight: nothing can be
laid (R-7.1 only "wer einmal 40 Punkte ausgelegt hat"). The heuristic ignores this: it throws high
unconnected cards first (R-13.1), which are exactly the cards a forty is made of (four tens to aces of a
suit, 6-10, four of a rank from the ten up). Heuristic tables (one seat against three heuristic bots, 2,000
to 5,000 deals a rule, docs/rulings/preisromme-bot.md PB-9) gave the opening-minded rules below +7 to +9
points of wins; after the opening the heuristic's habits are kept, they are near the best of their family.

* **Forties** (``TARGETS``): per suit the shortest run from each position (positions 1 = low ace .. 14 =
  high ace) reaching 40 points, and the sets of four of ten, jack, queen, king and ace. A hand's *opening
  potential* is the sum over the forties still possible of ``W ** d``, ``d`` the cards missing once its
  jokers fill gaps (a forty a card of which is dead, both copies seen on the table or in the pile while
  the hand holds none, is not possible).
* **Before the opening**: throw the card whose loss keeps the most potential (a second copy costs
  nothing: one figure never needs both), ties as the heuristic (least connected, highest first); as the
  next player (R-4.4) take the discard only if it raises the potential by ``TAKE_GAIN`` of itself and is
  not the card then thrown (PB-8); knock (R-4.1) like the heuristic.
* **After the opening**: the next player takes a card that can be laid off on the table at once (RA-14)
  or completes a figure with two cards of her hand; nothing else (a loose card is no better than a stock
  card, and it is seen by all). Knocks, laying and discards as the heuristic.
* A joker is always claimed (R-4.4, R-4.1) and never thrown while another card is left.

The policy reads only what the seat sees: its hand, the face-up card, who opened, the table, and the
discards it saw buried in the pile (``pile``, from the memory of the deal, PB-2). ``strong_choice`` works
on a state (the search's worlds, PB-4, where the seat's own part is exactly its view).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from stammtisch.bots.games.preisromme.heuristic import own_turn_choice
from stammtisch.bots.games.preisromme.playout import completes, discard_key, keeps_fast, links, rollout_choice
from stammtisch.games.preisromme.cards import CARD, JOKER, VALUE
from stammtisch.games.preisromme.melds import figure_cards
from stammtisch.games.preisromme.model import Figure, Knock, State, Take
from stammtisch.games.preisromme.moves import BIT, presence, table_moves

#: Weight of a forty per card still missing (0.25: one card away counts a quarter of a ready forty).
W = 0.25
#: The next player takes a discard before her opening only if it raises her potential by this share.
TAKE_GAIN = 0.1


def _position_points(position: int) -> int:
    """RA-11: a run's ace low counts 1, the cards 2-10 their number, J, Q, K and the high ace 10."""
    return 1 if position == 1 else position if position <= 10 else 10


def _position_card(suit: int, position: int) -> int:
    return suit * 13 + (0 if position == 14 else position - 1)


def _forties() -> tuple[tuple[int, int], ...]:
    """(card mask, cards) of the single figures of at least 40 points (RA-09, RA-10) that the bot aims at:
    per suit and lowest position the shortest run reaching 40 (A-9 is kept beside 2-9: a hand with the
    low ace has two ways), and the sets of four from the ten up."""
    found = []
    for suit in range(4):
        for low in range(1, 15):
            points = 0
            for high in range(low, 15):
                points += _position_points(high)
                if points >= 40 and high - low >= 2:
                    mask = sum(1 << _position_card(suit, position) for position in range(low, high + 1))
                    found.append((mask, high - low + 1))
                    break
    for rank in (1, 10, 11, 12, 13):  # RA-11: the ace counts 10 in a set; four of a rank below ten miss 40
        found.append((sum(1 << (suit * 13 + rank - 1) for suit in range(4)), 4))
    return tuple(found)


TARGETS = _forties()
_POWERS = tuple(W**missing for missing in range(20))


def potential(bits: int, jokers: int, dead: int) -> float:
    """The opening potential of a hand with presence mask ``bits`` and ``jokers`` (see the module docstring);
    ``dead``: the cards of which no copy is left to draw."""
    total = 0.0
    for mask, size in TARGETS:
        if mask & dead & ~bits:
            continue
        missing = size - (bits & mask).bit_count() - jokers
        total += _POWERS[missing] if missing > 0 else 1.0
    return total


def dead_cards(hand: Sequence[int], table: Sequence[Figure], pile: Sequence[int], top: int) -> int:
    """The mask of the natural cards the hand lacks and cannot get: both copies (RA-01) lie on the table,
    in the pile the seat saw or face up."""
    seen = [0] * 53
    for card in pile:
        seen[card] += 1
    for figure in table:
        for card in figure_cards(figure):
            seen[card] += 1
    if top >= 0:
        seen[top] += 1
    held = presence(hand)
    return sum(1 << card for card in range(52) if seen[card] >= 2 and not held >> card & 1)


def opening_discard(hand: Sequence[int], dead: int) -> int:
    """Before the opening: the card to throw, the one whose loss keeps the most potential (ties: least
    connected, highest value first); never a joker while another card is left."""
    bits, jokers = presence(hand), hand.count(JOKER)
    best: tuple[tuple[float, int, int], int] | None = None
    for card in sorted(set(hand)):
        if card == JOKER:
            continue
        without = bits if hand.count(card) > 1 else bits & ~(1 << card)
        key = (-potential(without, jokers, dead), links(card, hand), -VALUE[card])
        if best is None or key < best[0]:
            best = (key, card)
    return JOKER if best is None else best[1]


def strong_choice(state: State, seat: int, legal: tuple[Any, ...], pile: Sequence[int]) -> Any:
    """The strong policy's move for ``seat`` (see the module docstring). Reads the seat's hand, the face-up
    card, who opened and the table from ``state``, the buried discards it saw from ``pile``."""
    first = legal[0]
    hand = state.hands[seat]
    opened = state.opened_turn[seat] >= 0
    if first.__class__ is Take or first.__class__ is Knock:
        card = state.top
        if card == JOKER:
            return first
        if first.__class__ is Knock:
            return rollout_choice(state, seat, legal)
        if opened:
            fits = table_moves(state.table, True, False, False, False).layoff_bits & BIT[card]
            wanted = fits or completes(card, presence(hand)) and keeps_fast(card, hand)
            return first if wanted else legal[-1]
        before, gain = claim_gain(state, seat, card, pile)
        return first if gain > TAKE_GAIN * before else legal[-1]
    return own_turn_choice(legal, discard_order(state, seat, pile))


def claim_gain(state: State, seat: int, card: int, pile: Sequence[int]) -> tuple[float, float]:
    """Before her opening: the seat's opening potential now and what claiming ``card`` adds to it once she
    has thrown her least useful card of the hand with it (``opening_discard``); ``-1`` added when that card is
    ``card`` itself (PB-8: it would go straight back)."""
    hand = state.hands[seat]
    dead = dead_cards(hand, state.table, pile, card)
    jokers = hand.count(JOKER)
    before = potential(presence(hand), jokers, dead)
    with_card = (*hand, card)
    thrown = opening_discard(with_card, dead)
    if thrown == card:
        return before, -1.0
    return before, potential(presence(_without(with_card, thrown)), jokers, dead) - before


def _without(hand: Sequence[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


def discard_order(state: State, seat: int, pile: Sequence[int]) -> Callable[[int], Any]:
    """The key ``own_turn_choice`` throws by: before the opening ``opening_discard`` first, then the
    heuristic's order; after it the heuristic's order."""
    hand = state.hands[seat]
    if state.opened_turn[seat] >= 0:
        return lambda card: discard_key(card, hand)
    chosen = opening_discard(hand, dead_cards(hand, state.table, pile, state.top))
    return lambda card: (card != chosen, discard_key(card, hand))


def discard_ranking(state: State, seat: int, pile: Sequence[int], legal: Sequence[Any]) -> list[Any]:
    """The discards of ``legal`` in the strong policy's order (the first is the one it throws)."""
    key = discard_order(state, seat, pile)
    discards = [action for action in legal if action.__class__.__name__ == "Discard"]
    return sorted(discards, key=lambda action: key(CARD[action.card]))
