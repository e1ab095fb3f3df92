"""BP-R11 and BP-R09 "calls … stay as they happened" (issue 26 point 2): Heating Up / On Fire can be
called on every hit that continues a streak, the hit that empties the rack and a Konter hit included.
Art 21.1 "so lange werfen, bis er nicht mehr trifft" (point 3): a player On Fire when a successful
Konter ends his round throws his On Fire throws in his team's next round."""

from __future__ import annotations

import pytest

from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import Phase

from .helpers import MODES, begin, legal, rack, run, thrower, waiting


@pytest.mark.parametrize("mode", MODES)
def test_bp_r11_call_offered_on_the_hit_that_empties_the_rack(mode: str) -> None:
    state = rack(begin(2), 1, "x x x x x x x x o o")
    state = run(mode, state, "hit 9", "0: throw", "hit 10")
    assert waiting(state) == "seats 0" and legal(state, 0) == ["heating-up", "no-call"]
    state = run(mode, state, "0: heating-up")
    assert state.phase is Phase.KONTER and state.players[0].heating


@pytest.mark.parametrize("mode", MODES)
def test_bp_r11_call_offered_on_a_konter_hit(mode: str) -> None:
    state = rack(begin(2), 1, "x x x x x x x x o o")
    state = run(mode, state, "hit 9", "0: throw", "hit 10", "0: no-call", "hit 1")
    assert state.phase is Phase.KONTER and waiting(state) == "chance"
    state = run(mode, state, "hit 2")  # the second Konter hit in a row: the call comes first
    assert waiting(state) == "seats 1" and legal(state, 1) == ["heating-up", "no-call"]
    state = run(mode, state, "1: heating-up")
    assert state.players[1].heating and state.phase is Phase.PLAY and state.konters == 1


@pytest.mark.parametrize("mode", MODES)
def test_art21_1_on_fire_player_throws_his_on_fire_throws_after_a_successful_konter(mode: str) -> None:
    state = rack(begin(2), 1, "x x x x x x x o o o")
    state = run(mode, state, "hit 8", "hit 9", "0: heating-up")  # Balls Back (Art 13)
    state = run(mode, state, "0: throw", "hit 10")  # cup 10 stands alone: no Island call
    assert legal(state, 0) == ["on-fire", "no-call"]
    state = run(mode, state, "0: on-fire")
    assert state.phase is Phase.KONTER and state.konter is not None and state.konter.need == 3
    state = run(mode, state, "hit 1", "hit 2", "1: no-call", "hit 3", "1: no-call")  # the Konter succeeds
    assert state.phase is Phase.PLAY and state.round is not None and state.round.fire == 0
    view = GAME.view(state, None)["throw"]
    assert view is not None and (view["seat"], view["kind"]) == (0, "fire")  # his On Fire throw comes first
    state = run(mode, state, "hit 8", "miss")  # the On Fire sequence ends with the miss; then the pair
    assert not state.players[0].on_fire and thrower(state) == 0 and state.round is not None
    assert state.round.fire is None and state.players[0].throws == 5


@pytest.mark.parametrize("mode", MODES)
def test_bp_r11_on_fire_called_on_a_konter_hit_throws_in_the_teams_next_round(mode: str) -> None:
    """A Konter gives no On Fire throws (BP-R11); the call stays (BP-R09): his next round starts with them."""
    state = rack(begin(2), 1, "x x x x x x x o o o")
    state = run(mode, state, "hit 8", "hit 9", "0: no-call", "0: throw", "hit 10", "0: no-call")
    state = run(mode, state, "hit 1", "hit 2", "1: heating-up", "hit 3", "1: on-fire")  # no extra throw
    assert state.phase is Phase.PLAY and state.players[1].on_fire and state.round is not None
    assert state.round.team == 0 and state.round.fire is None and state.konters == 1
    state = run(mode, state, "miss", "miss")
    assert state.round is not None and state.round.team == 1 and state.round.fire == 1
    assert thrower(state) == 1
