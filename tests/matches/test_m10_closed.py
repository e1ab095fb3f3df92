"""M-10 (issue 10, item 3): closed means closed. A match whose game has ended is closed; taking a
step back after the end, or changing the match afterwards, needs a written reason, which the events
record (the undo after the end also carries ``"after_end": true``); without one the service refuses
in German and English with the clause in the error's data, and nothing is written. A match taken
back after its end stays closed (no walking it back step by step without reasons)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.errors import RuleViolation
from stammtisch.matches import MatchService
from stammtisch.matches.errors import InvalidMatch
from stammtisch.matches.service import MAX_REASON, MatchClosed
from tests.matches.conftest import make_service

REASON = "Würfel falsch abgelesen: es war eine 3"


def finished(service: MatchService) -> str:
    """A toy-open match of one round played to its end at the table: both pick 2, the die shows 4."""
    snap = service.create("toy-open", ["Anna", "Ben"], options={"rounds": 1}, mode="table")
    snap = service.submit(snap.match_id, [(0, "pick 2"), (1, "pick 2")], snap.seq, actor="member:1")
    snap = service.enter_outcome(snap.match_id, "4", snap.seq, actor="member:1")
    assert snap.finished and snap.closed
    return snap.match_id


def test_m10_a_running_match_is_open() -> None:
    service = make_service()
    snap = service.create("toy-open", ["Anna", "Ben"], options={"rounds": 1}, mode="table")
    assert not snap.closed and not service.is_closed(snap.match_id)
    snap = service.submit(snap.match_id, [(0, "pick 2"), (1, "pick 2")], snap.seq)
    assert not snap.closed
    snap = service.undo(snap.match_id, snap.seq)  # undo while running: no reason needed
    assert snap.seq == 3 and snap.turn["kind"] == "decision" and not snap.closed


def test_m10_undo_after_the_end_is_refused_without_a_reason() -> None:
    service = make_service()
    match = finished(service)
    events = service.events(match)
    seq = service.snapshot(match).seq
    for reason in (None, "", "   \n "):
        with pytest.raises(MatchClosed) as refused:
            service.undo(match, seq, actor="member:2", reason=reason)
        error = refused.value
        assert isinstance(error, RuleViolation) and error.clause == "M-10" and error.code == "match/closed"
        assert "Begründung" in error.message.de and "reason" in error.message.en
        assert "M-10" not in error.message.de + error.message.en  # the clause is data, not part of the sentence
        assert error.to_json()["clause"] == "M-10"
    assert service.events(match) == events


def test_m10_undo_after_the_end_with_a_reason_is_an_event_that_keeps_it() -> None:
    service = make_service()
    match = finished(service)
    seq = service.snapshot(match).seq
    snap = service.undo(match, seq, actor="member:2", reason=f"  {REASON}  ", correlation_id="req-1")
    undo = service.events(match)[-1]
    assert undo.kind == "undo" and undo.reason == REASON and undo.actor == "member:2"
    assert undo.payload == {"undoes": [seq], "after_end": True} and undo.correlation_id == "req-1"
    assert not snap.finished and snap.closed and snap.turn["kind"] == "chance"


def test_m10_a_match_taken_back_after_its_end_stays_closed() -> None:
    """No walking back step by step: every further change needs its own reason."""
    service = make_service()
    match = finished(service)
    snap = service.undo(match, service.snapshot(match).seq, reason=REASON)
    events = service.events(match)
    with pytest.raises(MatchClosed):
        service.enter_outcome(match, "1", snap.seq, actor="member:1")
    with pytest.raises(MatchClosed):
        service.undo(match, snap.seq, actor="member:1")
    assert service.events(match) == events
    snap = service.enter_outcome(match, "1", snap.seq, actor="member:2", reason="Korrektur: die 1")
    assert snap.finished and snap.closed and snap.result is not None
    assert snap.result["scores"] == [0, 0]
    assert service.events(match)[-1].reason == "Korrektur: die 1"
    # A fresh service (cold cache, replay from the log) sees the same: closed, reopened once.
    assert make_service(service.repository).snapshot(match) == service.snapshot(match)
    assert make_service(service.repository).is_closed(match)


def test_m10_a_finished_match_takes_no_new_step_even_with_a_reason() -> None:
    """The engine refuses steps after the end; the reason only allows taking a step back."""
    service = make_service()
    match = finished(service)
    events = service.events(match)
    with pytest.raises(RuleViolation) as refused:
        service.submit(match, [(0, "pick 1")], service.snapshot(match).seq, reason=REASON)
    assert not isinstance(refused.value, MatchClosed)
    assert service.events(match) == events


def test_m10_a_reason_longer_than_allowed_is_refused() -> None:
    service = make_service()
    match = finished(service)
    events = service.events(match)
    with pytest.raises(InvalidMatch) as refused:
        service.undo(match, service.snapshot(match).seq, reason="x" * (MAX_REASON + 1))
    assert refused.value.clause == "M-10"
    assert f"{MAX_REASON}" in refused.value.message.de and f"{MAX_REASON}" in refused.value.message.en
    assert service.events(match) == events


@given(reason=st.text(min_size=1, max_size=MAX_REASON).filter(lambda text: text.strip()))
def test_m10_any_written_reason_is_kept_with_its_words(reason: str) -> None:
    """Invariant: a non-blank reason of allowed length is accepted and stored with its whitespace
    collapsed; the match stays closed afterwards."""
    service = make_service()
    match = finished(service)
    snap = service.undo(match, service.snapshot(match).seq, reason=reason)
    assert snap.closed
    assert service.events(match)[-1].reason == " ".join(reason.split())
