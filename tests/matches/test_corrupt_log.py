"""A stored log is reported corrupt (``CorruptLog``) only for what is wrong with its events: a
payload that does not decode, a step of the other kind than its event, a step the rules refuse, an
undo that cannot be read. A bug in the engine (an ``AttributeError`` or any other programming
error while a decoded step is applied) propagates unchanged, so it is not mistaken for bad data
(docs/matches.md: "a bug or a tampered database")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from stammtisch.matches import InMemoryRepository
from stammtisch.matches.errors import CorruptLog
from stammtisch.matches.events import Event
from tests.matches.conftest import make_service
from tests.support.toy import State, Toy


class BuggyToy(Toy):
    """The toy with a programming error in applying a pick."""

    def apply_action(self, state: State, seat: int, action: Any) -> State:
        return action.no_such_field  # type: ignore[no-any-return]  # the bug under test


def _stored(repository: InMemoryRepository) -> tuple[str, list[Event]]:
    service = make_service(repository, games={"toy": Toy()})
    snapshot = service.create("toy", ["Anna", "Ben"], mode="table")
    service.act(snapshot.match_id, 0, "pick 2", snapshot.seq)
    return snapshot.match_id, repository.events(snapshot.match_id)


@pytest.mark.parametrize("validate", [False, True])
def test_an_engine_bug_is_not_a_corrupt_log(validate: bool) -> None:
    repository = InMemoryRepository()
    match_id, _ = _stored(repository)
    buggy = make_service(repository, games={"toy": BuggyToy()}, validate_replay=validate)
    with pytest.raises(AttributeError, match="no_such_field"):
        buggy.snapshot(match_id)


def _replayed_with(payload: Any, kind: str = "action") -> None:
    repository = InMemoryRepository()
    match_id, events = _stored(repository)
    repository._events[match_id] = [replace(events[0], payload=payload, kind=kind)]  # a tampered database
    make_service(repository, games={"toy": Toy()}).snapshot(match_id)


@pytest.mark.parametrize(
    ("payload", "kind"),
    [
        ({"kind": "action", "seat": 0, "action": {"type": "Nope"}}, "action"),  # unknown action type
        ({"kind": "action", "seat": 0, "action": {"type": "Pick", "number": "two"}}, "action"),  # bad field
        ({"kind": "action", "action": {"type": "Pick", "number": 2}}, "action"),  # no seat
        ({"kind": "action", "seat": None, "action": {"type": "Pick", "number": 2}}, "action"),
        ({"kind": "outcome", "outcome": {"type": "DiceOutcome", "faces": [3]}}, "action"),  # an outcome as action
        ({"kind": "action", "seat": 0, "action": {"type": "Pick", "number": 2}}, "outcome"),  # an action as outcome
        (["not", "an", "object"], "action"),
        ({"undoes": "x"}, "undo"),
        ("undo", "undo"),
    ],
)
def test_bad_stored_events_are_a_corrupt_log(payload: Any, kind: str) -> None:
    with pytest.raises(CorruptLog):
        _replayed_with(payload, kind)


def test_validated_replay_reports_a_refused_step_as_corrupt() -> None:
    repository = InMemoryRepository()
    match_id, events = _stored(repository)
    illegal = {"kind": "action", "seat": 0, "action": {"type": "Pick", "number": 9}}
    repository._events[match_id] = [replace(events[0], payload=illegal)]
    with pytest.raises(CorruptLog, match="does not replay"):
        make_service(repository, games={"toy": Toy()}, validate_replay=True).snapshot(match_id)
