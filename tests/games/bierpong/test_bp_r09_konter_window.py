"""BP-R09 (issue 26 points 7, 8, 11): what the Konter counts, when it fails at once, and
``konter_special_match = exact``."""

from __future__ import annotations

import pytest

from stammtisch.games.bierpong.model import Phase
from stammtisch.games.bierpong.updates import evolve

from .helpers import MODES, begin, rack, run, waiting


@pytest.mark.parametrize("mode", ["table"])  # a knock-over is a table event: digital play never draws one
def test_bp_r09_cups_removed_counts_only_cups_the_first_team_removed(mode: str) -> None:
    """``konter_count_unit = cups_removed``: a cup B knocked over itself (Art 16) is not in hF."""
    state = rack(begin(4, {"konter_count_unit": "cups_removed"}), 1, "x x x x x x x o o o")
    state = run(mode, state, "knock B 8", "hit 9", "2: throw", "hit 10")
    assert state.konter is not None and (state.konter.throws, state.konter.need) == (2, 2)


@pytest.mark.parametrize("mode", MODES)
def test_bp_r09_island_konter_fails_at_once_when_no_remaining_thrower_may_call(mode: str) -> None:
    """Two throws for an Island; seat 3 has used his call. After seat 1's miss only seat 3 may throw:
    the Konter is over (no hopeless ball, no drinks from it)."""
    state = rack(begin(4), 1, "o x x x x x x x x o")
    state = rack(state, 0, "o x x x x x x x x o")
    players = list(state.players)
    players[3] = evolve(players[3], island_used=True)
    state = evolve(state, players=tuple(players))
    state = run(mode, state, "0: throw", "miss", "2: island 10", "hit 10")
    assert state.konter is not None and state.konter.required == ("island",) and state.konter.throws == 2
    state = run(mode, state, "1: pair 1 3", "1: throw", "miss")
    assert waiting(state) == "over" and state.winner == 0 and state.konter_failed == "island"
    assert state.players[3].throws == 0


@pytest.mark.parametrize("mode", MODES)
def test_bp_r09_konter_that_can_no_longer_reach_its_hits_fails_at_once(mode: str) -> None:
    """Two hits in two throws; the first misses: the second ball cannot win it, so none is thrown."""
    state = rack(begin(2), 1, "x x x x x x x x o o")
    state = run(mode, state, "hit 9", "0: throw", "hit 10", "0: no-call", "miss")
    assert waiting(state) == "over" and state.konter_failed == "hits"
    assert state.players[1].throws == 1 and state.drinks.owed == (0, 2)


@pytest.mark.parametrize("mode", MODES)
def test_bp_r09_exact_one_konter_hit_carries_exactly_the_special(mode: str) -> None:
    """``exact``: the first Konter hit is an Aufsetzer (exactly the finishing throw's set); the plain
    hit that reaches hF afterwards does not undo it."""
    state = rack(begin(2, {"konter_special_match": "exact"}), 1, "x x x x x x x o o o")
    state = run(mode, state, "hit 8", "hit 9 bounce")  # 9 + one more = the rack is empty at once
    state = run(mode, state, "0: no-call")
    assert state.konter is not None and (state.konter.need, state.konter.required) == (2, ("aufsetzer",))
    state = run(mode, state, "hit 1 bounce", "hit 2", "1: no-call")
    assert state.phase is Phase.PLAY and state.konters == 1


@pytest.mark.parametrize("mode", MODES)
def test_bp_r09_exact_a_hit_with_more_specials_does_not_match(mode: str) -> None:
    """``exact``: an Aufsetzer finish is not answered by a Bombe with an Aufsetzer (one more special)."""
    state = rack(begin(2, {"konter_special_match": "exact"}), 1, "x x x x x x x o o o")
    state = run(mode, state, "hit 8", "hit 9 bounce", "0: no-call")
    state = run(mode, state, "hit 1", "hit 1 bounce")  # two hits, but no hit is exactly an Aufsetzer
    assert waiting(state) == "over" and state.winner == 0 and state.konter_failed == "throws"
