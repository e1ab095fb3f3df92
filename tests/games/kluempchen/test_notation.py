"""Notation and JSON of every action and outcome round-trip; unreadable text is InvalidNotation (KA-36)."""

from __future__ import annotations

import json

import pytest

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.errors import InvalidNotation
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import (
    AnnounceJoker,
    ChooseVollStar,
    CloseEvening,
    CockedOutcome,
    DemandRedraw,
    EnterSixEqual,
    EnterTurn,
    Forfeit,
    FormTeam,
    FoulOutcome,
    KeepPair,
    NextRound,
    SetAside,
    StandIn,
    Stop,
    Throw,
    TowerOutcome,
)

ACTIONS = [
    (AnnounceJoker(), "joker"),
    (Throw(), "throw"),
    (Stop(), "stop"),
    (KeepPair(4), "keep 4"),
    (SetAside((2, 6, 6)), "aside 2 6 6"),
    (SetAside(()), "aside"),
    (ChooseVollStar("a"), "voll a"),
    (ChooseVollStar("b"), "voll b"),
    (StandIn(), "standin"),
    (Forfeit(), "absent"),
    (FormTeam(3, 0), "team 3 0"),
    (DemandRedraw(), "redraw"),
    (NextRound(), "next"),
    (CloseEvening(), "close"),
    (EnterTurn(26, True, 0), "score 26 joker"),
    (EnterTurn(36, False, 1), "score 36 strassen 1"),
    (EnterTurn(0, True, 2), "score 0 joker strassen 2"),
    (EnterSixEqual(0), "six"),
    (EnterSixEqual(1), "six strassen 1"),
]
OUTCOMES = [
    (DiceOutcome((1, 3, 3, 5, 6, 6)), "1 3 3 5 6 6"),
    (DiceOutcome((4,)), "4"),
    (TowerOutcome(), "turm"),
    (CockedOutcome(), "cocked"),
    (FoulOutcome("missing_die"), "foul missing_die"),
    (FoulOutcome("off_table"), "foul off_table"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS)
def test_actions_round_trip(action: object, text: str) -> None:
    assert GAME.format_action(action) == text
    assert GAME.parse_action(text) == action
    data = json.loads(json.dumps(GAME.action_to_json(action)))
    assert GAME.action_from_json(data) == action


@pytest.mark.parametrize(("outcome", "text"), OUTCOMES)
def test_outcomes_round_trip(outcome: object, text: str) -> None:
    assert GAME.format_outcome(outcome) == text
    assert GAME.parse_outcome(text) == outcome
    data = json.loads(json.dumps(GAME.outcome_to_json(outcome)))
    assert GAME.outcome_from_json(data) == outcome


def test_dice_are_a_multiset_in_any_order() -> None:
    assert GAME.parse_outcome("6 6 5 3 3 1") == DiceOutcome((1, 3, 3, 5, 6, 6))
    assert GAME.parse_outcome("133566") == DiceOutcome((1, 3, 3, 5, 6, 6))
    assert GAME.parse_action("  Keep 4 ") == KeepPair(4)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "keep",
        "keep 7",
        "keep x",
        "voll c",
        "team 1",
        "score",
        "score -3",
        "score 6 bonus",
        "six joker",
        "aside 7",
        "aside 1 1 1 1 1 1",
    ],
)
def test_bad_action_text(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_action(text)


@pytest.mark.parametrize("text", ["", "1 2 7", "0", "1 2 3 4 5 6 1", "12 3", "foul sneeze", "tower"])
def test_bad_outcome_text(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_outcome(text)


def test_bad_json() -> None:
    for data in ({"type": "Throw", "x": 1}, {"type": "KeepPair", "face": "4"}, {"type": "Nope"}, [1]):
        with pytest.raises(InvalidNotation):
            GAME.action_from_json(data)
    with pytest.raises(InvalidNotation):
        GAME.outcome_from_json({"type": "FoulOutcome", "kind": "sneeze"})
