"""RA-15 `swapped_joker_must_be_used_same_turn`: the joker won by a swap may stay in hand (default) or
must be laid in the same turn (option)."""

from __future__ import annotations

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import IllegalMeld, SwapRefused
from stammtisch.games.preisromme.model import Discard, Layoff, Swap, Withdraw

from .support import act, hand, position

TABLE = [("run", "5H JK 7H", 1), ("run", "2C 3C 4C", 1)]
MUST = {"swapped_joker_must_be_used_same_turn": True}


def test_ra15_default_swapped_joker_may_stay_in_hand() -> None:
    """RA-15 default: after the swap the joker stays in hand and the turn ends with a discard."""
    state = act(position(["6H 9D 8S", "3D", "4D", "5D"], table=TABLE, opened=[0, 1]), 0, "swap 1 JK 6H")
    assert "JK" in hand(state, 0)
    state = act(state, 0, "discard 9D")
    assert "JK" in hand(state, 0)


def test_ra15_option_swapped_joker_must_be_laid_first() -> None:
    """RA-15 option: after the swap only layings of the joker are listed; a discard or another lay-off
    is refused with RA-15 in German and English; laying the joker off frees the turn again."""
    state = act(position(["6H 9D 8S", "3D", "4D", "5D"], table=TABLE, opened=[0, 1], options=MUST), 0, "swap 1 JK 6H")
    legal = GAME.legal_actions(state, 0)
    assert legal[-1] == Withdraw() and all(isinstance(a, Layoff) and a.card == "JK" for a in legal[:-1])
    assert not any(isinstance(a, Discard) for a in legal)
    for move in ("discard 9D",):
        with pytest.raises(SwapRefused) as refused:
            act(state, 0, move)
        assert refused.value.clause == "RA-15"
        assert "Joker" in refused.value.message.de and "joker" in refused.value.message.en
    state = act(state, 0, "layoff 2 JK high")
    assert state.owed_jokers == 0 and Discard("9D") in GAME.legal_actions(state, 0)


def test_p22_a_false_laying_while_the_joker_is_owed_locks_after_the_joker() -> None:
    """R-9.2 with the RA-15 option (P-22): a false laying while the swapped joker is owed is taken
    back; the lock (``withdraw``, which the match layer submits) still lets the joker be laid, and only
    after that does the lock hold: no further laying, only the discard."""
    start = position(["6H 9D 8S 5C", "3D", "4D", "5D"], table=TABLE, opened=[0, 1], options=MUST)
    state = act(act(start, 0, "swap 1 JK 6H"), 0, "withdraw")
    assert state.locked and state.owed_jokers == 1
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(a, Layoff) and a.card == "JK" for a in legal)  # no second withdraw
    for move in ("discard 9D", "layoff 2 5C"):
        with pytest.raises(SwapRefused):
            act(state, 0, move)
    with pytest.raises(IllegalMeld, match="R-9.2"):
        act(state, 0, "withdraw")
    state = act(state, 0, "layoff 2 JK high")
    assert state.owed_jokers == 0 and state.locked
    assert all(isinstance(a, Discard) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalMeld, match="R-9.2"):
        act(state, 0, "layoff 2 5C")


def test_ra15_option_swap_refused_when_the_joker_could_not_be_laid() -> None:
    """RA-15 option: with one card left after the swap the joker could go nowhere: the swap is refused."""
    table = [("run", "5H JK 7H", 1)]
    state = position(["6H", "3D", "4D", "5D"], table=table, opened=[0, 1], options=MUST)
    assert Swap(1, "6H") not in GAME.legal_actions(state, 0)
    with pytest.raises(SwapRefused) as refused:
        act(state, 0, "swap 1 JK 6H")
    assert refused.value.clause == "RA-15"
    free = position(["6H", "3D", "4D", "5D"], table=table, opened=[0, 1])
    assert Swap(1, "6H") in GAME.legal_actions(free, 0)
