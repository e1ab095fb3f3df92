"""Art 14 (Aufsetzer), Art 15 (Roller), Art 3 (extra cups) / BP-R03, R04."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.bierpong import GAME

from .helpers import begin, cups, legal, play, rack, waiting


def test_aufsetzer_counts_as_two_hits_the_owner_picks_a_neighbour() -> None:
    """Art 14.1, 3.1-3.3: cup 5 bounced: it goes, and the owner picks one neighbour of 5."""
    state = play(begin(2), "hit 5 bounce", "miss")
    assert waiting(state) == "seats 1"
    assert legal(state, 1) == ["remove 2", "remove 3", "remove 4", "remove 6", "remove 8", "remove 9"]
    state = play(state, "1: remove 9")
    assert cups(state, 1) == "oooo" + "xooo" + "xo"


def test_roller_counts_as_aufsetzer() -> None:
    """Art 15.1, 15.2: a ball that touched two cups is a Roller: two hits."""
    state = play(begin(2), "hit 1 roller", "miss")
    assert legal(state, 1) == ["remove 2", "remove 3"]


def test_rim_only_is_a_plain_hit() -> None:
    """Art 15.3 / BP-R04: touching only the landing cup's rim makes nothing special (entered as ``hit``)."""
    state = play(begin(2), "hit 1", "miss")
    assert cups(state, 1) == "x" + "o" * 9
    assert state.round is not None and state.round.team == 1


def test_skipping_an_adjacent_cup_is_refused() -> None:
    """Art 3.2: adjacent cups first; the refusal names the clause and the allowed cups."""
    state = play(begin(2), "hit 1 bounce", "miss")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 1, GAME.parse_action("remove 10"))
    assert error.value.clause == "BP-3.2"
    assert "2, 3" in error.value.message.en and "2, 3" in error.value.message.de
    assert "BP-3.2" not in error.value.message.en
    with pytest.raises(IllegalAction) as gone:
        GAME.act(state, 1, GAME.parse_action("remove 1"))
    assert gone.value.clause == "BP-3.1"


def test_no_neighbour_left_any_live_cup() -> None:
    """Art 3.2: only when no adjacent cup is left, any other live cup may go."""
    state = rack(begin(2), 1, "o x x o x x o x x o")
    assert legal(state, 0) == ["throw", "island 1", "island 10"]  # Islands on the rack: call or not
    state = play(state, "0: throw", "hit 1 bounce", "0: throw", "miss")
    assert legal(state, 1) == ["remove 4", "remove 7", "remove 10"]


def test_forced_extras_need_no_choice() -> None:
    """BP-R03: when the owner has no choice, the engine takes the cups."""
    state = rack(begin(2), 1, "o o x x x x x x x o")
    state = play(state, "0: throw", "hit 1 bounce", "0: throw", "miss")
    assert cups(state, 1) == "xx" + "x" * 7 + "o"  # cup 2 was the only neighbour of 1


def test_thrower_chooses_option() -> None:
    """BP-R03 extra_cup_chooser = thrower."""
    state = play(begin(2, {"extra_cup_chooser": "thrower"}), "hit 5 bounce", "miss")
    assert waiting(state) == "seats 0"


def test_timeout_takes_adjacent_cups_in_ascending_order() -> None:
    """BP-R03: an owner who does not choose gets the adjacent cups in ascending order."""
    state = play(begin(2), "hit 5 bounce", "miss")
    assert GAME.timeout_action(state, 1) == GAME.parse_action("remove 2")
    assert GAME.timeout_action(begin(6, teams=[[0, 2, 4], [1, 3, 5]]), 0) is None  # a pair has no default
    called = play(begin(2), "hit 1", "hit 2")
    assert GAME.timeout_action(called, 0) == GAME.parse_action("no-call")
    fetch = play(begin(2), "back own")
    assert GAME.timeout_action(fetch, 0) == GAME.parse_action("leave")


def test_defended_only_after_a_bounce_else_rethrow() -> None:
    """Art 14.2 / BP-R19: a legal swat is a miss; defending an unbounced ball repeats the throw."""
    state = play(begin(2), "illegal-defence")
    assert state.round is not None and state.round.throws == 0
    state = play(state, "defended", "illegal-defence", "miss")
    assert state.round is not None and state.round.team == 1
