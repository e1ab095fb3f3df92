"""Art 4.1 (issue 26 point 9): in singles a player may not release both balls at once. The scribe can
enter it and gets a plain refusal with the clause in its data; nothing is written."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.games.bierpong import GAME

from .helpers import begin, play


def test_art4_1_singles_both_balls_at_once_is_refused() -> None:
    state = begin(2)
    with pytest.raises(ImpossibleOutcome) as error:
        GAME.resolve(state, GAME.parse_outcome("both-at-once"))
    assert error.value.clause == "BP-4.1"
    assert "nicht beide Bälle gleichzeitig" in error.value.message.de
    assert "may not throw both balls at the same time" in error.value.message.en
    assert GAME.format_outcome(GAME.parse_outcome("both-at-once")) == "both-at-once"
    assert play(state, "miss").players[0].throws == 1  # the state was untouched: play goes on


def test_art11_3_in_a_team_one_player_throwing_both_is_refused_too() -> None:
    with pytest.raises(ImpossibleOutcome) as error:
        GAME.resolve(begin(4), GAME.parse_outcome("both-at-once"))
    assert error.value.clause == "BP-11.3"
    with pytest.raises(ImpossibleOutcome) as error:
        GAME.resolve(begin(4, {"single_player_double_release": True}), GAME.parse_outcome("both-at-once"))
    assert error.value.clause == "BP-R18"
