"""Event reads that scale (issue 28.3, 29.5): one range query on ``(match_id, seq)``, streamed in batches for a
cold load, and payloads decoded once per distinct JSON text and shared on both stores (PostgreSQL reads
them as ``payload::text``). SQLite, and PostgreSQL with ``STAMMTISCH_TEST_DATABASE_URL``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from stammtisch.matches.errors import MatchNotFound
from stammtisch.matches.events import Event, MatchRecord
from stammtisch.store import Store
from stammtisch.store import repository as sql_repository

AT = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)


def _match(store: Store, events: int) -> str:
    store.repository.create(MatchRecord("m1", "kluempchen", "2", {}, {}, ["A", "B", "C", "D"], "table", "", AT))
    payloads = [{"kind": "outcome", "outcome": {"type": "DiceOutcome", "faces": [face]}} for face in (1, 2, 3)]
    log = [Event("m1", seq, "outcome", None, payloads[seq % 3], None, AT, seq) for seq in range(1, events + 1)]
    store.repository.append("m1", log)
    return "m1"


def test_payloads_are_decoded_once_and_shared(store: Store) -> None:
    match_id = _match(store, 30)
    events = store.repository.events(match_id)
    assert [event.seq for event in events] == list(range(1, 31))
    assert events[0].payload is events[3].payload  # one dict per distinct text
    assert events[0].payload == {"kind": "outcome", "outcome": {"type": "DiceOutcome", "faces": [2]}}
    assert [event.seq for event in store.repository.events(match_id, 27)] == [28, 29, 30]


def test_a_long_log_streams_in_batches(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sql_repository, "EVENT_BATCH", 7)
    match_id = _match(store, 30)
    batches = list(store.repository.stream_events(match_id))
    assert all(len(batch) <= 7 for batch in batches) and len(batches) >= 5
    assert [event for batch in batches for event in batch] == store.repository.events(match_id)
    assert [event.seq for batch in store.repository.stream_events(match_id, 25) for event in batch] == [
        26, 27, 28, 29, 30
    ]  # fmt: skip
    assert list(store.repository.stream_events(match_id, 30)) == []
    with pytest.raises(MatchNotFound):
        list(store.repository.stream_events("nobody"))
