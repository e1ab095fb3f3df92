"""M-10/M-11 in storage (migration 0007): an event's actor, correlation id and reason survive the
round trip through every repository (memory, SQLite, PostgreSQL), and a match taken back after its end
is still closed when a fresh service replays it from the database."""

from __future__ import annotations

from stammtisch.matches.repository import MatchRepository
from tests.matches.conftest import make_service


def test_m10_m11_events_keep_actor_correlation_id_and_reason(repository: MatchRepository) -> None:
    service = make_service(repository)
    snap = service.create("toy-open", ["Anna", "Ben"], options={"rounds": 1}, mode="table")
    snap = service.submit(snap.match_id, [(0, "pick 2"), (1, "pick 2")], snap.seq, actor="seat:0", correlation_id="r1")
    snap = service.enter_outcome(snap.match_id, "4", snap.seq, actor="member:3", correlation_id="r2")
    assert snap.closed
    snap = service.undo(snap.match_id, snap.seq, actor="member:1", correlation_id="r3", reason="Falscher Würfel")
    stored = make_service(repository).events(snap.match_id)
    assert [(e.actor, e.correlation_id, e.reason) for e in stored] == [
        ("seat:0", "r1", None),
        ("seat:0", "r1", None),
        ("member:3", "r2", None),
        ("member:1", "r3", "Falscher Würfel"),
    ]
    assert stored[-1].payload["after_end"] is True
    fresh = make_service(repository)
    assert fresh.snapshot(snap.match_id).closed and not fresh.snapshot(snap.match_id).finished
