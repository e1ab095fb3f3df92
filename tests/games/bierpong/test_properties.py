"""Hypothesis invariants over random games (B.4 "Invariants"; issue 11 "Tests")."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.testing import UniformSkill
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import LeftStanding, Phase, Remove, State
from stammtisch.games.bierpong.rack import DUE, GONE, LIVE, ROWS, neighbours
from stammtisch.games.bierpong.skill import SkillTable

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"rack": 6, "timer_minutes": 3},
    {"rack": 15, "air_ball_bonus": "double_value", "allow_double_call": True},
    {"extra_cup_chooser": "thrower", "knockover_removed_by": "opponent_any", "konter_restore": "last_cup_only"},
]


def _check_rack(before: State, after: State, step: Any) -> None:
    size = after.config.rack
    for team in (0, 1):
        rack = after.cups[team]
        # live + hit-due + dead + removed = rack size, every cup in exactly one state
        assert len(rack) == size and all(s in (0, 1, 2, 3) for s in rack)
        for i, (was, now) in enumerate(zip(before.cups[team], rack, strict=True)):
            # a cup never comes back, except through a successful Konter
            if was != LIVE and now == LIVE:
                assert after.konters == before.konters + 1, f"cup {i + 1} came back without a Konter"
            if was == GONE and now not in (GONE, LIVE):
                assert isinstance(step, LeftStanding)
    if after.phase is Phase.PLAY and after.round is not None:
        due = {i + 1 for i, s in enumerate(after.cups[1 - after.round.team]) if s == DUE}
        assert due == {h.cup for h in after.round.pending}
        assert DUE not in after.cups[after.round.team]


def _check_extra(before: State, seat: int, action: Any) -> None:
    """Art 3.2: an accepted extra cup is adjacent to the special cup while any live neighbour is left."""
    r = before.round
    if not isinstance(action, Remove) or before.knock is not None or r is None or not r.removals:
        return
    rem = r.removals[0]
    rack = before.cups[rem.team]
    near = [n for n in neighbours(len(rack))[rem.cup - 1] if rack[n - 1] == LIVE]
    assert rack[action.cup - 1] == LIVE
    assert not near or action.cup in near


def _playout(seed: int, seats: int, options: dict[str, object], uniform: bool) -> State:
    rng = random.Random(seed)
    model: Any = UniformSkill() if uniform else SkillTable.of(seats)
    state = GAME.start(seats, GAME.configure(options))
    for _ in range(5000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            return state
        before = state
        step: Any
        if isinstance(turn, Chance):
            step = sample(turn.node, rng, model)
            state = GAME.resolve(state, step)
        else:
            seat = rng.choice(turn.seats)
            step = rng.choice(GAME.legal_actions(state, seat))
            _check_extra(before, seat, step)
            state = GAME.act(state, seat, step)
        _check_rack(before, state, step)
        island_calls = [p.island_used for p in state.players]
        assert all(b or not a for a, b in zip([p.island_used for p in before.players], island_calls, strict=True))
    raise AssertionError("a random game did not finish within 5000 steps")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3, 4, 6]), st.sampled_from(OPTION_SETS), st.booleans())
def test_random_games_keep_the_invariants_and_finish(
    seed: int, seats: int, options: dict[str, object], uniform: bool
) -> None:
    """B.4: invariants at every step; random playouts with a simple skill model always finish."""
    final = _playout(seed, seats, options, uniform)
    assert final.phase is Phase.OVER and final.winner in (0, 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 4]))
def test_drinks_owed_equal_drinks_recorded(seed: int, seats: int) -> None:
    """BP-R20: at the end, units owed (plus those a Konter cancelled) equal the recorded hits, an
    Aufsetzer counting double."""
    final = _playout(seed, seats, {}, uniform=False)
    owed = sum(final.drinks.owed) + sum(final.drinks.cancelled)
    assert owed == sum(final.stats.hits) + sum(final.stats.bounces)


def test_rack_sizes_are_triangles() -> None:
    assert {size: rows * (rows + 1) // 2 for size, rows in ROWS.items()} == {6: 6, 10: 10, 15: 15}
