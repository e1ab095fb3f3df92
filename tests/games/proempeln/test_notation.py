"""Notation and JSON of every action and outcome round-trip; unreadable input is refused."""

from __future__ import annotations

import json

import pytest

from stammtisch.core.errors import InvalidNotation
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Landing, Record, Replay, Slip

ACTIONS = [
    (Announce("none"), "none"),
    (Announce("L"), "L"),
    (Announce("K", correct=False), "K void"),
    (Announce("P"), "P"),
    (Announce("D", "links"), "D links"),
    (Announce("D", "rechts"), "D rechts"),
    (Announce("D"), "D"),
    (Replay(()), "stop"),
    (Replay((1, 5, 7)), "replay 1 5 7"),
    (Record(), "record"),
    (Record("meier"), "record meier"),
    (Record("king"), "record king"),
    (Slip(3), "slip 3"),
]
OUTCOMES = [
    (Landing(0, 1, 3), "s0 b1 3"),
    (Landing(6, 7, 0), "s6 b7 0"),
    (Landing(2, 4, 0, True), "s2 b4 x"),
    (Landing(1, 0, 2), "s1 b0 2"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS)
def test_actions_round_trip(action: object, text: str) -> None:
    assert GAME.format_action(action) == text
    assert GAME.parse_action(text) == action
    assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action


@pytest.mark.parametrize(("outcome", "text"), OUTCOMES)
def test_outcomes_round_trip(outcome: Landing, text: str) -> None:
    assert GAME.format_outcome(outcome) == text
    assert GAME.parse_outcome(text) == outcome
    assert GAME.outcome_from_json(json.loads(json.dumps(GAME.outcome_to_json(outcome)))) == outcome


def test_replay_bottles_are_listed_in_bottle_order() -> None:
    assert GAME.parse_action("replay 5 1") == Replay((1, 5))


@pytest.mark.parametrize(
    "text", ["", "replay a", "slip", "slip 1 2 3", "slip x", "record meier king", "L links rechts", "%"]
)
def test_unreadable_actions_are_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_action(text)


@pytest.mark.parametrize("text", ["", "3", "s0 3", "s0 b1 three", "x0 b1 3", "s0 b1 3 4"])
def test_unreadable_outcomes_are_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_outcome(text)


@pytest.mark.parametrize(
    "data",
    [{"type": "Landing", "seat": 0, "bottle": 1}, {"type": "Landing", "seat": 0, "bottle": 1, "points": "3"}, {}],
)
def test_malformed_json_is_refused(data: object) -> None:
    with pytest.raises(InvalidNotation):
        GAME.outcome_from_json(data)
