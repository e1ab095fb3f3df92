"""The stock as a chance event: cards are drawn one by one (RA-30, R-3.1, R-5.1, RA-25).

The stock is a sorted multiset, not an ordered deck: every deal, up-card and draw is one chance
node whose outcome is the card (what a person at the table would enter). A card's probability is
its number of copies over the stock size, so drawing card by card has exactly the distribution of
a shuffled deck, and no stock order exists anywhere for a view or a message to leak.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from stammtisch.core.chance import ChanceNode, Distribution
from stammtisch.core.protocol import Chance
from stammtisch.core.text import Text
from stammtisch.games.preisromme.cards import CARD, CODES
from stammtisch.games.preisromme.model import CardOutcome, FirstKnock


@dataclass(frozen=True, slots=True)
class StockDraw(Distribution):
    """One card from ``stock`` (sorted). Canonical order of outcomes: by card (Kreuz A..K, Pik, Herz,
    Karo, joker)."""

    stock: tuple[int, ...]
    kind = "cards"
    has_probabilities = True  # a plain attribute: ``sample`` asks at every card

    def outcomes(self) -> tuple[CardOutcome, ...]:
        return tuple(OUTCOMES[card] for card in sorted(set(self.stock)))

    def contains(self, outcome: object) -> bool:
        return isinstance(outcome, CardOutcome) and CARD.get(outcome.card, -1) in self.stock

    def probability(self, outcome: object) -> Fraction | None:
        if not isinstance(outcome, CardOutcome) or not self.stock:
            return Fraction(0)
        return Fraction(self.stock.count(CARD.get(outcome.card, -1)), len(self.stock))

    def draw(self, rng: random.Random) -> CardOutcome:
        return OUTCOMES[rng.choice(self.stock)]  # the same stream as randrange(len), one call less


#: ``OUTCOMES[card]``: the outcome drawing ``card``, built once (outcomes are immutable).
OUTCOMES = tuple(CardOutcome(code) for code in CODES)


#: The labels of the chance nodes, per seat (built once: a node is made at every card).
DEAL_LABELS = tuple(Text(f"Karte für Platz {seat + 1} (Geben)", f"card dealt to seat {seat + 1}") for seat in range(8))
DRAW_LABELS = tuple(
    Text(f"Karte vom Stapel für Platz {seat + 1}", f"stock card for seat {seat + 1}") for seat in range(8)
)
UPCARD_LABEL = Text("aufgedeckte Karte", "the turned-up card")


def card_due(stock: tuple[int, ...], label: Text, seat: int | None) -> Chance:
    """The turn when a card comes from ``stock``: one chance node."""
    return Chance(ChanceNode(StockDraw(stock), label, seat))


@dataclass(frozen=True, slots=True)
class KnockOrder(Distribution):
    """Table mode (RA-07): which of ``knockers`` (seats in order after the discarder) knocked first, as
    the Schreiber saw it. Knocks at the same time go to the first of them in that order (R-4.3), so
    the Schreiber enters that seat. Canonical order: the knockers' order. Who is quicker is not a
    probability the rules know: the digital sampler (never used at a real table) takes them alike."""

    knockers: tuple[int, ...]
    kind = "lot"

    def outcomes(self) -> tuple[FirstKnock, ...]:
        return tuple(FirstKnock(seat) for seat in self.knockers)

    def contains(self, outcome: object) -> bool:
        return isinstance(outcome, FirstKnock) and outcome.seat in self.knockers

    def probability(self, outcome: object) -> Fraction | None:
        return Fraction(1, len(self.knockers)) if self.contains(outcome) else Fraction(0)


FIRST_KNOCK_LABEL = Text(
    "Wer hat zuerst geklopft? (gleichzeitig: die nächste nach der Ausspielerin, R-4.3)",
    "Who knocked first? (at the same time: the nearest after the discarder, R-4.3)",
)


def first_knock_due(knockers: tuple[int, ...]) -> Chance:
    """The turn when the Schreiber enters the first of several knockers (RA-07, table mode)."""
    return Chance(ChanceNode(KnockOrder(knockers), FIRST_KNOCK_LABEL, None))
