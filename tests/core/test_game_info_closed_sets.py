"""The closed sets of ``GameInfo`` are enums (issue 27 §4): the kinds of chance and the play modes."""

from __future__ import annotations

import json

import pytest

from stammtisch.core.protocol import ChanceKind, GameInfo, PlayMode
from stammtisch.games import GAMES


def test_every_game_declares_members_of_the_sets() -> None:
    for game in GAMES.values():
        assert all(type(kind) is ChanceKind for kind in game.info.chance_kinds)
        assert game.info.play_modes and all(type(mode) is PlayMode for mode in game.info.play_modes)


def test_plain_strings_become_members_and_still_compare_as_strings() -> None:
    info = GameInfo(hidden_information=False, simultaneous_moves=False, chance_kinds=("dice",), play_modes=("table",))  # type: ignore[arg-type]
    assert info.chance_kinds == (ChanceKind.DICE,) and info.play_modes == (PlayMode.TABLE,)
    assert "table" in info.play_modes and json.dumps(list(info.play_modes)) == '["table"]'


@pytest.mark.parametrize("field", ["chance_kinds", "play_modes"])
def test_a_value_outside_the_set_is_refused_when_the_game_is_defined(field: str) -> None:
    given = {"chance_kinds": ("dice",), "play_modes": ("digital",), field: ("telepathy",)}
    with pytest.raises(ValueError, match="telepathy"):
        GameInfo(hidden_information=False, simultaneous_moves=False, **given)  # type: ignore[arg-type]
