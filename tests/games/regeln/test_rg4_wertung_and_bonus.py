"""RG-4.1: colour values from the Korrektur cards, the Wertung formulas, and the bonus cards K-B1 …
K-B4 (regeln-cards.md §3, §5); the voting conditions (RG-3.6, RG-R19)."""

from __future__ import annotations

import pytest

from stammtisch.games.regeln import effects
from stammtisch.games.regeln.cards import standard_deck
from stammtisch.games.regeln.model import Card

DECK = standard_deck()


def card(card_id: str) -> Card:
    return DECK.card(card_id)


def test_korrektur_values() -> None:
    """RG-4.1: a chip is worth 1 unless a Korrektur sets its colour (0, 2 or 3)."""
    assert effects.colour_values([card("K-Y0"), card("K-B2")]) == (1, 1, 0, 1)
    assert effects.colour_values([card("K-W3"), card("K-G2")]) == (3, 1, 1, 2)


@pytest.mark.parametrize(
    ("wertung", "chips", "noted", "points"),
    [
        ("W-EINFACH", (1, 2, 3, 4), None, 10),
        ("W-PRODUKT2", (1, 2, 3, 4), None, 12),
        ("W-NOTIERT5", (1, 2, 3, 4), "purple", 10),
        ("W-NOTIERT5", (1, 2, 3, 4), None, 0),
        ("W-FARBANZAHL", (1, 2, 0, 4), None, 21),
        ("W-DOPPELT", (1, 2, 3, 4), None, 20),
        ("W-BESTE3", (1, 2, 3, 4), None, 12),
        ("W-SCHWAECHSTE7", (1, 2, 3, 4), None, 7),
        ("W-SCHWAECHSTE7", (0, 2, 3, 4), None, 0),
    ],
)
def test_wertung_formulas(wertung: str, chips: tuple[int, int, int, int], noted: str | None, points: int) -> None:
    assert effects.chip_points(card(wertung), chips, (1, 1, 1, 1), noted) == points


def test_product_two_colours_picks_the_best_pair_with_values() -> None:
    """regeln-cards.md §3: the pair is chosen automatically to maximise the product."""
    assert effects.chip_points(card("W-PRODUKT2"), (5, 1, 0, 2), (0, 3, 1, 2), None) == 12


def test_bonus_cards_judge_counts_not_values() -> None:
    """K-B1 once per player (not with zero chips); K-B2 per single colour; K-B3 per full set; K-B4 sole
    holder once per player (option per colour)."""
    everyone = [(1, 1, 0, 1), (0, 11, 1, 0), (10, 0, 0, 12)]
    assert effects.bonus(card("K-B2"), everyone[0], everyone, False) == 30
    assert effects.bonus(card("K-B2"), everyone[1], everyone, False) == 10
    assert effects.bonus(card("K-B1"), (0, 4, 0, 0), everyone, False) == 30
    assert effects.bonus(card("K-B1"), (0, 0, 0, 0), everyone, False) == 0
    assert effects.bonus(card("K-B3"), (2, 3, 2, 5), everyone, False) == 10
    assert effects.bonus(card("K-B4"), everyone[1], everyone, False) == 30  # only B holds yellow
    assert effects.bonus(card("K-B4"), everyone[0], everyone, False) == 0
    solo = [(3, 0, 1, 0), (0, 2, 0, 0), (0, 2, 0, 0)]
    assert effects.bonus(card("K-B4"), solo[0], solo, True) == 60


@pytest.mark.parametrize(
    ("condition_card", "sides", "expected"),
    [
        ("A-EINZELGAENGER5", (True, False, False), (5, 0, 0)),
        ("A-EINZELGAENGER5", (True, True, False, False), (0, 0, 0, 0)),
        ("A-LINKS2", (True, False, False), (0, 2, 0)),
        ("A-RECHTS2", (True, False, False), (0, 0, 2)),
        ("A-MINDERHEIT2", (True, False, False), (2, 0, 0)),
        ("A-MINDERHEIT2", (True, True, False, False), (0, 0, 0, 0)),
        ("A-MEHRHEIT1", (True, False, False), (0, 1, 1)),
    ],
)
def test_voting_conditions_count_players_not_tiles(
    condition_card: str, sides: tuple[bool, ...], expected: tuple[int, ...]
) -> None:
    """RG-3.6, RG-R19: only each player's Ja or Nein counts; a tie has no minority or lone dissenter."""
    got = tuple(effects.voting_chips(card(condition_card), s, sides, False, 0) for s in range(len(sides)))
    assert got == expected
