"""BP-R16 ``timer_end = finish_throwing_round`` (issue 26 point 5): the last round's drinks fall due
once, when the round is over and the timer's verdict ends the game."""

from __future__ import annotations

import pytest

from stammtisch.games.bierpong.model import End

from .helpers import MODES, begin, run


@pytest.mark.parametrize("mode", MODES)
def test_bp_r16_finish_throwing_round_books_the_last_rounds_drinks_once(mode: str) -> None:
    state = begin(2, {"timer_minutes": 30, "timer_end": "finish_throwing_round"})
    state = run(mode, state, "timeup", "hit 1", "miss")  # the round is thrown to its end, then judged
    assert state.end is End.TIMER and state.winner == 0
    assert state.drinks.owed == (0, 1)
