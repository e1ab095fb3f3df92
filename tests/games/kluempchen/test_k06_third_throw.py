"""K-6.3/K-6.4, KA-03: the 3rd throw is a free throw (nothing yet) or a risk throw (must raise the value)."""

from __future__ import annotations

import pytest

from stammtisch.games.kluempchen import GAME
from tests.games.kluempchen.helpers import current, new_state, play, rnd


def test_ka03_risk_throw_that_does_not_raise_scores_zero() -> None:
    """KA-03 R-B: holding 666, a 3rd throw without a 6 leaves the value at 6: the turn scores 0."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "1 2 4")
    assert rnd(state).first_result == 0


def test_ka03_risk_throw_that_raises_scores_the_new_value() -> None:
    """KA-03: 666 → a 3rd throw with two more sixes gives 66666 = 24."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "1 6 6")
    assert rnd(state).first_result == 24


def test_ka03_risk_throw_is_described_as_such() -> None:
    """The risk throw's meaning: all points at stake."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3")
    text = GAME.describe_action(state, GAME.parse_action("throw"))
    assert text.de == "Risikowurf: alle Punkte stehen auf dem Spiel"
    assert text.en == "risk throw: all points at stake"


def test_ka03_free_throw_must_bring_something_countable() -> None:
    """K-6.4: nothing countable after throw 2 → the free 3rd throw must make a clump, else 0."""
    state = play(new_state(), "throw", "1 3 4 5 6 6", "1 2 3 4")
    assert GAME.describe_action(state, GAME.parse_action("throw")).en.startswith("free throw")
    failed = play(state, "throw", "1 2 3 5")
    assert rnd(failed).first_result == 0
    made = play(state, "throw", "1 2 3 6")
    assert rnd(made).first_result == 6


def test_ka03_keep_on_fail_keeps_the_earlier_result() -> None:
    """CFG third_throw_rule = keep_on_fail: a failed 3rd throw leaves 666 = 6 standing."""
    state = play(new_state(third_throw_rule="keep_on_fail"), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "1 2 4")
    assert rnd(state).first_result == 6


def test_ka03_value_before_third_throw_is_recorded() -> None:
    """A.3 step 1: the value before throw 3 is recorded when throw 3 is made."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw")
    assert current(state).before == -1  # recorded when the dice land
    assert GAME.view(state, None)["turn"]["value"] == 6


ANSCHLUSS_ON_THROW_3 = ("throw", "1 2 3 4 6 6", "1 2 3 6", "throw", "5 5 5")  # 666 kept, then 555: 11 pending


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ka03_third_throw_combination_opens_a_fresh_sequence_before_the_raise_test(mode: str) -> None:
    """KA-03/KA-09 (E-18): a 3rd throw that makes an Anschluss (555 to the kept 666) opens a new
    Würfelfolge before the must-improve test; confirmed, the turn is worth 11 + the clump (a raise);
    failed, it scores 0."""
    state = play(new_state(mode=mode), *ANSCHLUSS_ON_THROW_3)
    t = current(state)
    assert t.awaiting and t.pending == 11 and t.throws == 0 and t.free == 6 and t.before == -1
    confirmed = play(state, "1 2 3 4 4 4", "1 2 3", "stop")
    assert rnd(confirmed).first_result == 15  # 11 confirmed + 444 = 4, more than the 6 before throw 3
    failed = play(state, "1 2 3 4 5 5", "1 2 3 4", "stop")
    assert rnd(failed).first_result == 0
