"""Refusals leave the log unchanged: unknown match, bad seat, malformed notation/JSON, illegal
actions and outcomes (the engine's RuleViolation propagates unchanged)."""

from __future__ import annotations

import pytest

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.errors import (
    DecisionPending,
    IllegalAction,
    ImpossibleOutcome,
    InvalidNotation,
    MatchFinished,
    NotYourTurn,
    OutcomePending,
)
from stammtisch.matches import EmptySubmission, InvalidSeat, MatchNotFound, MatchService
from tests.support.toy import Pick


@pytest.fixture
def match(service: MatchService) -> str:
    return service.create("toy-open", ["A", "B"], {"rounds": 1}, mode="table").match_id


def test_unknown_match(service: MatchService) -> None:
    """M-3."""
    for call in (
        lambda: service.snapshot("nope"),
        lambda: service.act("nope", 0, "pick 1", 0),
        lambda: service.enter_outcome("nope", "3", 0),
        lambda: service.undo("nope", 0),
    ):
        with pytest.raises(MatchNotFound) as caught:
            call()
        assert caught.value.code == "match/not_found"


@pytest.mark.parametrize(
    ("seat", "action", "error"),
    [
        (0, "pick", InvalidNotation),
        (0, "jump 3", InvalidNotation),
        (0, "{not json", InvalidNotation),
        (0, {"type": "Jump", "number": 1}, InvalidNotation),
        (0, {"type": "Pick", "number": "1"}, InvalidNotation),
        (0, {"type": "Pick"}, InvalidNotation),
        (0, '{"type": "Pick", "number": 1, "extra": 2}', InvalidNotation),
        (0, DiceOutcome((3,)), InvalidNotation),
        (0, "pick 7", IllegalAction),
        (0, Pick(0), IllegalAction),
        (5, "pick 1", InvalidSeat),
        (-1, "pick 1", InvalidSeat),
    ],
)
def test_bad_actions_change_nothing(service: MatchService, match: str, seat: int, action: object, error: type) -> None:
    before = service.snapshot(match)
    with pytest.raises(error):
        service.act(match, seat, action, 0)
    assert service.events(match) == []
    assert service.snapshot(match) == before


def test_turn_order_errors_propagate_unchanged(service: MatchService, match: str) -> None:
    with pytest.raises(DecisionPending):
        service.enter_outcome(match, "3", 0)
    service.act(match, 0, "pick 1", 0)
    with pytest.raises(NotYourTurn):
        service.act(match, 0, "pick 2", 1)
    service.act(match, 1, "pick 2", 1)
    with pytest.raises(OutcomePending):
        service.act(match, 0, "pick 2", 2)
    with pytest.raises(ImpossibleOutcome):
        service.enter_outcome(match, "7", 2)
    with pytest.raises(ImpossibleOutcome):
        service.enter_outcome(match, "3 4", 2)
    with pytest.raises(InvalidNotation):
        service.enter_outcome(match, "drei", 2)
    assert len(service.events(match)) == 2
    service.enter_outcome(match, {"type": "DiceOutcome", "faces": [3]}, 2)
    with pytest.raises(MatchFinished):
        service.act(match, 0, "pick 1", 3)
    assert len(service.events(match)) == 3


def test_submissions_are_all_or_nothing(service: MatchService, match: str) -> None:
    """A bad step anywhere in a submission stores none of its steps."""
    with pytest.raises(ImpossibleOutcome):
        service.submit(match, [(0, "pick 1"), (1, "pick 2"), (None, "9")], 0)
    assert service.events(match) == []
    with pytest.raises(EmptySubmission):
        service.submit(match, [], 0)
    snap = service.submit(match, [(0, "pick 1"), (1, "pick 2"), (None, "1")], 0)
    assert snap.seq == 3 and snap.result is not None
    assert {e.batch for e in service.events(match)} == {1}
