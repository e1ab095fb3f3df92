"""Art 21 (Heating Up, On Fire) / BP-R11."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction

from .helpers import begin, cups, legal, play, thrower, waiting


def test_heating_up_after_two_hits_in_a_row() -> None:
    """Art 21.1: two balls in a row: the player may call Heating Up (right after the hit)."""
    state = play(begin(2), "hit 1", "hit 2")
    assert waiting(state) == "seats 0"
    assert legal(state, 0) == ["heating-up", "no-call"]
    state = play(state, "0: heating-up")
    assert state.players[0].heating


def test_on_fire_after_the_third_hit_throws_until_a_miss() -> None:
    """Art 21.1, 21.4 / BP-R08, R11: On Fire at the third hit; extra throws at once, cups removed
    before each; the normal sequence resumes after the miss."""
    state = play(begin(4), "hit 1", "hit 2")  # seat 0 hit 1, seat 2 hit 2: Balls Back
    state = play(state, "hit 3", "0: heating-up", "miss")  # seat 0: 2 in a row
    state = play(state, "1: no-call") if waiting(state) == "seats 1" else state
    # B's round: seat 1, seat 3 miss
    state = play(state, "miss", "miss")
    state = play(state, "hit 4")  # seat 0's third hit in a row
    assert legal(state, 0) == ["on-fire", "no-call"]
    state = play(state, "0: on-fire")
    assert cups(state, 1)[3] == "x"  # cup 4 went before the first On Fire throw
    assert thrower(state) == 0 and state.round is not None and state.round.fire == 0
    state = play(state, "hit 5", "hit 6")
    assert cups(state, 1) == "xxxxxx" + "oooo"  # every On Fire hit is removed at once
    state = play(state, "miss")
    assert not state.players[0].on_fire and state.players[0].streak == 0
    assert thrower(state) == 2  # the partner's standard throw is still owed


def test_missed_call_can_be_made_at_the_next_hit() -> None:
    """Art 21.3 / BP-R11: Heating Up at hit 3, On Fire at hit 4 at the earliest."""
    state = play(begin(2), "hit 1", "hit 2", "0: no-call")  # Balls Back
    state = play(state, "hit 3")
    assert legal(state, 0) == ["heating-up", "no-call"]
    state = play(state, "0: heating-up", "hit 4")
    assert legal(state, 0) == ["on-fire", "no-call"]


def test_double_call_option() -> None:
    """BP-R11 allow_double_call: Heating Up and On Fire on the same hit once the streak is 3."""
    state = play(begin(2, {"allow_double_call": True}), "hit 1", "hit 2", "0: no-call", "hit 3")
    assert legal(state, 0) == ["heating-up", "heating-up+on-fire", "no-call"]
    state = play(state, "0: heating-up+on-fire")
    assert state.players[0].on_fire


def test_streak_is_per_player_across_rounds_and_a_miss_resets_it() -> None:
    """Art 21.2 / BP-R11: streaks count own throws only, across rounds; any non-hit resets."""
    state = play(begin(4), "hit 1", "miss", "miss", "miss")
    assert state.players[0].streak == 1
    state = play(state, "hit 2", "0: no-call") if False else play(state, "hit 2")
    assert legal(state, 0) == ["heating-up", "no-call"]
    state = play(state, "0: no-call", "void")
    assert state.players[2].streak == 0


def test_a_call_without_the_streak_is_refused() -> None:
    """Art 21.1: the refusal names the clause and the streak."""
    state = play(begin(2), "hit 1", "hit 2")
    with pytest.raises(IllegalAction) as error:
        play(state, "0: on-fire")
    assert error.value.clause == "BP-21.1"
    assert "2" in error.value.message.en
