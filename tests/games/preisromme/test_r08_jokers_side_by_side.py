"""R-8.1, RA-17: two jokers never lie side by side."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme.errors import IllegalMeld

from .support import act, position


def test_r8_1_ten_joker_queen_joker_is_allowed() -> None:
    """R-8.1: "10 Joker Dame Joker = ja"."""
    state = act(position(["10H JK QH JK 2D", "3D", "4D", "5D"]), 0, "meld 10H JK QH JK")
    assert len(state.table) == 1


def test_r8_1_ten_joker_joker_king_is_not() -> None:
    """R-8.1: "10 Joker Joker König = nein"."""
    state = position(["10H JK JK KH 2D", "3D", "4D", "5D"])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld 10H JK JK KH")
    assert refused.value.clause == "R-8.1"


def test_ra17_sets_judged_in_suit_order() -> None:
    """RA-17: Pik-K + 2 jokers = J N J is legal; Kreuz-K + 2 jokers = N J J is not."""
    state = position(["KS JK JK KH 2D", "3D", "4D", "5D"], opened=[0])
    assert len(act(state, 0, "meld set JK KS JK").table) == 1
    state = position(["KC JK JK KH 2D", "3D", "4D", "5D"], opened=[0])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld set KC JK JK")
    assert refused.value.clause == "R-8.1"


def test_ra17_runs_only_option_allows_adjacent_jokers_in_sets() -> None:
    """RA-17 CFG set_joker_adjacency = runs_only."""
    state = position(["KC JK JK KH 2D", "3D", "4D", "5D"], opened=[0], options={"set_joker_adjacency": "runs_only"})
    assert len(act(state, 0, "meld set KC JK JK").table) == 1


def test_r8_1_no_joker_laid_off_next_to_a_joker() -> None:
    """R-8.1, RA-17: also when laying off, at a run's end or into a set."""
    table = [("run", "5H 6H JK", 1), ("set", "9C 9S JK", 1)]
    state = position(["JK 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    with pytest.raises(IllegalMeld):
        act(state, 0, "layoff 1 JK high")
    with pytest.raises(IllegalMeld):  # it would stand for 9D, beside the joker for 9H
        act(state, 0, "layoff 2 JK")
    ok = act(state, 0, "layoff 1 JK low")
    assert len(ok.table[0].slots) == 4


def test_ra18_declared_type_decides() -> None:
    """RA-18: Joker Herz-König Joker is legal as a run (HQ HK HA), illegal as a set (Kreuz, Pik jokers side by side)."""
    state = position(["JK KH JK 2D", "3D", "4D", "5D"], opened=[0])
    assert len(act(state, 0, "meld run JK KH JK").table) == 1
    with pytest.raises(IllegalMeld):
        act(state, 0, "meld set JK KH JK")
