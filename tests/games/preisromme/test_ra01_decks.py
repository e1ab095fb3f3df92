"""RA-01 `decks`: two packs by default; the option allows three (the rulings: "at least two packs")."""

from __future__ import annotations

from collections import Counter

import pytest

from stammtisch.core.errors import InvalidOption
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import deck

from .support import all_cards


@pytest.mark.parametrize(("decks", "size"), [(2, 110), (3, 162)])
def test_ra01_deck_has_the_configured_packs(decks: int, size: int) -> None:
    """RA-01: 2×52 + 6 jokers = 110 by default, 3×52 + 6 = 162 with decks = 3; every card is accounted for."""
    state = GAME.start(4, GAME.configure({"decks": decks}))
    assert len(state.stock) == size and Counter(state.stock)[0] == decks
    assert all_cards(state) == Counter(deck(decks, 6))


def test_ra01_fewer_than_two_packs_are_refused() -> None:
    """RA-01: one pack cannot serve the deal, the up-card and the knock draws; refused in both languages."""
    with pytest.raises(InvalidOption) as refused:
        GAME.configure({"decks": 1})
    assert refused.value.clause == "RA-01" and "decks" in refused.value.message.en
