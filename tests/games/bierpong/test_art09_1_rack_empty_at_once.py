"""Art 9.1 "sobald", Art 14.1, BP-R03, BP-R09, BP-R10 (issue 26 point 1) and BP-R20 ``per_cup_removed``
(point 4): a throw whose owed extra cups take the last live cups empties the rack the moment it lands;
the round ends there, and the cups of that throw owe drinks like any others."""

from __future__ import annotations

import pytest

from stammtisch.games.bierpong.model import End, Phase

from .helpers import MODES, begin, cups, rack, run, waiting


@pytest.mark.parametrize("mode", MODES)
def test_art9_1_aufsetzer_whose_extra_takes_the_last_cup_ends_the_round_at_once(mode: str) -> None:
    """B has cups 1 and 2; A's first thrower hits 1 with an Aufsetzer (1 + one more): the partner does
    not throw, and the Konter window is 1 throw / 1 hit with the Aufsetzer required."""
    state = rack(begin(4), 1, "o o x x x x x x x x")
    state = run(mode, state, "hit 1 bounce")
    assert state.phase is Phase.KONTER and cups(state, 1) == "x" * 10
    k = state.konter
    assert k is not None and (k.throws, k.need, k.required) == (1, 1, ("aufsetzer",))
    assert state.players[2].throws == 0  # the partner never threw


@pytest.mark.parametrize("mode", MODES)
def test_art9_1_island_whose_extra_takes_the_last_cup_ends_the_round_at_once(mode: str) -> None:
    """An Island hit (the cup and one more, Art 22.1) on a rack of two Islands empties it at once."""
    state = rack(begin(4), 1, "o x x x x x x x x o")
    state = run(mode, state, "0: island 1", "hit 1")
    k = state.konter
    assert k is None and state.phase is Phase.OVER  # A's full rack has no Island: the Konter fails at once
    assert state.konter_failed == "island" and state.players[2].throws == 0


@pytest.mark.parametrize("mode", MODES)
def test_art9_1_bombe_extras_take_the_last_cups(mode: str) -> None:
    """A Bombe's two extras (Art 20.1) take the last two cups: the window is the pair, Bombe required."""
    state = rack(begin(4), 1, "o o o x x x x x x x")
    state = run(mode, state, "hit 1", "hit 1")
    k = state.konter
    assert k is not None and (k.throws, k.need, k.required) == (2, 2, ("bombe",))


@pytest.mark.parametrize("mode", MODES)
def test_bp_r20_per_cup_removed_the_emptying_hit_owes_drinks(mode: str) -> None:
    """BP-R20 ``per_cup_removed``: the two cups of the pair that empties the rack owe two units."""
    options = {"drink_unit": "per_cup_removed", "konter": False}
    state = rack(begin(4, options), 1, "x x x x x x x x o o")
    state = run(mode, state, "hit 9", "2: throw", "hit 10")
    assert state.phase is Phase.OVER and state.end is End.CUPS
    assert state.drinks.owed == (0, 2)


@pytest.mark.parametrize("mode", MODES)
def test_bp_r20_per_cup_removed_extras_of_the_emptying_hit_owe_drinks(mode: str) -> None:
    """The Aufsetzer's extra that empties the rack is removed by the hit too: 2 units, held for the
    Konter (Art 2.3) and due when it fails."""
    state = rack(begin(4, {"drink_unit": "per_cup_removed"}), 1, "x x x x x x x x o o")
    state = run(mode, state, "hit 9 bounce")
    assert state.konter is not None and state.konter.held_units == 2
    state = run(mode, state, "1: pair 1 3", "miss")
    assert state.phase is Phase.OVER and state.drinks.owed == (0, 2)
    assert waiting(state) == "over"
