"""Art 9.2 (timer) / BP-R16: the clock is outside the engine; the match layer enters ``timeup``."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.games.bierpong.model import End, Phase

from .helpers import begin, play, rack

TIMER = {"timer_minutes": 10}


def test_more_live_cups_wins_when_time_is_up() -> None:
    """Art 9.2 / BP-R16: the timer ends play at once; more live cups wins."""
    state = play(begin(2, TIMER), "hit 1", "miss", "timeup")
    assert state.phase is Phase.OVER and state.winner == 0 and state.end is End.TIMER


def test_level_goes_to_sudden_death_next_hit_wins_without_konter() -> None:
    """Art 9.2: level: the team that next hits an opposing cup wins; there is no Konter."""
    state = play(begin(2, TIMER), "timeup")
    assert state.timer == "sudden" and state.phase is Phase.PLAY
    state = play(state, "miss", "miss", "hit 4")
    assert state.winner == 1 and state.end is End.SUDDEN_DEATH and state.konter is None


def test_island_on_the_wrong_cup_is_no_sudden_death_hit() -> None:
    """BP-R16: an Island hit on the wrong cup is not a hit."""
    state = rack(begin(2, TIMER), 1, "o x x o o x x x x o")
    state = rack(state, 0, "o x x o o x x x x o")
    state = play(state, "0: island 10", "timeup", "hit 4")  # table events enter at the next throw
    assert state.phase is Phase.PLAY


def test_timeup_without_a_timer_is_refused() -> None:
    """Art 9.2: only with a timer."""
    with pytest.raises(ImpossibleOutcome) as error:
        play(begin(2), "timeup")
    assert error.value.clause == "BP-9.2"


def test_finish_throwing_round_option() -> None:
    """BP-R16 timer_end = finish_throwing_round: the round is thrown to the end, then compared."""
    state = play(begin(2, {**TIMER, "timer_end": "finish_throwing_round"}), "timeup", "hit 1", "miss")
    assert state.phase is Phase.OVER and state.winner == 0 and state.end is End.TIMER


def test_running_konter_is_finished_first() -> None:
    """BP-R16: a Konter running when the timer ends is finished; after success the cups are compared."""
    state = rack(begin(2, TIMER), 1, "x x x x x x x x x o")
    state = rack(state, 0, "o o x x x x x x x x")
    state = play(state, "0: throw", "hit 10")
    assert state.phase is Phase.KONTER
    state = play(state, "timeup", "hit 1")
    assert state.phase is Phase.OVER and state.winner == 0 and state.end is End.TIMER  # 2 live cups to 1
