"""The cards of Preisrommé (RA-01) as small ints, their codes and their values (R-13.1).

Glossary (German terms kept in the game): *Kreuz* = clubs (C), *Pik* = spades (S), *Herz* = hearts (H),
*Karo* = diamonds (D); *As* = ace (A), *König* = king (K), *Dame* = queen (Q), *Bube* = jack (J);
*Joker* (JK).

A card is ``suit * 13 + rank - 1`` with suit 0..3 in the suit order Kreuz, Pik, Herz, Karo (R-10.1)
and rank 1 (ace) .. 13 (king); the joker is 52. Hands and the stock are sorted tuples of
these ints (identical duplicates of the two packs are interchangeable, RA-01), so the joker always
sorts last.

Card codes (the notation): rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` followed by suit ``C S H D``
(``7H`` = Herz-Sieben, ``10C`` = Kreuz-Zehn, ``AS`` = Pik-As), and ``JK`` for a joker.
"""

from __future__ import annotations

from collections.abc import Iterable

JOKER = 52
SUITS = "CSHD"
SUIT_NAMES_DE = ("Kreuz", "Pik", "Herz", "Karo")
SUIT_NAMES_EN = ("clubs", "spades", "hearts", "diamonds")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: ``CODES[card]`` is the card's code; ``CARD[code]`` the card.
CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS) + ("JK",)
CARD: dict[str, int] = {code: card for card, code in enumerate(CODES)}

#: R-13.1: As, König, Dame, Bube 10; Joker 20; the others their number.
VALUE: tuple[int, ...] = tuple(10 if card % 13 in (0, 10, 11, 12) else card % 13 + 1 for card in range(52)) + (20,)


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    """1 (ace) .. 13 (king)."""
    return card % 13 + 1


def make(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


def deck(decks: int = 2, jokers: int = 6) -> tuple[int, ...]:
    """RA-01: ``decks`` packs of 52 plus ``jokers`` jokers, sorted (the default 110 cards)."""
    return tuple(sorted([card for card in range(52) for _ in range(decks)] + [JOKER] * jokers))


def hand_points(hand: Iterable[int]) -> int:
    """R-13.1: the count of the cards left in a hand."""
    return sum(VALUE[card] for card in hand)


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[card] for card in cards]


def parse_card(code: str) -> int | None:
    """The card with this code (case-insensitive), or ``None``."""
    return CARD.get(code.strip().upper())
