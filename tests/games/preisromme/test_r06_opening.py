"""R-6.1..R-6.5, RA-08, RA-09, RA-11, RA-12: the first laying of forty points."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld
from stammtisch.games.preisromme.melds import build_run, build_set, figure_points

from .support import act, hand, position, seq

FORTY = [
    "6H 7H 8H 9H 10H",  # von sechs bis zehn in einer Farbe
    "10H JH QH KH",  # 10, Bube, Dame, König einer Farbe
    "JH QH KH AH",  # Bube, Dame, König, As einer Farbe
    "10C 10S 10H 10D",  # Zehn ... von Kreuz, Pik, Herz und Karo
    "JC JS JH JD",
    "QC QS QH QD",
    "KC KS KH KD",
    "AC AS AH AD",
]


@pytest.mark.parametrize("figure", FORTY)
def test_r6_3_every_example_is_forty_and_opens(figure: str) -> None:
    """R-6.3: each example of forty points is a legal first laying."""
    state = position([figure + " 2D", "3D", "4D", "5D"])
    state = act(state, 0, f"meld {figure}")
    assert hand(state, 0) == ["2D"]
    assert figure_points(state.table[0]) == 40
    assert state.opened_turn[0] == state.turn_no


def test_r6_1_under_forty_is_refused_and_changes_nothing() -> None:
    """R-6.1, R-9.2: 30 points do not open; the refusal names the clause and changes nothing."""
    state = position(["10H JH QH 2D", "3D", "4D", "5D"])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld 10H JH QH")
    assert refused.value.clause == "R-6.1"
    assert "30" in refused.value.message.en and "40" in refused.value.message.de
    assert hand(state, 0) == ["10H", "JH", "QH", "2D"] and state.table == ()


def test_r6_2_nobody_lays_before_every_player_has_discarded_once() -> None:
    """R-6.2, RA-08: laying only after everyone has played out once (knocking is allowed before)."""
    state = position(["6H 7H 8H 9H 10H 2D", "3D", "4D", "5D"], discarded=False)
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld 6H 7H 8H 9H 10H")
    assert refused.value.clause == "R-6.2"
    assert not any(a.__class__.__name__ == "Meld" for a in GAME.legal_actions(state, 0))


def test_r6_5_ace_counts_one_next_to_the_two_and_ten_next_to_the_king() -> None:
    """R-6.5, RA-11: A-2-..-8 is 1+2+..+8 = 36; Q-K-A is 30; the ace in a set counts 10."""
    low = build_run(seq("AH 2H 3H 4H 5H 6H 7H 8H"), 0)
    high = build_run(seq("QH KH AH"), 0)
    assert figure_points(low) == 36
    assert figure_points(high) == 30
    assert figure_points(build_set(seq("AC AS AH"), 0)) == 30
    state = position(["AH 2H 3H 4H 5H 6H 7H 8H 2D", "3D", "4D", "5D"])
    with pytest.raises(IllegalMeld):
        act(state, 0, "meld AH 2H 3H 4H 5H 6H 7H 8H")
    opened = act(position(["AH 2H 3H 4H 5H 6H 7H 8H 9H 2D", "3D", "4D", "5D"]), 0, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H")
    assert figure_points(opened.table[0]) == 45


def test_r6_4_jokers_in_the_first_laying_count_as_the_card_they_stand_for() -> None:
    """R-6.4, RA-12: 10 Joker Dame Joker stands for 10 J Q K = 40, so it opens."""
    state = act(position(["10H JK QH JK 2D", "3D", "4D", "5D"]), 0, "meld 10H JK QH JK")
    assert figure_points(state.table[0]) == 40
    assert GAME.view(state, 1)["table"][0]["stands_for"] == ["10H", "JH", "QH", "KH"]


def test_ra09_one_figure_must_hold_the_forty_then_more_may_follow() -> None:
    """RA-09: 30 + 14 does not open; after a 40 figure, more figures of three follow in the same turn."""
    state = position(["10H JH QH 2C 3C 4C 5C 9D", "3D", "4D", "5D"])
    with pytest.raises(IllegalMeld):
        act(state, 0, "meld 2C 3C 4C 5C")
    state = position(["10H JH QH KH 2C 3C 4C 9D", "3D", "4D", "5D"])
    state = act(state, 0, "meld 10H JH QH KH", "meld 2C 3C 4C")
    assert hand(state, 0) == ["9D"] and len(state.table) == 2


def test_ra09_more_than_forty_opens() -> None:
    """RA-09: 44 is fine."""
    state = act(position(["5S 6S 7S 8S 9S 10S 2D", "3D", "4D", "5D"]), 0, "meld 5S 6S 7S 8S 9S 10S")
    assert figure_points(state.table[0]) == 45


def test_opening_min_points_option() -> None:
    """RA-09 CFG opening_min_points: a table may ask for another minimum."""
    state = position(["10H JH QH 2D", "3D", "4D", "5D"], options={"opening_min_points": 30})
    assert len(act(state, 0, "meld 10H JH QH").table) == 1
