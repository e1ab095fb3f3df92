"""The protocol's optional hooks: ``act``/``resolve`` are the framework's only entry points; a game
speeds them up through ``fast_act``/``fast_resolve`` (declining with ``None`` takes the checked path),
and says through ``timeout_action`` what a table's deadline submits for a silent seat."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.errors import NotYourTurn
from tests.support.toy import GAME, Pick, State, Toy


def test_defaults_decline_and_take_the_checked_path() -> None:
    state = GAME.start(2, GAME.configure())
    assert GAME.fast_act(state, 0, Pick(1)) is None
    assert GAME.fast_resolve(state, DiceOutcome((3,))) is None
    assert GAME.timeout_action(state, 0) is None
    assert GAME.act(state, 0, Pick(1)) == GAME.checked_act(state, 0, Pick(1))


class Shortcut(Toy):
    """A toy whose fast path takes seat 0's picks and records that it did."""

    taken: list[Any]

    def fast_act(self, state: State, seat: int, action: Any) -> State | None:
        if seat != 0 or not isinstance(action, Pick):
            return None
        self.taken.append(action)
        return self.apply_action(state, seat, action)


def test_a_fast_path_that_takes_the_step_skips_the_checks() -> None:
    game = Shortcut()
    game.taken = []
    state = game.start(2, game.configure())
    assert game.act(state, 0, Pick(2)) == game.checked_act(state, 0, Pick(2))
    assert game.taken == [Pick(2)]
    with pytest.raises(NotYourTurn):  # declined: the checked path refuses
        game.act(state, 5, Pick(2))


@pytest.mark.parametrize("name", ["act", "resolve", "checked_act", "checked_resolve"])
def test_a_game_cannot_override_the_framework_entry_points(name: str) -> None:
    with pytest.raises(TypeError, match="fast_act"):
        type("Rogue", (Toy,), {name: lambda self, *args: None})
