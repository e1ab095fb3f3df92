"""The short ways (``Regeln.fast_act``: chips and votes) give exactly the checked path's state, and
decline every step the checked path refuses."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import PayChip, TakeChip, Vote

PROBES = (
    TakeChip("white"),
    TakeChip("green"),
    PayChip("purple"),
    PayChip("yellow"),
    Vote(True, 1),
    Vote(False, 4),
    Vote(True, 0),
    Vote(False, 5),
    TakeChip("red"),
)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(3, 5))
def test_fast_act_agrees_with_the_checked_path(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure())
    while not isinstance(GAME.turn(state), Finished):
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        for seat in range(seats):
            for action in PROBES:
                fast = GAME.fast_act(state, seat, action)
                try:
                    checked = GAME.checked_act(state, seat, action)
                except RuleViolation:
                    assert fast is None, (state.phase, seat, action)
                else:
                    assert fast is None or fast == checked
        seat = rng.choice(turn.seats)
        state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), changes=st.sets(st.sampled_from(["round", "active", "phase", "tiles"])))
def test_the_fast_state_copy_equals_dataclasses_replace(seed: int, changes: set[str]) -> None:
    """``model.replace`` (the generated copy of the 45-field state) gives exactly what
    ``dataclasses.replace`` gives, and refuses unknown fields the same way."""
    import dataclasses

    import pytest

    from stammtisch.games.regeln.model import replace
    from tests.support.play import random_game

    state = random_game(GAME, GAME.start(3, GAME.configure()), random.Random(seed), stop=lambda s: s.round > 1)
    values = {"round": 4, "active": 2, "phase": "vote", "tiles": (1, 2, 3)}
    chosen = {key: values[key] for key in changes}
    assert replace(state, **chosen) == dataclasses.replace(state, **chosen)
    assert all(getattr(replace(state, **chosen), key) == value for key, value in chosen.items())
    with pytest.raises(TypeError):
        replace(state, no_such_field=1)
