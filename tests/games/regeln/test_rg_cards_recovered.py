"""Issue 12 §3, docs/rules/rulings/regeln-cards.md §3-§7: the 25 known and 3 probable cards are in the
standard file exactly as recovered (type, status, start card, and the effect in the parameters the
source gives; E-AUFSTEHEN's unknown amount is RGO-2's 2 chips); every other card is ours, marked
``designed``, and there are exactly 20 of them (2-3 Wertung, 4 Prognose, 7 Abstimm, 6 Ereignis)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from stammtisch.games.regeln.cards import standard_deck

VALUES = {"W": "white", "P": "purple", "Y": "yellow", "G": "green"}
RECOVERED: dict[str, tuple[str, str, dict[str, Any]]] = {
    # regeln-cards.md §3, §4: the Wertung and Prognose cards known (start cards marked below)
    "W-EINFACH": ("wertung", "certain", {"formula": "sum_all_colours", "factor": 1, "add_bonus": True}),
    "W-PRODUKT2": ("wertung", "certain", {"formula": "product_two_colours", "factor": 1, "add_bonus": True}),
    "W-NOTIERT5": ("wertung", "certain", {"formula": "noted_colour_times", "factor": 5, "add_bonus": True}),
    "W-FARBANZAHL": ("wertung", "probable", {"formula": "sum_times_distinct_colours", "factor": 1, "add_bonus": True}),
    "P-EIGENER15": ("prognose", "certain", {"target": "own_place", "points": 15, "near_points": 0}),
    # §5: the 16 Korrektur cards (12 values below, 4 bonus cards)
    "K-B1": ("korrektur", "certain", {"kind": "bonus", "condition": "holds_exactly_one_colour", "points": 30}),
    "K-B2": ("korrektur", "certain", {"kind": "bonus", "condition": "colour_count_eq_1", "points": 10}),
    "K-B3": ("korrektur", "certain", {"kind": "bonus", "condition": "full_sets", "points": 5}),
    "K-B4": ("korrektur", "certain", {"kind": "bonus", "condition": "sole_holder_of_a_colour", "points": 30}),
    # §6: Abstimm
    "A-EINZELGAENGER5": ("abstimm", "effect_certain", {"condition": "sole_dissenter", "chips": 5}),
    "A-LINKS2": ("abstimm", "effect_certain", {"condition": "votes_like_left_neighbour", "chips": 2}),
    "A-MINDERHEIT2": ("abstimm", "probable", {"condition": "in_minority", "chips": 2}),
    # §7: Ereignis
    "E-ERSTER-SPRICHT-15": ("ereignis", "effect_certain", {"trigger": "first_to_speak_in_scoring", "points": -15}),
    "E-PUNKTBESTER-10": ("ereignis", "effect_certain", {"trigger": "rank_first_after_interim", "points": -10}),
    "E-SPRICHT-3": ("ereignis", "effect_certain", {"trigger": "speaks_during_vote", "chips": -3}),
    "E-AUFSTEHEN": ("ereignis", "probable", {"trigger": "stands_before_card_play", "chips": 2}),
}
for letter, colour in VALUES.items():
    for value in (0, 2, 3):
        RECOVERED[f"K-{letter}{value}"] = ("korrektur", "certain", {"kind": "value", "colour": colour, "value": value})


def test_the_recovered_cards_are_exactly_as_recovered() -> None:
    deck = standard_deck()
    assert len(RECOVERED) == 28
    for card_id, (kind, status, effect) in RECOVERED.items():
        card = deck.card(card_id)
        assert (card.type, card.status, dict(card.effect)) == (kind, status, effect), card_id
    starts = {card.id for card in deck.cards if card.start}
    assert starts == {"W-EINFACH", "P-EIGENER15"}  # RG-1.5, RG-1.6
    korrektur = {card.id: card.title.de for card in deck.cards if card.type == "korrektur" and card.id[2] in VALUES}
    assert korrektur["K-W0"] == "Die weissen Chips zählen null Punkte"  # §5 as printed, "zahlen" read "zählen"


def test_every_other_card_is_ours_and_marked() -> None:
    deck = standard_deck()
    ours = [card for card in deck.cards if card.id not in RECOVERED]
    assert all(card.status == "designed" for card in ours)
    assert Counter(card.type for card in ours) == {"wertung": 3, "prognose": 4, "abstimm": 7, "ereignis": 6}
