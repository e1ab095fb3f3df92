"""Art 13 (Balls Back), Art 20 (Bombe) / BP-R06, R07, R08."""

from __future__ import annotations

from .helpers import begin, cups, legal, play, thrower, waiting


def test_balls_back_after_two_hits_cups_removed_first() -> None:
    """Art 13.1, 13.2: both throws hit: the two cups go, then the same pair throws again."""
    state = play(begin(4), "hit 1", "hit 10")
    assert cups(state, 1) == "xooooooo" + "ox"
    assert state.round is not None and state.round.team == 0 and state.round.pair_kind == "bb"
    assert thrower(state) == 0
    state = play(state, "hit 7", "0: no-call", "hit 4", "2: no-call")  # again both: Balls Back, no limit
    assert cups(state, 1) == "xoox" + "ooxoox"
    state = play(state, "miss", "hit 2", "2: no-call")  # a missed call can be made later (21.3)
    assert waiting(state) == "seats 1 3"  # one of the pair missed: B's round (B picks who throws first)
    assert cups(state, 1) == "xxox" + "ooxoox"


def test_a_hit_then_the_partner_misses_no_balls_back() -> None:
    """Art 13.1: only when both throws hit."""
    state = play(begin(4), "hit 3", "miss")
    assert state.round is not None and state.round.team == 1


def test_bombe_removes_the_cup_and_two_more_then_balls_back() -> None:
    """Art 20.1, 20.2: both balls in cup 5: it and two more (adjacent first, owner's choice), then
    Balls Back."""
    state = play(begin(4), "hit 5", "hit 5")
    assert cups(state, 1) == "oooo" + "x" + "ooooo"
    assert waiting(state) == "seats 1 3"  # the owner chooses (Art 3.3)
    assert legal(state, 1) == ["remove 2", "remove 3", "remove 4", "remove 6", "remove 8", "remove 9"]
    state = play(state, "3: remove 8", "1: remove 9")
    assert cups(state, 1) == "ooooxoo" + "xxo"
    assert state.round is not None and state.round.pair_kind == "bb" and thrower(state) == 0


def test_no_bombe_from_two_different_pairs_or_extra_throws() -> None:
    """BP-R06: only the two throws of one pair form a Bombe; cups hit are gone by the next pair."""
    state = play(begin(4), "hit 5", "hit 1")  # Balls Back: 5 and 1 removed
    assert cups(state, 1)[0] == "x" and cups(state, 1)[4] == "x"
    assert state.drinks.owed == (0, 0)
