"""RA-09 `opening_figures`: the first laying is one figure of forty (single, the default) or several
figures that come to forty together (multiple); R-6.1, R-9.2 for a first laying short of its points."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld
from stammtisch.games.preisromme.model import Discard, Meld, Withdraw

from .support import act, hand, position

HANDS = ["10H JH QH 5C 5S 5H 2D", "3D", "4D", "5D"]  # 30 + 15 points in two figures


def test_ra09_single_two_figures_do_not_open() -> None:
    """RA-09 single (default): 30 + 15 do not open; the first figure is refused with R-6.1."""
    state = position(HANDS)
    assert Meld("run", ("10H", "JH", "QH")) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "meld 10H JH QH")
    assert refused.value.clause == "R-6.1"
    assert "40" in refused.value.message.de and "40" in refused.value.message.en


def test_ra09_multiple_two_figures_open_together() -> None:
    """RA-09 multiple: 10-J-Q (30) then 5-5-5 (15) open with 45; the player then may lay off."""
    state = position(HANDS, options={"opening_figures": "multiple"})
    assert Meld("run", ("10H", "JH", "QH")) in GAME.legal_actions(state, 0)
    state = act(state, 0, "meld 10H JH QH")
    assert state.opened_turn[0] < 0 and state.provisional == 1
    assert GAME.view(state, 0)["provisional_figures"] == 1
    state = act(state, 0, "meld 5C 5S 5H")
    assert state.opened_turn[0] == state.turn_no and state.provisional == 0
    assert Discard("2D") in GAME.legal_actions(state, 0)


def test_ra09_multiple_short_opening_cannot_be_discarded_on() -> None:
    """RA-09 multiple, R-6.1: with only 30 on the table the turn cannot end; the discard is refused in
    German and English and is not listed; a withdraw takes the cards back and locks the turn (R-9.2)."""
    state = act(position(HANDS, options={"opening_figures": "multiple"}), 0, "meld 10H JH QH")
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(a, Discard) for a in legal) and Withdraw() in legal
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "discard 2D")
    assert refused.value.clause == "R-6.1"
    assert "30" in refused.value.message.de and "30" in refused.value.message.en
    state = act(state, 0, "withdraw")
    assert state.table == () and state.locked and state.provisional == 0
    before = hand(position(HANDS), 0)
    assert hand(state, 0) == before
    assert GAME.legal_actions(state, 0) == tuple(Discard(c) for c in before)


def test_ra09_multiple_withdraw_listed_even_without_the_lock_option() -> None:
    """RA-09 multiple with false_meld_locks_turn off: a short first laying can still be taken back."""
    options = {"opening_figures": "multiple", "false_meld_locks_turn": False}
    state = position(HANDS, options=options)
    assert Withdraw() not in GAME.legal_actions(state, 0)
    state = act(state, 0, "meld 10H JH QH")
    assert Withdraw() in GAME.legal_actions(state, 0)


def test_ra09_multiple_no_lay_off_before_the_forty_is_complete() -> None:
    """RA-09 multiple, R-7.1: laying off waits until the figures come to forty."""
    table = [("run", "6C 7C 8C", 1)]
    state = position(
        ["10H JH QH 9C 2D", "3D", "4D", "5D"], table=table, opened=[1], options={"opening_figures": "multiple"}
    )
    state = act(state, 0, "meld 10H JH QH")
    with pytest.raises(IllegalMeld) as refused:
        act(state, 0, "layoff 1 9C")
    assert refused.value.clause == "R-7.1"
