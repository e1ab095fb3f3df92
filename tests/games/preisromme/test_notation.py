"""Notation (DESIGN: actions round-trip through text and JSON); card codes of ``cards``."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import InvalidNotation
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.model import (
    CardOutcome,
    Discard,
    Knock,
    Layoff,
    Meld,
    Out,
    Pass,
    Points,
    Romme,
    Swap,
    Take,
    Withdraw,
)

EXAMPLES = {
    "take": Take(),
    "knock": Knock(),
    "pass": Pass(),
    "withdraw": Withdraw(),
    "discard 7H": Discard("7H"),
    "discard 10C": Discard("10C"),
    "meld 7H 8H 9H": Meld("run", ("7H", "8H", "9H")),
    "meld 10H JK QH JK": Meld("run", ("10H", "JK", "QH", "JK")),
    "meld AC JK AD": Meld("set", ("AC", "JK", "AD")),
    "meld set JK KS JK": Meld("set", ("JK", "KS", "JK")),
    "meld JK KH JK": Meld("run", ("JK", "KH", "JK")),
    "layoff 1 10H": Layoff(1, "10H"),
    "layoff 2 JK low": Layoff(2, "JK", "low"),
    "layoff 1 AH high": Layoff(1, "AH", "high"),
    "swap 2 JK 5C": Swap(2, "5C"),
    "out 2": Out(1),
    "out none": Out(-1),
    "romme yes": Romme(True),
    "romme no": Romme(False),
    "points 3 47": Points(2, 47),
}


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items())
def test_actions_round_trip(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.format_action(action) == text
    assert GAME.action_from_json(GAME.action_to_json(action)) == action


def test_reading_is_forgiving_about_case_and_draw() -> None:
    assert GAME.parse_action("Discard 7h") == Discard("7H")
    assert GAME.parse_action("draw") == Pass()
    assert GAME.parse_action("meld run 7h 8h 9h") == Meld("run", ("7H", "8H", "9H"))
    assert GAME.parse_outcome("draw 7H") == GAME.parse_outcome("7h") == CardOutcome("7H")
    assert GAME.format_outcome(CardOutcome("JK")) == "JK"


@pytest.mark.parametrize(
    "text",
    ["", "discard", "discard 1H", "discard 7X", "meld", "layoff x 7H", "layoff 1 JK left", "swap 1 7H 7H", "fly"],
)
def test_unreadable_moves_are_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        GAME.parse_action(text)
    assert refused.value.text("de") and refused.value.text("en")


def test_json_refuses_malformed_payloads() -> None:
    for bad in ({"type": "Discard"}, {"type": "Discard", "card": 7}, {"type": "Meld", "kind": "run", "cards": "7H"}):
        with pytest.raises(InvalidNotation):
            GAME.action_from_json(bad)


@pytest.mark.parametrize("action", EXAMPLES.values())
def test_every_action_is_described_in_german_and_english(action: object) -> None:
    text = GAME.describe_action(None, action)
    assert text.de and text.en and text.de != text.en
