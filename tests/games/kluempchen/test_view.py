"""The table view (no hidden information), hints and action descriptions."""

from __future__ import annotations

import json

from stammtisch.games.kluempchen import GAME
from tests.games.kluempchen.helpers import new, play

KEYS = {
    "game",
    "mode",
    "phase",
    "seats",
    "externals",
    "base_cents",
    "unit_cents",
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
    "strassen",
    "totals",
    "hint",
}


def test_view_keys_and_json() -> None:
    state = play(new(5, externals=(2,)), "joker", "1 2 4 4 6 6")
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
    state = play(new(), "throw", "3 4 5 6 6 6", "1 2 3", "stop", "throw", "1 2 3 4 5 6")
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
    state = play(new(), "throw", "1 3 4 5 6 6", "1 2 3 4")
    for action in GAME.legal_actions(state, 0):
        text = GAME.describe_action(state, action)
        assert text.de and text.en and text.de != text.en
    assert GAME.describe_action(state, GAME.parse_action("voll a")).en.startswith("15 Voll* a")
    assert GAME.describe_action(state, GAME.parse_action("standin")).de.startswith("Für den abwesenden")
