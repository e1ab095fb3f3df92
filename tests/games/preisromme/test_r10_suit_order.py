"""R-10.1..R-10.3, RA-16: the suit order Kreuz Pik Herz Karo decides which card a joker in a set stands for."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld, TableRight
from stammtisch.games.preisromme.model import Meld, Swap

from .support import act, hand, position


def test_r10_2_kreuz_as_joker_karo_as_the_joker_is_the_pik_as() -> None:
    """R-10.2, R-10.3: the joker stands for the first missing suit from the top: Pik."""
    table = [("set", "AC JK AD", 1)]
    state = position(["AS AH 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    assert GAME.view(state, 0)["table"][0]["stands_for"] == ["AC", "AS", "AD"]
    assert Swap(1, "AS") in GAME.legal_actions(state, 0)
    assert Swap(1, "AH") not in GAME.legal_actions(state, 0)
    swapped = act(state, 0, "swap 1 JK AS")
    assert "JK" in hand(swapped, 0)


def test_r10_2_the_herz_as_is_not_a_swap_but_a_fourth_card() -> None:
    """R-10.2, RA-16: the Herz-As does not free the joker; it is laid off and the joker stays Pik-As."""
    table = [("set", "AC JK AD", 1)]
    state = position(["AH 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    with pytest.raises(TableRight):
        act(state, 0, "swap 1 JK AH")
    state = act(state, 0, "layoff 1 AH")
    figure = GAME.view(state, 0)["table"][0]
    assert figure["cards"] == ["AC", "JK", "AH", "AD"]
    assert figure["stands_for"] == ["AC", "AS", "AH", "AD"]


def test_r10_3_a_set_is_written_in_suit_order_with_each_joker_at_its_suit() -> None:
    """R-10.1, R-10.3: "meld AC AD JK" is read as Kreuz-As, Joker (Pik), Karo-As; other orders are refused."""
    assert GAME.parse_action("meld AC AD JK") == Meld("set", ("AC", "JK", "AD"))
    assert GAME.parse_action("meld AD AC JK") == Meld("set", ("AC", "JK", "AD"))
    state = position(["AC AD JK 2C", "3D", "4D", "5D"], opened=[0])
    with pytest.raises(IllegalMeld) as refused:
        GAME.act(state, 0, Meld("set", ("AD", "AC", "JK")))
    assert refused.value.clause == "R-10.1"
    assert len(GAME.act(state, 0, Meld("set", ("AC", "JK", "AD"))).table) == 1


def test_ra10_a_suit_never_repeats_in_a_set() -> None:
    """RA-10: two Kreuz-Könige are no set (the second pack's duplicate)."""
    state = position(["KC KC KH 2C", "3D", "4D", "5D"], opened=[0])
    with pytest.raises(IllegalMeld):
        GAME.act(state, 0, Meld("set", ("KC", "KC", "KH")))
