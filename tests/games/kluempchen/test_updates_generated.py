"""The state updates are typed code, not ``exec`` (issue 27 §4): ``games/kluempchen/updates.py`` is generated
source checked into the repository, and it is exactly what the generator makes from ``model.py`` today (a
field added, renamed or retyped in ``PlayerTurn``, ``Round`` or ``State`` fails here until the file is
regenerated: ``python -m tests.games.kluempchen.generate_updates``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.games.kluempchen import model, updates
from tests.games.kluempchen.generate_updates import TARGET, UPDATES, formatted
from tests.games.kluempchen.helpers import new_state
from tests.support.play import random_game


def test_the_checked_in_updates_are_what_the_generator_makes() -> None:
    assert TARGET.read_text(encoding="utf-8") == formatted()


def test_no_update_is_made_at_run_time() -> None:
    source = TARGET.read_text(encoding="utf-8")
    assert "exec(" not in source and "eval(" not in source


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_each_update_is_replace_with_the_named_fields(seed: int) -> None:
    """Every generated update equals ``_replace`` with the same fields, on states reached in play."""
    from stammtisch.games import GAMES

    game = GAMES["kluempchen"]
    rng = random.Random(seed)
    state = random_game(game, new_state(), rng, stop=lambda s: s.round is not None and s.round.turn is not None)
    values: dict[type, tuple[object, ...]] = {model.State: state}
    if state.round is not None:
        values[model.Round] = state.round
        if state.round.turn is not None:
            values[model.PlayerTurn] = state.round.turn
    for name, cls, names in UPDATES:
        value = values.get(cls)
        if value is None:
            continue
        fresh = {field: ("new", field) for field in names}  # any object: the update does not look at it
        changed = getattr(updates, name)(value, **fresh)
        assert type(changed) is cls
        assert changed == value._replace(**fresh), name  # type: ignore[attr-defined]
