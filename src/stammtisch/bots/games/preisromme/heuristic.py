"""Preisrommé bots: the uniform random bot and a heuristic that plays like a careful club player.

The heuristic sees only its seat's view (own hand, table, top discard, hand sizes) and the legal
actions. Its habits, in order of priority:

* knock window: the next player takes the discard (R-4.4) when it is a joker or fits her hand
  (completes a figure or sits next to a card she holds); another seat knocks (R-4.1) only for a
  joker or a card that completes a figure at once, because a knock costs an extra stock card
  (R-5.1) that may stay in hand as penalty points. Neither claims a card she would throw straight
  back (the least useful card of her hand with it, see ``keeps``): four such players once passed one
  card round the table for ever, each taking it and throwing it again, no stock card ever drawn
  (PB-8);
* own turn: swap other players' jokers (R-7.1), lay the figure with the most cards (first the
  opening of 40, R-6.1), lay off every card that fits (RA-14), never withdraw voluntarily;
* discard: the card that connects least with the rest of the hand, the higher one first (R-13.1),
  never a joker while another card is left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stammtisch.bots.base import RandomBot
from stammtisch.games.preisromme.cards import CARD, JOKER, VALUE, rank_of, suit_of
from stammtisch.games.preisromme.model import Discard, Knock, Layoff, Meld, Pass, Swap, Take


def _cards(codes: Sequence[str]) -> list[int]:
    return [CARD[code] for code in codes]


def connections(card: int, others: Sequence[int]) -> int:
    """How many of ``others`` could share a figure with ``card``: same suit within two ranks (a run),
    or same rank in another suit (a set). Jokers connect with everything."""
    if card == JOKER:
        return 99
    score = 0
    for other in others:
        if other == JOKER:
            score += 1
        elif suit_of(other) == suit_of(card) and 0 < abs(rank_of(other) - rank_of(card)) <= 2:
            score += 2 if abs(rank_of(other) - rank_of(card)) == 1 else 1
        elif rank_of(other) == rank_of(card) and suit_of(other) != suit_of(card):
            score += 2
    return score


def completes_figure(card: int, hand: Sequence[int]) -> bool:
    """Whether ``card`` and two natural cards of ``hand`` form a run or a set of three."""
    if card == JOKER:
        return True
    suit, rank = suit_of(card), rank_of(card)
    same_suit = {rank_of(c) for c in hand if c != JOKER and suit_of(c) == suit}
    for low in (rank - 2, rank - 1, rank):
        needed = {low, low + 1, low + 2} - {rank}
        if needed <= same_suit:
            return True
    other_suits = {suit_of(c) for c in hand if c != JOKER and rank_of(c) == rank and suit_of(c) != suit}
    return len(other_suits) >= 2


def own_turn_choice(legal: Sequence[Any], discard_key: Callable[[int], Any]) -> Any:
    """The heuristic's move on its own turn: a joker swap, else the best meld, else a lay-off (natural
    cards first: a joker in hand is worth keeping for a figure of one's own), else the discard that
    ``discard_key`` ranks first. Shared with the search bot's playouts (``playout``)."""
    swaps = [a for a in legal if isinstance(a, Swap)]
    if swaps:
        return swaps[0]
    melds = [a for a in legal if isinstance(a, Meld)]
    if melds:
        return max(melds, key=_meld_rank)
    layoffs = [a for a in legal if isinstance(a, Layoff)]
    if layoffs:
        return min(layoffs, key=lambda a: (a.card == "JK", -VALUE[CARD[a.card]]))
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: discard_key(CARD[a.card]))
    return legal[-1]


class HeuristicBot:
    """Takes and knocks sensibly, lays what it can, discards high unusable cards."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        hand = _cards(view.get("hand") or [])
        first = legal[0]
        if isinstance(first, Take | Knock):
            return self._window(view, hand, legal)
        return own_turn_choice(legal, lambda card: _discard_rank(card, hand))

    def _window(self, view: Mapping[str, Any], hand: list[int], legal: tuple[Any, ...]) -> Any:
        window = view.get("window") or {}
        code = window.get("card")
        card = CARD.get(code) if isinstance(code, str) else None
        claim, decline = legal[0], legal[-1]
        if card is None or not isinstance(decline, Pass):
            return decline
        if card == JOKER:
            return claim
        if isinstance(claim, Take):
            wanted = completes_figure(card, hand) or connections(card, hand) >= 2
        else:
            wanted = completes_figure(card, hand)
        return claim if wanted and keeps(card, hand) else decline


def keeps(card: int, hand: Sequence[int]) -> bool:
    """Whether a hand that claims ``card`` would keep it: some other card of the hand (not a copy of it) comes
    strictly before it in the discard order (``_discard_rank``). A card that would be thrown straight back
    is not worth claiming, and claiming it anyway can make a deal cycle for ever (PB-8)."""
    held = [*hand, card]
    own = _discard_rank(card, held)
    return any(other != card and _discard_rank(other, held) < own for other in set(hand))


def _meld_rank(meld: Meld) -> tuple[int, int, int]:
    """More cards, fewer jokers, more points."""
    cards = _cards(meld.cards)
    jokers = cards.count(JOKER)
    return (len(cards), -jokers, sum(VALUE[c] for c in cards if c != JOKER))


def _discard_rank(card: int, hand: Sequence[int]) -> tuple[int, int, int]:
    """Lower is discarded first: never a joker, then least connected, then highest value."""
    rest = list(hand)
    rest.remove(card)
    return (card == JOKER, connections(card, rest), -VALUE[card])


BOTS: dict[str, Callable[[], Any]] = {"random": RandomBot, "heuristic": HeuristicBot}
