"""BP-R06 (Bombe exception) and BP-R08 (when cups are removed)."""

from __future__ import annotations

from .helpers import begin, cups, play, waiting


def test_on_fire_between_the_pair_removes_first_then_no_bombe_but_balls_back_judged_on_the_pair() -> None:
    """BP-R06: an On Fire sequence between the two throws of a pair removes the hit cups first; a
    Bombe on that cup is then impossible, but Balls Back is still judged on the pair."""
    state = play(begin(4), "hit 1", "hit 2", "hit 3", "0: heating-up", "miss", "miss", "miss")
    state = play(state, "hit 4")  # seat 0: three in a row, On Fire now (his pair's first throw)
    state = play(state, "0: on-fire")
    assert cups(state, 1)[3] == "x"  # cup 4 already gone before the On Fire throws
    state = play(state, "miss")  # the On Fire sequence ends
    state = play(state, "hit 5")  # the partner's standard throw: both of the pair hit
    assert state.round is not None and state.round.pair_kind == "bb"  # Balls Back on the pair
    assert state.stats.bombs == (0, 0, 0, 0)


def test_hit_cups_stay_until_the_pair_is_over() -> None:
    """BP-R06/R08: between the two throws of a pair, the hit cup stands (removal due)."""
    state = play(begin(4), "hit 5")
    assert cups(state, 1)[4] == "h" and waiting(state) == "chance"
