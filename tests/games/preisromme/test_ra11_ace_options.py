"""RA-11 options: `allow_wraparound` (K-A-2), `ace_both_ends` (A..A) and `ace_in_set_points`."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import InvalidOption
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld
from stammtisch.games.preisromme.melds import build_run, build_set, figure_points, find_runs
from stammtisch.games.preisromme.model import Layoff, Meld

from .support import act, cards, hand, position, seq

WRAP = {"allow_wraparound": True}
BOTH = {"ace_both_ends": True}


def test_ra11_wraparound_refused_by_default() -> None:
    """RA-11 default: K-A-2 is no run (R-6.5 "ohne König"): a false sequence (RA-10) in both languages."""
    assert build_run(seq("KH AH 2H"), 0) == "gap"
    state = position(["KH AH 2H 7C 8C 9C 10C JC QC 2D", "3D", "4D", "5D"], opened=[0])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld KH AH 2H")
    assert refused.value.clause == "RA-10"
    assert "Reihenfolge" in refused.value.message.de and "sequence" in refused.value.message.en
    assert Meld("run", ("KH", "AH", "2H")) not in GAME.legal_actions(state, 0)


def test_ra11_wraparound_allowed_ace_next_to_the_king_counts_ten() -> None:
    """RA-11 allow_wraparound: Q-K-A-2 is a run of 10+10+10+2 = 32; K-A-2 is listed and laid."""
    figure = build_run(seq("QH KH AH 2H"), 0, wrap=True)
    assert not isinstance(figure, str) and figure_points(figure) == 32
    assert figure_points(build_run(seq("AH 2H 3H"), 0, wrap=True)) == 6
    state = position(["KH AH 2H 2D", "3D", "4D", "5D"], opened=[0], options=WRAP)
    assert Meld("run", ("KH", "AH", "2H")) in GAME.legal_actions(state, 0)
    state = act(state, 0, "meld KH AH 2H")
    assert GAME.view(state, 0)["table"][0]["cards"] == ["KH", "AH", "2H"]


def test_ra11_wraparound_lay_off_round_the_corner_and_at_most_thirteen() -> None:
    """RA-11 allow_wraparound: a king goes before a low ace, a two after a high ace; 13 cards at most."""
    state = position(["AH 2H 3H KH 5D 6D", "3D", "4D", "5D"], opened=[0], options=WRAP)
    state = act(state, 0, "meld AH 2H 3H")
    assert Layoff(1, "KH") in GAME.legal_actions(state, 0)
    state = act(state, 0, "layoff 1 KH")
    assert GAME.view(state, 0)["table"][0]["cards"] == ["KH", "AH", "2H", "3H"]
    assert GAME.view(state, 0)["table"][0]["points"] == 10 + 10 + 2 + 3
    assert build_run(seq("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H"), 0, wrap=True) == "bounds"


def test_ra11_ace_both_ends_default_refused() -> None:
    """RA-11 default: no ace at both ends; refused with RA-11."""
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert build_run(seq(run + " AH"), 0) == "bounds"
    state = position([run + " AH 2D", "3D", "4D", "5D"], opened=[0])
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, f"meld {run} AH")
    assert refused.value.clause == "RA-11"
    state = act(state, 0, f"meld {run}")
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "layoff 1 AH high")
    assert refused.value.clause == "RA-11"


@pytest.mark.parametrize("options", [BOTH, {**BOTH, **WRAP}])
def test_ra11_ace_both_ends_allowed(options: dict[str, object]) -> None:
    """RA-11 ace_both_ends: A..A (14 cards, 95 points) is laid whole or by laying off the second ace."""
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    figure = build_run(seq(run + " AH"), 0, both_ends=True)
    assert not isinstance(figure, str) and figure_points(figure) == 95
    assert cards(run + " AH") in [tuple(sorted(r)) for r in find_runs(cards(run + " AH 2D"), 0, 14, both_ends=True)]
    state = act(position([run + " AH 2D", "3D", "4D", "5D"], opened=[0], options=options), 0, f"meld {run}")
    state = act(state, 0, "layoff 1 AH high")
    assert len(state.table[0].slots) == 14 and hand(state, 0) == ["2D"]


def test_ra11_ace_in_set_points_ten_by_default_one_by_option() -> None:
    """RA-11: an ace in a set counts 10 (R-6.3 example, default); with ace_in_set_points = 1 four aces
    make 4 and do not open (refused with R-6.1)."""
    aces = seq("AC AS AH AD")
    assert figure_points(build_set(aces, 0)) == 40
    assert figure_points(build_set(aces, 0), 1) == 4
    state = position(["AC AS AH AD 2D", "3D", "4D", "5D"], options={"ace_in_set_points": 1})
    assert Meld("set", ("AC", "AS", "AH", "AD")) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld AC AS AH AD")
    assert refused.value.clause == "R-6.1" and "4" in refused.value.message.en
    opened = act(position(["AC AS AH AD 2D", "3D", "4D", "5D"]), 0, "meld AC AS AH AD")
    assert GAME.view(opened, 0)["table"][0]["points"] == 40


def test_ra11_ace_in_set_points_only_ten_or_one() -> None:
    """RA-11: ace_in_set_points is 10 or 1; anything else is refused in German and English."""
    with pytest.raises(InvalidOption) as refused:
        GAME.start(4, GAME.configure({"ace_in_set_points": 5}))
    assert refused.value.clause == "RA-11" and "10" in refused.value.message.de
