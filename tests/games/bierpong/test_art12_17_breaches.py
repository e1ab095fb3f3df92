"""Art 12 (elbow), Art 14.2 (defence), Art 17 (blowing/fingering) / BP-R19; Art 21.5; Art 23.3."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome

from .helpers import begin, cups, play


def test_elbow_breach_is_a_void_throw() -> None:
    """Art 12 / BP-R19 elbow_breach = void: thrown, nothing counts, a miss for the streak."""
    state = play(begin(2), "hit 1", "void")
    assert state.round is not None and state.round.team == 1  # both throws were made
    assert cups(state, 1) == "x" + "o" * 9 and state.players[0].streak == 0


def test_record_only_alternatives_refuse_the_special_outcome() -> None:
    """BP-R19 alternatives ``none``: the scribe enters what the ball did instead."""
    options = {"elbow_breach": "none", "illegal_defense": "none", "illegal_save": "none"}
    state = begin(2, options)
    for text, clause in (("void", "BP-12.1"), ("illegal-defence", "BP-14.2"), ("save 3", "BP-17.1")):
        with pytest.raises(ImpossibleOutcome) as error:
            play(state, text)
        assert error.value.clause == clause


def test_illegal_save_counts_as_a_hit_in_that_cup() -> None:
    """Art 17 / BP-R19 illegal_save = count_hit."""
    state = play(begin(2), "save 3", "miss")
    assert cups(state, 1) == "oox" + "o" * 7 and state.drinks.owed == (0, 1)


def test_aufsetzer_counts_one_for_the_streak() -> None:
    """Art 21.5: Aufsetzer and other special throws count as one hit in the streak."""
    state = play(begin(2), "hit 5 bounce")
    assert state.players[0].streak == 1


def test_air_ball_by_the_throwing_team_is_refused() -> None:
    """Art 23.1: only a member of the defending team can catch an Air Ball for the bonus."""
    with pytest.raises(ImpossibleOutcome) as error:
        play(begin(4), "airball 2")
    assert error.value.clause == "BP-23.1"
