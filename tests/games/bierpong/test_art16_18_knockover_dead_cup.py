"""Art 16 (knocking over own cups) / BP-R17 and Art 18 (Dead Cup) / BP-R13."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, ImpossibleOutcome
from stammtisch.games.bierpong.model import End

from .helpers import begin, cups, legal, play, rack, thrower, waiting


def test_one_knocked_cup_is_removed() -> None:
    """Art 16.1: a member knocks over an own cup: one cup goes; the same throw is still due."""
    state = play(begin(2), "knock A 7")
    assert cups(state, 0) == "oooooo" + "x" + "ooo"
    assert thrower(state) == 0 and state.drinks.owed == (0, 0)  # not a hit: nobody drinks


def test_several_knocked_cups_exactly_one_goes_owner_picks() -> None:
    """Art 16.1 / BP-R17: however many fell, exactly one goes, chosen by the owner among them."""
    state = play(begin(4), "knock B 4 7 8")
    assert waiting(state) == "seats 1 3"
    assert legal(state, 3) == ["remove 4", "remove 7", "remove 8"]
    with pytest.raises(IllegalAction) as error:
        play(state, "3: remove 1")
    assert error.value.clause == "BP-16.1"
    state = play(state, "3: remove 8")
    assert cups(state, 1) == "ooooooo" + "xoo"


def test_the_last_cup_is_never_removed_by_knocking_it_over() -> None:
    """Art 16.2."""
    state = rack(begin(2), 0, "x x x x x x x x x o")
    state = play(state, "knock A 10")
    assert cups(state, 0) == "x" * 9 + "o"


def test_opponent_any_option() -> None:
    """BP-R17 knockover_removed_by = opponent_any: the opponents pick any live cup."""
    state = play(begin(2, {"knockover_removed_by": "opponent_any"}), "knock A 7")
    assert waiting(state) == "seats 1"
    assert len(legal(state, 1)) == 10


def test_knocking_a_removed_cup_is_refused() -> None:
    """Art 16.1: only live cups can be knocked over."""
    state = play(begin(2), "knock A 7")
    with pytest.raises(ImpossibleOutcome) as error:
        play(state, "knock A 7")
    assert error.value.clause == "BP-16.1"


def _dead_cup_game() -> object:
    # A hits B's cup 5; B's round starts and the table reports cup 5 still standing: a Dead Cup.
    state = play(begin(2), "hit 5", "miss")
    assert state.standing == (5,) and state.standing_team == 1
    return play(state, "standing 5")


def test_hit_cup_left_standing_becomes_dead() -> None:
    """Art 18.1 / BP-R13: a hit cup still standing when the next round starts is a Dead Cup; it is
    not live."""
    state = _dead_cup_game()
    assert cups(state, 1) == "oooo" + "d" + "ooooo"  # type: ignore[arg-type]


def test_hitting_a_dead_cup_wins_at_once_without_konter() -> None:
    """Art 18.1: the opposing team hits the Dead Cup in a later round: it wins immediately."""
    state = play(_dead_cup_game(), "miss", "miss")  # type: ignore[arg-type]
    state = play(state, "hit 5")
    assert state.winner == 0 and state.end is End.DEAD_CUP and state.konter is None


def test_dead_cup_removed_by_its_team_only_in_its_own_round() -> None:
    """Art 18.2 / BP-R13: the owners may remove it, but not during an opposing throwing round."""
    state = _dead_cup_game()  # B's own round
    removed = play(state, "dead-removed 5")  # type: ignore[arg-type]
    assert cups(removed, 1)[4] == "x"
    opposing = play(state, "miss", "miss")  # type: ignore[arg-type]
    with pytest.raises(ImpossibleOutcome) as error:
        play(opposing, "dead-removed 5")
    assert error.value.clause == "BP-18.2"
    assert "opposing" in error.value.message.en and "gegnerischen" in error.value.message.de


def test_standing_only_at_the_start_of_the_next_round() -> None:
    """Art 18.1: after the first throw of the round it is too late; only cups hit last round."""
    state = play(begin(2), "hit 5", "miss", "miss")
    with pytest.raises(ImpossibleOutcome) as error:
        play(state, "standing 5")
    assert error.value.clause == "BP-18.1"


def test_hitting_a_removed_cup_is_refused() -> None:
    """BP-R13: a removed cup cannot be hit; the refusal lists the cups that can."""
    state = play(begin(2), "hit 1", "miss", "miss", "miss")
    with pytest.raises(ImpossibleOutcome) as error:
        play(state, "hit 1")
    assert error.value.clause == "BP-3.1"
    assert "2, 3" in error.value.message.en
