"""R-7.1, R-7.2, RA-13..RA-16: after the opening: figures of three, laying off, swapping jokers."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld, SwapRefused, TableRight
from stammtisch.games.preisromme.model import Layoff, Swap

from .support import act, hand, position


def test_ra13_after_opening_three_cards_without_minimum() -> None:
    """R-7.1, RA-13: an opened player lays 2-3-4 (9 points)."""
    state = position(["2C 3C 4C 9D", "3D", "4D", "5D"], opened=[0])
    state = act(state, 0, "meld 2C 3C 4C")
    assert hand(state, 0) == ["9D"]


def test_ra14_lay_off_on_any_figure_at_either_end() -> None:
    """R-7.1, RA-14: lay off on another player's run, at both ends, and on a set up to four."""
    table = [("run", "5H 6H 7H", 1), ("set", "9C 9S 9H", 2)]
    state = position(["4H 8H 9D 2C", "3D", "4D", "5D"], table=table, opened=[0, 1, 2])
    state = act(state, 0, "layoff 1 4H", "layoff 1 8H", "layoff 2 9D")
    assert GAME.view(state, 0)["table"][0]["cards"] == ["4H", "5H", "6H", "7H", "8H"]
    assert GAME.view(state, 0)["table"][1]["cards"] == ["9C", "9S", "9H", "9D"]
    assert state.table[0].owners == (0, 1, 1, 1, 0)


def test_ra14_laying_off_needs_an_opening() -> None:
    """R-7.1: laying off and swapping only after one's own forty."""
    table = [("run", "5H JK 7H", 1)]
    state = position(["4H 6H 2C", "3D", "4D", "5D"], table=table, opened=[1])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "layoff 1 4H")
    assert refused.value.clause == "R-7.1"
    with pytest.raises(IllegalMeld):
        act(state, 0, "swap 1 JK 6H")


def test_r7_1_swap_another_players_joker_for_the_card_it_stands_for() -> None:
    """R-7.1, RA-15: the card the joker stands for replaces it; the joker goes to the hand."""
    table = [("run", "5H JK 7H", 1)]
    state = position(["6H 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    assert Swap(1, "6H") in GAME.legal_actions(state, 0)
    state = act(state, 0, "swap 1 JK 6H")
    assert hand(state, 0) == ["2C", "3C", "JK"]
    assert GAME.view(state, 0)["table"][0]["cards"] == ["5H", "6H", "7H"]


def test_r7_2_own_jokers_cannot_be_swapped() -> None:
    """R-7.2: only jokers laid by the other players can be exchanged (CFG swap_own_jokers)."""
    table = [("run", "5H JK 7H", 0)]
    state = position(["6H 2C 3C", "3D", "4D", "5D"], table=table, opened=[0])
    with pytest.raises(SwapRefused) as refused:
        act(state, 0, "swap 1 JK 6H")
    assert refused.value.clause == "R-7.2"
    assert Swap(1, "6H") not in GAME.legal_actions(state, 0)
    allowed = position(["6H 2C 3C", "3D", "4D", "5D"], table=table, opened=[0], options={"swap_own_jokers": True})
    assert hand(act(allowed, 0, "swap 1 JK 6H"), 0) == ["2C", "3C", "JK"]


def test_ra15_only_the_represented_card_swaps() -> None:
    """RA-15, R-9.1: a card no joker stands for cannot take a joker off the table."""
    table = [("run", "5H JK 7H", 1)]
    state = position(["8H 6S 2C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    with pytest.raises(TableRight):
        act(state, 0, "swap 1 JK 6S")
    with pytest.raises(TableRight):
        act(state, 0, "swap 1 JK 8H")


def test_ra14_a_card_whose_slot_a_joker_holds_is_a_swap_not_a_layoff() -> None:
    """RA-14: 6H on 5H-Joker-7H is a swap."""
    table = [("run", "5H JK 7H", 1)]
    state = position(["6H 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    with pytest.raises(IllegalMeld) as refused:
        GAME.act(state, 0, Layoff(1, "6H"))
    assert refused.value.clause == "RA-14"


def test_ra14_joker_lay_off_names_the_end() -> None:
    """RA-14: a joker on a run goes to the end the player names; it then stands for that card."""
    table = [("run", "5H 6H 7H", 1)]
    state = position(["JK 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    legal = GAME.legal_actions(state, 0)
    assert Layoff(1, "JK", "low") in legal and Layoff(1, "JK", "high") in legal
    low = act(state, 0, "layoff 1 JK low")
    assert GAME.view(low, 0)["table"][0]["stands_for"] == ["4H", "5H", "6H", "7H"]
    with pytest.raises(IllegalMeld):
        GAME.act(state, 0, Layoff(1, "JK"))
