"""One contract suite for every MatchRepository: in-memory, SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from stammtisch.matches import Event, MatchNotFound, MatchRecord, SequenceConflict
from stammtisch.matches.repository import MatchRepository

T0 = datetime(2026, 11, 21, 19, 30, 15, 123456, tzinfo=UTC)


def record(match_id: str, game: str = "kluempchen", minutes: int = 0) -> MatchRecord:
    return MatchRecord(
        match_id=match_id,
        game=game,
        rules_version="2",
        options={"mode": "table", "base_cents": 50, "tower_scoring": True},
        setup={"externals": [3]},
        players=["Jürgen", "Grit", "Sören", "Anne"],
        mode="table",
        title="Würfelabend",
        created_at=T0 + timedelta(minutes=minutes),
    )


def event(match_id: str, seq: int, batch: int | None = None, kind: str = "action") -> Event:
    payload = (
        {"kind": "action", "seat": seq % 4, "action": {"type": "Throw", "note": "Straße – ö"}}
        if kind == "action"
        else {"kind": "outcome", "outcome": {"type": "DiceOutcome", "faces": [1, 2, 6]}, "sampled": True}
    )
    return Event(
        match_id=match_id,
        seq=seq,
        kind=kind,
        seat=seq % 4 if kind == "action" else None,
        payload=payload,
        actor="anne" if seq % 2 else None,
        at=T0 + timedelta(seconds=seq),
        batch=batch or seq,
    )


def test_create_and_get_round_trip(repository: MatchRepository) -> None:
    rec = record("m1")
    repository.create(rec)
    got = repository.get("m1")
    assert got == rec
    assert got.created_at.tzinfo is not None and got.created_at == T0
    assert repository.events("m1") == []


def test_unknown_match_is_not_found(repository: MatchRepository) -> None:
    with pytest.raises(MatchNotFound):
        repository.get("nope")
    with pytest.raises(MatchNotFound):
        repository.events("nope")
    with pytest.raises(MatchNotFound):
        repository.append("nope", [event("nope", 1)])


def test_append_and_read_after(repository: MatchRepository) -> None:
    repository.create(record("m1"))
    first = [event("m1", 1)]
    batch = [event("m1", 2, 2), event("m1", 3, 2, kind="outcome")]
    repository.append("m1", first)
    repository.append("m1", batch)
    assert repository.events("m1") == first + batch
    assert repository.events("m1", after_seq=1) == batch
    assert repository.events("m1", after_seq=3) == []
    stored = repository.events("m1")[2]
    assert stored.payload == batch[1].payload and stored.at == batch[1].at and stored.at.tzinfo is not None


def test_taken_seq_is_a_conflict_and_nothing_changes(repository: MatchRepository) -> None:
    repository.create(record("m1"))
    repository.append("m1", [event("m1", 1), event("m1", 2, 1)])
    for attempt in (
        [event("m1", 2)],
        [event("m1", 1), event("m1", 2, 1), event("m1", 3, 1)],
        [event("m1", 2), event("m1", 3, 2)],
    ):
        with pytest.raises(SequenceConflict):
            repository.append("m1", attempt)
    assert [e.seq for e in repository.events("m1")] == [1, 2]
    repository.append("m1", [event("m1", 3)])
    assert [e.seq for e in repository.events("m1")] == [1, 2, 3]


def test_gaps_and_foreign_events_are_programming_errors(repository: MatchRepository) -> None:
    repository.create(record("m1"))
    repository.create(record("m2"))
    with pytest.raises(ValueError):
        repository.append("m1", [event("m1", 2)])
    with pytest.raises(ValueError):
        repository.append("m1", [event("m1", 1), event("m1", 3)])
    with pytest.raises(ValueError):
        repository.append("m1", [event("m2", 1)])
    with pytest.raises(ValueError):
        repository.append("m1", [])
    assert repository.events("m1") == []


def test_logs_of_matches_are_separate(repository: MatchRepository) -> None:
    repository.create(record("m1"))
    repository.create(record("m2"))
    repository.append("m1", [event("m1", 1)])
    repository.append("m2", [event("m2", 1)])
    assert [e.match_id for e in repository.events("m1")] == ["m1"]
    assert [e.match_id for e in repository.events("m2")] == ["m2"]


def test_duplicate_match_is_refused(repository: MatchRepository) -> None:
    repository.create(record("m1"))
    with pytest.raises(ValueError):
        repository.create(record("m1", game="toy"))
    assert repository.get("m1").game == "kluempchen"


def test_list_matches_newest_first_with_game_filter_and_limit(repository: MatchRepository) -> None:
    for i, game in enumerate(["kluempchen", "toy", "kluempchen", "toy"]):
        repository.create(record(f"m{i}", game, minutes=i))
    assert [r.match_id for r in repository.list_matches(10)] == ["m3", "m2", "m1", "m0"]
    assert [r.match_id for r in repository.list_matches(10, game="kluempchen")] == ["m2", "m0"]
    assert [r.match_id for r in repository.list_matches(2)] == ["m3", "m2"]
    assert repository.list_matches(0) == []


def test_racing_appends_exactly_one_wins(repository: MatchRepository) -> None:
    """M-1 at the storage level: of several appends of the same seq, exactly one is stored."""
    repository.create(record("m1"))
    for first in (1, 3, 5, 7, 9):
        barrier = threading.Barrier(4)
        outcomes: list[str] = []

        def append(first: int = first, barrier: threading.Barrier = barrier, outcomes: list[str] = outcomes) -> None:
            barrier.wait()
            try:
                repository.append("m1", [event("m1", first), event("m1", first + 1, first)])
                outcomes.append("won")
            except SequenceConflict:
                outcomes.append("lost")

        threads = [threading.Thread(target=append) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["lost", "lost", "lost", "won"]
    assert [e.seq for e in repository.events("m1")] == list(range(1, 11))
