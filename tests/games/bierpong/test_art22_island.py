"""Art 22 (Island) / BP-R12."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction

from .helpers import begin, cups, legal, play, rack, waiting


def test_call_before_the_throw_on_an_island() -> None:
    """Art 22.1: only a live cup with no live neighbour; the thrower decides before throwing."""
    state = rack(begin(2), 1, "o x x o o x x x x o")
    assert waiting(state) == "seats 0"
    assert legal(state, 0) == ["throw", "island 1", "island 10"]
    with pytest.raises(IllegalAction) as error:
        play(state, "0: island 4")
    assert error.value.clause == "BP-22.1"
    assert "1, 10" in error.value.message.de


def test_island_hit_removes_the_cup_and_one_more_of_the_owners_choice() -> None:
    """Art 22.1 / BP-R12: the named cup hit: it and one more (any live cup, no adjacent ones left)."""
    state = rack(begin(2), 1, "o x x o o x x x x o")
    state = play(state, "0: island 10", "hit 10", "miss")
    assert waiting(state) == "seats 1"
    assert legal(state, 1) == ["remove 1", "remove 4", "remove 5"]
    state = play(state, "1: remove 4")
    assert cups(state, 1) == "oxxxoxxxxx"
    assert state.players[0].island_used


def test_island_on_the_wrong_cup_is_no_hit() -> None:
    """Art 22.1 / BP-R12: another cup hit instead: the hit does not count (nothing removed, no drink,
    a miss for the streak and for Balls Back)."""
    state = rack(begin(2), 1, "o x x o o x x x x o")
    state = play(state, "0: island 10", "hit 4", "hit 5")
    assert cups(state, 1) == "o x x o x x x x x o".replace(" ", "")
    assert state.round is not None and state.round.team == 1  # no Balls Back
    assert state.drinks.owed == (0, 1)
    assert state.players[0].streak == 1


def test_each_player_calls_island_once_per_game() -> None:
    """Art 22.2: the call is used up when made, hit or not."""
    state = rack(begin(2), 1, "o x x o o x x x x o")
    state = play(state, "0: island 10", "hit 10")
    assert waiting(state) == "chance"  # no call left: the next throw is not even asked about
    state = play(state, "hit 1")  # the call comes first (H12), then the Island's extra cup
    assert legal(state, 0) == ["heating-up", "no-call"]
    with pytest.raises(IllegalAction) as error:
        play(state, "0: island 4")
    assert error.value.clause == "BP-22.2"
    assert "once" in error.value.message.en and "einmal" in error.value.message.de


def test_the_only_remaining_cup_is_an_island() -> None:
    """BP-R12: the last cup stands alone."""
    state = rack(begin(2), 1, "x x x x x x x x x o")
    assert legal(state, 0) == ["throw", "island 10"]


def test_dead_cup_does_not_block_an_island_unless_the_option_says_so() -> None:
    """BP-R02 / dead_cup_counts_as_neighbour."""
    state = rack(begin(2), 1, "o d x x x x x x x x")
    assert legal(state, 0) == ["throw", "island 1"]
    state = rack(begin(2, {"dead_cup_counts_as_neighbour": True}), 1, "o d x x x x x x x o")
    assert legal(state, 0) == ["throw", "island 10"]
