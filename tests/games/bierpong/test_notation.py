"""Notation and JSON of every action and outcome round-trip; unreadable text is InvalidNotation."""

from __future__ import annotations

import json

import pytest

from stammtisch.core.errors import InvalidNotation
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import (
    AirBall,
    Begin,
    Call,
    CallIsland,
    DeadCupRemoved,
    Defended,
    Distracted,
    Drank,
    Drinking,
    Duel,
    Fetch,
    Forgot,
    Hit,
    IllegalDefence,
    IllegalSave,
    KnockOver,
    Leave,
    LeftStanding,
    Miss,
    NoCall,
    Pair,
    Remove,
    RolledBack,
    Shoot,
    Side,
    TimeUp,
    Void,
)

ACTIONS = [
    (Begin(0), "begin A"),
    (Begin(1), "begin B"),
    (Side("left"), "side left"),
    (Pair(0, 2), "pair 0 2"),
    (Shoot(), "throw"),
    (CallIsland(4), "island 4"),
    (Call("heating_up"), "heating-up"),
    (Call("on_fire"), "on-fire"),
    (Call("both"), "heating-up+on-fire"),
    (NoCall(), "no-call"),
    (Fetch(3), "fetch 3"),
    (Leave(), "leave"),
    (Remove(10), "remove 10"),
]

OUTCOMES = [
    (Duel(True, False), "duel A"),
    (Duel(False, True), "duel B"),
    (Duel(True, True), "duel both"),
    (Duel(False, False), "duel none"),
    (Hit(5), "hit 5"),
    (Hit(5, True), "hit 5 bounce"),
    (Hit(5, False, True), "hit 5 roller"),
    (Hit(5, True, True), "hit 5 bounce roller"),
    (Miss(), "miss"),
    (Defended(), "defended"),
    (RolledBack(True), "back own"),
    (RolledBack(False), "back far"),
    (AirBall(3), "airball 3"),
    (Void(), "void"),
    (IllegalDefence(), "illegal-defence"),
    (IllegalSave(2), "save 2"),
    (TimeUp(), "timeup"),
    (KnockOver(0, (3, 5)), "knock A 3 5"),
    (LeftStanding(4), "standing 4"),
    (DeadCupRemoved(4), "dead-removed 4"),
    (Drinking(1), "drinking B"),
    (Drank(0), "drank A"),
    (Distracted(1), "distracted B"),
    (Forgot(1), "forgot B"),
    (Forgot(0, "Shotrunde"), "forgot A Shotrunde"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS)
def test_actions_round_trip(action: object, text: str) -> None:
    assert GAME.format_action(action) == text
    assert GAME.parse_action(text) == action
    assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action


@pytest.mark.parametrize(("outcome", "text"), OUTCOMES)
def test_outcomes_round_trip(outcome: object, text: str) -> None:
    assert GAME.format_outcome(outcome) == text
    assert GAME.parse_outcome(text) == outcome
    assert GAME.outcome_from_json(json.loads(json.dumps(GAME.outcome_to_json(outcome)))) == outcome


@pytest.mark.parametrize("text", ["", "hit", "hit x", "hit 5 spin", "hit 5 roller bounce", "begin C", "pair 1", "jump"])
def test_unreadable_text_is_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_outcome(text) if text.startswith("hit") or not text else GAME.parse_action(text)


def test_every_action_has_a_description_in_both_languages() -> None:
    state = GAME.start(2, GAME.configure())
    for action, _ in ACTIONS:
        text = GAME.describe_action(state, action)
        assert text.de and text.en
