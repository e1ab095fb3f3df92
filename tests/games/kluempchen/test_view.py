"""The table view (no hidden information), hints and action descriptions."""

from __future__ import annotations

import functools
import json
import random
import types
import typing
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.view import View
from tests.games.kluempchen.helpers import new_state, play

KEYS = {
    "game",
    "mode",
    "phase",
    "seats",
    "externals",
    "base_cents",
    "unit_cents",
    "players",
    "at_table",
    "not_seated",
    "draw_starter",
    "table_changed",
    "draw",
    "teams",
    "start_team",
    "round",
    "on_turn",
    "turn",
    "previous_turn",
    "provisional",
    "jokers_left",
    "sheet",
    "round_payments",
    "rounds",
    "redraw_seats",
    "deciding_seats",
    "strassen",
    "totals",
    "hint",
}


def test_view_keys_and_json() -> None:
    state = play(new_state(5, externals=(2,)), "joker", "1 2 4 4 6 6")
    view = GAME.view(state, None)
    assert set(view) == KEYS
    json.dumps(view)
    assert view == GAME.view(state, 3)  # nothing is hidden
    assert view["unit_cents"] == 250 and view["externals"] == [2]
    turn = view["turn"]
    assert turn["step"] == "keep_pair" and turn["choice"] == [1, 2, 4, 4, 6, 6] and turn["joker"]
    assert view["on_turn"] == {"team": 0, "seat": 0, "thrower": 0, "role": 1}
    assert view["teams"][2] == {"index": 2, "members": [4], "p1": 4, "p2": 4, "solo": True, "score": 0, "out": False}
    assert view["jokers_left"] == [0, 1, 1, 1, 2]
    assert view["hint"]["en"] == "seat 1: which pair is set aside?"


def test_view_shows_the_sheet_and_pending_points() -> None:
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "stop", "throw", "1 2 3 4 5 6")
    view = GAME.view(state, None)
    assert view["provisional"] == {"seat": 0, "points": 6}
    assert view["turn"]["pending"] == 30 and view["turn"]["awaiting_confirmation"]
    assert view["turn"]["value"] == 0 and view["turn"]["last_throw"] == [1, 2, 3, 4, 5, 6]
    state = play(state, "1 2 3 6 6 6", "1 2 4", "stop")
    assert GAME.view(state, None)["sheet"] == [
        {"team": 0, "p1_seat": 0, "p1_points": 6, "p2_seat": 1, "p2_points": 36, "gain": 42}
    ]
    assert GAME.view(state, None)["teams"][0]["score"] == 42


def test_every_action_has_a_bilingual_description() -> None:
    state = play(new_state(), "throw", "1 3 4 5 6 6", "1 2 3 4")
    for action in GAME.legal_actions(state, 0):
        text = GAME.describe_action(state, action)
        assert text.de and text.en and text.de != text.en
    assert GAME.describe_action(state, GAME.parse_action("voll a")).en.startswith("15 Voll* a")
    assert GAME.describe_action(state, GAME.parse_action("standin")).de.startswith("Für den abwesenden")


@functools.cache
def _hints(typed: Any) -> dict[str, Any]:
    return get_type_hints(typed)


def conforms(value: Any, hint: Any, where: str = "view") -> None:
    """``value`` has exactly the shape of the declared type ``hint`` (TypedDicts recursively)."""
    if is_typeddict(hint):
        hints = _hints(hint)
        assert isinstance(value, dict), (where, value)
        assert set(value) == set(hints), (where, sorted(set(value) ^ set(hints)))
        for key, sub in hints.items():
            conforms(value[key], sub, f"{where}.{key}")
        return
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        errors = []
        for option in get_args(hint):
            try:
                conforms(value, option, where)
                return
            except AssertionError as error:
                errors.append(error)
        raise AssertionError(where, value, errors)
    if hint is type(None):
        assert value is None, where
    elif origin is list:
        assert isinstance(value, list), where
        for index, item in enumerate(value):
            conforms(item, get_args(hint)[0], f"{where}[{index}]")
    elif origin is dict:
        assert isinstance(value, dict), where
    elif hint is bool:
        assert type(value) is bool, where
    elif hint is int:
        assert type(value) is int, where  # never a bool, never an enum
    elif hint is str:
        assert type(value) is str, where  # never a StrEnum: plain JSON values
    else:
        assert hint is typing.Any, (where, hint)


@pytest.mark.parametrize("mode", ["digital", "table", "scoresheet"])
def test_view_matches_its_declared_type(mode: str) -> None:
    """Issue 8: the view is the TypedDict ``View`` declared in view.py, at every step of random evenings."""
    rng = random.Random(3)
    state = new_state(5, teams=[[4], [0, 1], [2, 3]], externals=(1,), mode=mode)
    for _ in range(300):
        conforms(GAME.view(state, None), View)
        now = GAME.turn(state)
        if isinstance(now, Finished):
            break
        if isinstance(now, Chance):
            state = GAME.resolve(state, sample(now.node, rng))
        else:
            legal = GAME.legal_actions(state, now.seats[0])
            state = GAME.act(state, now.seats[0], legal[rng.randrange(len(legal))])
