"""Art 19 (Trickshot) / BP-R14 and Art 23 (Air Ball) / BP-R15."""

from __future__ import annotations

from .helpers import begin, cups, legal, play, thrower, waiting


def test_rolled_back_ball_on_own_half_may_be_fetched_for_a_trickshot_after_the_regular_throws() -> None:
    """Art 19.1: the fetcher throws a trickshot after the regular throws; regular hits go first."""
    state = play(begin(4), "back own")
    assert waiting(state) == "seats 0 2"
    assert legal(state, 0) == ["fetch 0", "fetch 2", "leave"]
    state = play(state, "2: fetch 2")
    assert thrower(state) == 2  # the partner's standard throw first
    state = play(state, "hit 5")
    assert cups(state, 1)[4] == "x"  # removed before the trickshot (19.1)
    assert thrower(state) == 2 and state.round is not None and state.round.tricks == (2,)
    state = play(state, "hit 1")
    assert cups(state, 1)[0] == "h"  # seat 2's call comes straight after the hit (BP-R11, H12) ...
    state = play(state, "2: no-call")
    assert cups(state, 1)[0] == "x"  # ... then the cup goes (19.3), before anything else is thrown
    assert state.round is not None and state.round.team == 1


def test_ball_back_in_the_opposing_half_cannot_be_fetched() -> None:
    """Art 19.2: ``back far`` is a miss; nothing to fetch."""
    state = play(begin(2), "back far")
    assert waiting(state) == "chance" and thrower(state) == 0


def test_trickshot_that_rolls_back_again_can_be_fetched() -> None:
    """Art 19.4: a further trickshot."""
    state = play(begin(2), "back own", "0: fetch 0", "miss", "back own", "0: fetch 0")
    assert state.round is not None and state.round.tricks == (0,)
    state = play(state, "hit 3")
    assert state.round is not None and state.round.team == 1


def test_trickshot_hit_counts_normally_but_never_balls_back() -> None:
    """BP-R14: a trickshot hit counts (Aufsetzer 2) but forms no Balls Back with the pair."""
    state = play(begin(2), "hit 3", "back own", "0: fetch 0", "hit 5 bounce")
    assert waiting(state) == "seats 1"  # the extra cup for the Aufsetzer
    state = play(state, "1: remove 9")
    assert state.round is not None and state.round.team == 1


def test_air_ball_caught_gives_the_catcher_an_extra_throw_next_round() -> None:
    """Art 23.1 / BP-R15: caught behind the back edge by a defender: one extra throw in his team's
    next round, after the pair, not part of it."""
    state = play(begin(4), "airball 3", "miss")
    assert state.round is not None and state.round.team == 1 and state.round.air == (3,)
    state = play(state, "hit 1", "hit 2")  # seat 1 and 3: Balls Back first
    state = play(state, "miss", "miss")
    assert thrower(state) == 3  # then the Air-Ball extra
    state = play(state, "miss")
    assert state.round is not None and state.round.team == 0


def test_caught_trickshot_is_no_air_ball() -> None:
    """Art 19.5."""
    state = play(begin(2), "back own", "0: fetch 0", "miss", "airball 1")
    assert state.air_owed == () and state.round is not None and state.round.air == ()


def test_air_ball_double_value_option() -> None:
    """BP-R15 air_ball_bonus = double_value: the catcher's next throw counts as two hits."""
    state = play(begin(2, {"air_ball_bonus": "double_value"}), "airball 1", "miss")
    state = play(state, "hit 5")
    assert cups(state, 0)[4] == "h"
    state = play(state, "miss")
    assert waiting(state) == "seats 0"  # one extra cup for A to choose
