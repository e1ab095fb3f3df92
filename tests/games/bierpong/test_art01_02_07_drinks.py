"""Art 1, 2, 7 (drinks) / BP-R20: reminders only; they never change the game."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.games.bierpong import GAME

from .helpers import begin, play, rack


def test_units_per_hit_fall_due_after_all_opposing_throws() -> None:
    """Art 1.1, 2.1: each member of the hit team drinks; 1 unit per hit, 2 for an Aufsetzer; due when
    the opposing team's throws are all done."""
    state = play(begin(4), "hit 1", "hit 2")  # Balls Back: not done yet
    assert state.drinks.owed == (0, 0)
    state = play(state, "hit 3 bounce", "0: no-call", "miss")
    assert state.drinks.owed == (0, 0)  # B still has to pick the Aufsetzer's extra cup
    state = play(state, "1: remove 5")
    assert state.drinks.owed == (0, 4)
    assert GAME.view(state, None)["teams"][1]["drinks_owed"] == 4


def test_bombe_drinks_two_ball_hits_plus_bounces() -> None:
    """BP-R20: a Bombe is 2 ball hits plus 1 per bounced ball."""
    state = play(begin(4), "hit 5 bounce", "hit 5", "1: remove 2", "1: remove 3", "1: remove 4")
    state = play(state, "0: throw", "miss", "2: throw", "miss")  # cup 1 now stands alone: Island asked
    assert state.drinks.owed == (0, 3)


def test_per_cup_removed_option() -> None:
    """BP-R20 drink_unit = per_cup_removed: Island extras count too."""
    state = rack(begin(2, {"drink_unit": "per_cup_removed"}), 1, "o x x o o x x x x o")
    state = play(state, "0: island 10", "hit 10", "miss", "1: remove 1")
    assert state.drinks.owed == (0, 2)


def test_konter_holds_the_drinks_and_success_cancels_them() -> None:
    """Art 2.3 / BP-R20: held until the Konter failed; a successful Konter cancels the window."""
    state = rack(begin(2), 1, "x x x x x x x x x o")
    state = play(state, "0: throw", "hit 10")
    assert state.drinks.owed == (0, 0)
    assert play(state, "hit 1").drinks.owed == (0, 0)
    assert play(state, "miss").drinks.owed == (0, 1)


def test_no_throwing_at_a_team_while_it_drinks() -> None:
    """Art 7.1 / BP-R20: while team B drinks its mandatory amount, throws at B are refused."""
    state = play(begin(2), "hit 1", "miss", "drinking B", "miss", "miss")
    with pytest.raises(ImpossibleOutcome) as error:
        play(state, "hit 2")
    assert error.value.clause == "BP-7.1"
    assert "drinking" in error.value.message.en and "trinkt" in error.value.message.de
    state = play(state, "drank B", "hit 2")
    assert state.drinks.drunk == (0, 1)


def test_distraction_lifts_the_lock() -> None:
    """Art 7.2: the team drinks voluntarily or distracts itself: throwing is allowed."""
    state = play(begin(2), "hit 1", "miss", "drinking B", "miss", "miss", "distracted B", "hit 2")
    assert state.drinks.drinking == (False, False)


def test_forgotten_drinks_and_the_penalty_set_by_the_opponents() -> None:
    """Art 2.2: a member forgot to drink before the next round: the opponents set a penalty."""
    state = play(begin(2), "hit 1", "miss", "forgot B Shotrunde für alle")
    assert state.drinks.penalties == ((1, "Shotrunde für alle"),)
    assert state.drinks.forgotten == (0, 1) and state.drinks.open(1) == 0
    with pytest.raises(ImpossibleOutcome) as error:
        play(state, "forgot B")
    assert error.value.clause == "BP-2.1"


def test_drink_lock_option_off() -> None:
    """BP-R20 drink_lock = false: no lock event."""
    with pytest.raises(ImpossibleOutcome):
        play(begin(2, {"drink_lock": False}), "hit 1", "miss", "drinking B")


def test_the_agreed_amount_is_shown_with_the_units() -> None:
    """Art 1.1 / BP-R20 drink_amount: what one unit is, agreed before the game."""
    state = play(begin(2, {"drink_amount": "2 cl Korn"}), "hit 1", "miss")
    view = GAME.view(state, 1)
    assert view["drink_amount"] == "2 cl Korn" and view["teams"][1]["drinks_owed"] == 1
