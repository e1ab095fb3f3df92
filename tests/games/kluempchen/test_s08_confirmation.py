"""S-8, KA-08..KA-12, KA-37: combinations must be confirmed by a renewed throw sequence."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import ChooseVollStar
from tests.games.kluempchen.helpers import current, new_state, play, rnd, turn_value


def test_ka08_strasse_sends_all_six_back_and_starts_a_fresh_sequence() -> None:
    """KA-08/KA-09 (F): Straße on throw 1: 30 pending, all six back, throws counted from 0 again."""
    state = play(new_state(), "throw", "1 2 3 4 5 6")
    t = current(state)
    assert (t.pending, t.awaiting, t.free, t.throws, t.strassen) == (30, True, 6, 0, 1)
    assert turn_value(state) == 0  # A.3 value(): 0 while awaiting


def test_ka08_confirmation_adds_the_clump() -> None:
    """KA-08: confirmed pending + final clump: Straße then 666 = 36; stop keeps it."""
    state = play(new_state(), "throw", "1 2 3 4 5 6", "1 2 3 6 6 6", "1 2 4", "stop")
    assert rnd(state).first_result == 36


def test_s82_failed_confirmation_scores_zero() -> None:
    """S-8.2/KA-10: no countable result in the new sequence → the whole turn scores 0."""
    state = play(new_state(), "throw", "1 1 4 4 5 5", "1 2 3 4 6 6", "1 2 3 4", "throw", "1 2 3 5")
    assert rnd(state).first_result == 0


def test_ka37_stop_while_confirmation_pending_scores_zero() -> None:
    """KA-37: stopping after throw 2 with an open confirmation is allowed but scores 0."""
    state = play(new_state(), "throw", "1 2 3 4 5 6", "1 2 3 4 6 6", "1 2 3 4", "stop")
    assert rnd(state).first_result == 0


def test_s6_anschluss_in_one_throw_needs_confirmation_and_does_not_fall_back() -> None:
    """S-6/KA-10/KA-12: 555 666 = 11 pending; an unconfirmed Anschluss does not fall back to 666."""
    state = play(new_state(), "throw", "5 5 5 6 6 6")
    assert current(state).pending == 11 and current(state).awaiting
    state = play(state, "1 2 3 4 6 6", "1 2 3 4", "throw", "1 2 3 4")
    assert rnd(state).first_result == 0


def test_s6_anschluss_over_several_throws() -> None:
    """KA-07: kept 66 + thrown 6, 5, 5, 5 → 666 555 = Anschluss 11, all dice back for confirmation."""
    state = play(new_state(), "throw", "1 2 3 4 6 6", "5 5 5 6")
    t = current(state)
    assert (t.pending, t.awaiting, t.free, t.throws) == (11, True, 6, 0)
    state = play(state, "1 2 3 4 4 4", "1 2 3", "stop")
    assert rnd(state).first_result == 15  # 11 + 444


def test_ka13_six_equal_over_several_throws_needs_confirmation() -> None:
    """KA-13/S-8.1: 66666 kept + thrown 6 → six equal over several throws: 48 pending, not a round end."""
    state = play(new_state(), "throw", "2 6 6 6 6 6", "6")
    t = current(state)
    assert (t.pending, t.awaiting, t.free) == (48, True, 6)
    assert state.rounds == ()
    state = play(state, "1 1 1 2 3 4", "2 3 4", "stop")
    assert rnd(state).first_result == 58


def test_ka08_chains_are_allowed() -> None:
    """KA-08: a further combination during confirmation adds its points and needs its own confirmation."""
    state = play(new_state(), "throw", "1 2 3 4 5 6", "1 1 4 4 5 5")
    assert current(state).pending == 45 and current(state).awaiting and current(state).strassen == 1
    state = play(state, "1 2 3 4 5 6")
    assert current(state).pending == 75 and current(state).strassen == 2
    state = play(state, "2 2 2 3 4 5", "1 3 4", "stop")
    assert rnd(state).first_result == 77


def test_ka09_fresh_sequence_confirmation_may_use_throw_three() -> None:
    """KA-09 (F): a combination on throw 3 starts a fresh sequence instead of ending the turn."""
    state = play(new_state(), "throw", "1 2 3 4 6 6", "1 2 3 4", "throw", "5 5 5 6")
    assert current(state).throws == 0 and current(state).awaiting
    state = play(state, "3 3 3 4 5 6", "1 2 4", "stop")
    assert rnd(state).first_result == 14  # Anschluss 11 + 333


def test_ka09_within_turn_combination_on_throw_three_scores_zero() -> None:
    """KA-09 (W): a combination on throw 3 can never be confirmed."""
    state = play(new_state(confirmation_budget="within_turn"), "throw", "1 2 3 4 6 6", "1 2 3 4", "throw", "5 5 5 6")
    assert rnd(state).first_result == 0


def test_ka09_within_turn_combination_on_throw_two_has_one_throw_left() -> None:
    """KA-09 (W): a combination on throw 2 has exactly one six-dice throw left."""
    state = play(new_state(confirmation_budget="within_turn"), "throw", "1 2 3 4 6 6", "5 5 5 6")
    assert current(state).throws == 2 and current(state).free == 6
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["throw", "stop"]
    state = play(state, "throw", "1 2 3 4 4 4")
    assert rnd(state).first_result == 15


def test_s83_voll_star_choice_a_and_b() -> None:
    """S-8.3/KA-11: 33 5555 → a: 15 pending, six back; b: keep 5555 = 10, two dice free, the 15 forfeited."""
    state = play(new_state(), "throw", "3 3 5 5 5 5")
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["voll a", "voll b"]
    b = play(state, "voll b")
    assert current(b).kept == (0, 0, 0, 0, 4, 0) and current(b).free == 2 and current(b).pending == 0
    assert turn_value(b) == 10
    a = play(state, "voll a")
    assert current(a).pending == 15 and current(a).awaiting and current(a).free == 6


def test_s83_voll_choice_without_four_two_is_refused() -> None:
    """S-8.3: the a/b choice needs a 4 + 2 throw; other values are refused too."""
    state = play(new_state(), "throw", "1 3 4 5 6 6", "1 2 3 4")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, ChooseVollStar("a"))
    assert error.value.clause == "S-8.3"
    state = play(new_state(), "throw", "3 3 5 5 5 5")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, ChooseVollStar("c"))  # type: ignore[arg-type]
    assert error.value.clause == "S-8.3"


def test_ka11_option_b_confirms_earlier_pending_points() -> None:
    """KA-08/KA-11: a 15 Voll* taken with b is a four and confirms: Straße 30 + 5555 = 40."""
    state = play(new_state(), "throw", "1 2 3 4 5 6", "3 3 5 5 5 5", "voll b")
    assert not current(state).awaiting
    assert turn_value(state) == 40


def test_confirmation_adds_points_false_keeps_the_pending_only() -> None:
    """CFG confirmation_adds_points = false: Straße confirmed by 666 is worth 30."""
    state = play(new_state(confirmation_adds_points=False), "throw", "1 2 3 4 5 6", "1 2 3 6 6 6", "1 2 4", "stop")
    assert rnd(state).first_result == 30
