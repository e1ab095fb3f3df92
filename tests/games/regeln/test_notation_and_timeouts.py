"""Notation round-trips, bilingual refusals of bad notation, and what a table's deadline submits."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import InvalidNotation
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import (
    CardOutcome,
    ChooseRule,
    Cover,
    Decide,
    PayChip,
    PlaceOutcome,
    PlayCard,
    Predict,
    ReportFirstSpeaker,
    ReportSpeech,
    TakeChip,
    Vote,
)

from .support import ready

ACTIONS = {
    "play K-W0": PlayCard("K-W0"),
    "play E-SPRICHT-3 stood": PlayCard("E-SPRICHT-3", True),
    "vote yes 2": Vote(True, 2),
    "vote no 1": Vote(False, 1),
    "adopt": Decide(True),
    "reject": Decide(False),
    "spoke none": ReportSpeech(()),
    "spoke 1 3": ReportSpeech((0, 2)),
    "first none": ReportFirstSpeaker(None),
    "first 2": ReportFirstSpeaker(1),
    "take white": TakeChip("white"),
    "pay green": PayChip("green"),
    "cover 2": Cover(1),
    "choose W-PRODUKT2": ChooseRule("W-PRODUKT2"),
    "predict 2": Predict(2),
    "predict 3 purple": Predict(3, "purple"),
}


@pytest.mark.parametrize("text", list(ACTIONS))
def test_action_notation_round_trips(text: str) -> None:
    action = ACTIONS[text]
    assert GAME.parse_action(text) == action and GAME.format_action(action) == text
    assert GAME.action_from_json(GAME.action_to_json(action)) == action


def test_outcome_notation() -> None:
    assert GAME.parse_outcome("card K-B4") == CardOutcome("K-B4")
    assert GAME.format_outcome(PlaceOutcome(3)) == "place 3"


@pytest.mark.parametrize("text", ["", "vote maybe 2", "take red", "cover x", "predict"])
def test_bad_notation_is_refused_in_both_languages(text: str) -> None:
    with pytest.raises(InvalidNotation) as error:
        GAME.parse_action(text)
    assert error.value.message.de and error.value.message.en


def test_timeout_action_for_a_silent_voter() -> None:
    """Ours (RGO-8): a voter who misses the deadline commits one tile for Nein; nothing for others."""
    state = ready(3)
    assert GAME.timeout_action(state, state.active) is None
    state = GAME.act(state, state.active, GAME.legal_actions(state, state.active)[0])
    assert GAME.timeout_action(state, 1) == Vote(False, 1)
    state = GAME.act(state, 1, Vote(True, 2))
    assert GAME.timeout_action(state, 1) is None


def test_timeout_action_for_a_silent_payer_or_receiver() -> None:
    """Ours (RGO-8): a silent receiver takes the pool's most plentiful colour; a payer pays his own."""
    state = ready(3)
    state = GAME.act(state, state.active, GAME.legal_actions(state, state.active)[0])
    for seat in range(3):
        state = GAME.act(state, seat, Vote(seat == 0, 2))
    while state.phase == "payment":
        seat = state.queue[0].seat
        action = GAME.timeout_action(state, seat)
        assert action in GAME.legal_actions(state, seat)
        assert GAME.timeout_action(state, (seat + 1) % 3) is None or state.queue[0].seat == (seat + 1) % 3
        assert action is not None
        state = GAME.act(state, seat, action)
