"""R-9.1, R-9.2, RA-19, RA-20: "Tisch hat sein Recht" and the false laying."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld, TableRight
from stammtisch.games.preisromme.model import Meld, Withdraw

from .support import act, hand, position


def test_r9_1_nothing_on_the_table_is_laid_differently() -> None:
    """R-9.1, RA-20: a card cannot be pushed into a run where a natural card already lies."""
    table = [("run", "5H 6H 7H 8H", 1)]
    state = position(["6H 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    with pytest.raises(TableRight) as refused:
        act(state, 0, "layoff 1 6H")
    assert refused.value.clause == "R-9.1"
    assert "Tisch hat sein Recht" in refused.value.message.de


def test_r9_1_a_natural_card_on_the_table_is_never_swapped_out() -> None:
    """R-9.1: swapping takes only jokers (nothing else is taken back from the table)."""
    table = [("run", "5H 6H 7H", 1)]
    state = position(["6H 2C 3C", "3D", "4D", "5D"], table=table, opened=[0, 1])
    with pytest.raises(TableRight):
        act(state, 0, "swap 1 JK 6H")


def test_r9_2_false_laying_goes_back_to_the_hand_and_locks_the_turn() -> None:
    """R-9.2, RA-19: the refused laying leaves hand and table unchanged; the recorded withdraw then
    forbids every further laying this turn; the turn still ends with a discard."""
    state = position(["10H JH QH KH 2C 3C 4C 9D", "3D", "4D", "5D"])
    with pytest.raises(IllegalMeld):
        act(state, 0, "meld 2C 3C 4C")  # no forty first
    assert hand(state, 0) == ["2C", "3C", "4C", "10H", "JH", "QH", "KH", "9D"] and state.table == ()
    assert Withdraw() in GAME.legal_actions(state, 0)
    locked = act(state, 0, "withdraw")
    assert GAME.view(locked, 1)["locked"] is True
    with pytest.raises(IllegalMeld) as refused:
        act(locked, 0, "meld 10H JH QH KH")
    assert refused.value.clause == "R-9.2"
    assert not any(isinstance(a, Meld | Withdraw) for a in GAME.legal_actions(locked, 0))
    after = act(locked, 0, "discard 9D")
    assert GAME.view(after, 1)["phase"] == "knock_window"


def test_r9_2_figures_laid_before_the_false_laying_stay() -> None:
    """R-9.1, RA-19: legal figures laid earlier in the same turn stay on the table."""
    state = position(["10H JH QH KH 2C 3C 5C 9D", "3D", "4D", "5D"])
    state = act(state, 0, "meld 10H JH QH KH")
    with pytest.raises(IllegalMeld):
        act(state, 0, "meld 2C 3C 5C")
    state = act(state, 0, "withdraw")
    assert len(state.table) == 1 and state.opened_turn[0] == state.turn_no


def test_r9_2_lock_ends_with_the_turn() -> None:
    """R-9.2: she may lay again at her next turn."""
    hands = ["2C 3C 4C 9D 9S", "3D 3S", "4D 4S", "5D 5S"]
    state = act(position(hands, opened=[0]), 0, "withdraw", "discard 9S")
    for seat, answer in ((1, "pass"), (2, "pass"), (3, "pass")):
        state = act(state, seat, answer)
    from stammtisch.games.preisromme.model import CardOutcome

    state = GAME.resolve(state, CardOutcome("KC"))
    state = act(state, 1, "discard KC")
    for seat in (2, 3, 0):
        state = act(state, seat, "pass")
    state = GAME.resolve(state, CardOutcome("KH"))
    state = act(state, 2, "discard KH")
    for seat in (3, 0, 1):
        state = act(state, seat, "pass")
    state = GAME.resolve(state, CardOutcome("KS"))
    state = act(state, 3, "discard KS")
    for seat in (0, 1, 2):
        state = act(state, seat, "pass")
    state = GAME.resolve(state, CardOutcome("KD"))
    assert state.current == 0 and not state.locked
    assert len(act(state, 0, "meld 2C 3C 4C").table) == 1
