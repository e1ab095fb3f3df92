"""M-1: optimistic concurrency: a write names the seq it saw; stale writes get the fresh state."""

from __future__ import annotations

import threading

import pytest

from stammtisch.core.errors import RuleViolation
from stammtisch.matches import InMemoryRepository, MatchService, StaleSequence
from tests.matches.conftest import make_service


def test_stale_expected_seq_is_refused_with_the_fresh_snapshot(service: MatchService) -> None:
    snap = service.create("toy-open", ["A", "B"], mode="table")
    service.act(snap.match_id, 0, "pick 2", 0)
    before = service.events(snap.match_id)
    with pytest.raises(StaleSequence) as caught:
        service.act(snap.match_id, 1, "pick 1", 0)
    error = caught.value
    assert isinstance(error, RuleViolation) and error.code == "match/stale"
    assert "schneller" in error.message.de and "faster" in error.message.en
    assert error.snapshot is not None and error.snapshot.seq == 1 and error.snapshot.seat == 1
    assert error.to_json()["snapshot"]["seq"] == 1
    assert service.events(snap.match_id) == before


def test_expected_seq_ahead_of_the_log_is_stale_too(service: MatchService) -> None:
    snap = service.create("toy-open", ["A", "B"], mode="table")
    with pytest.raises(StaleSequence):
        service.act(snap.match_id, 0, "pick 2", 5)
    with pytest.raises(StaleSequence):
        service.undo(snap.match_id, 3)
    assert service.events(snap.match_id) == []


def test_two_services_on_one_repository_see_each_others_writes() -> None:
    """Each service has its own cache; events appended by the other are folded in."""
    repository = InMemoryRepository()
    one, two = make_service(repository), make_service(repository)
    snap = one.create("toy-open", ["A", "B"], mode="table")
    assert two.snapshot(snap.match_id).seq == 0
    one.act(snap.match_id, 0, "pick 2", 0)
    assert two.snapshot(snap.match_id).seq == 1
    with pytest.raises(StaleSequence):
        two.act(snap.match_id, 1, "pick 3", 0)
    two.act(snap.match_id, 1, "pick 3", 1)
    two.enter_outcome(snap.match_id, "2", 2)
    assert one.snapshot(snap.match_id) == two.snapshot(snap.match_id)


def test_racing_threads_exactly_one_wins() -> None:
    """Two threads submit with the same expected seq: one wins, the other gets StaleSequence."""
    repository = InMemoryRepository()
    services = [make_service(repository), make_service(repository)]
    match_id = services[0].create("toy-open", ["A", "B"], {"rounds": 9}, mode="table").match_id
    for _ in range(20):
        seq = services[0].snapshot(match_id).seq
        barrier = threading.Barrier(2)
        results: list[object] = [None, None]

        def submit(i: int, seq: int = seq, barrier: threading.Barrier = barrier, results: list = results) -> None:
            barrier.wait()
            try:
                results[i] = services[i].act(match_id, i, f"pick {i + 1}", seq)
            except StaleSequence as error:
                results[i] = error

        threads = [threading.Thread(target=submit, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        stale = [r for r in results if isinstance(r, StaleSequence)]
        assert len(stale) == 1, results
        assert stale[0].snapshot is not None and stale[0].snapshot.seq == seq + 1
        # finish the round so the next race starts from a decision again
        snap = services[0].snapshot(match_id)
        for seat in snap.turn["seats"]:
            snap = services[0].act(match_id, seat, "pick 1", snap.seq)
        services[0].enter_outcome(match_id, "6", snap.seq)
        if services[0].snapshot(match_id).turn["kind"] == "finished":
            break
    seqs = [e.seq for e in repository.events(match_id)]
    assert seqs == list(range(1, len(seqs) + 1))


class CountingRepository(InMemoryRepository):
    """The in-memory store, counting how often the log is read."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def events(self, match_id: str, after_seq: int = 0):  # type: ignore[no-untyped-def]
        self.reads += 1
        return super().events(match_id, after_seq)


def test_a_lost_race_is_answered_from_memory_with_the_same_snapshot() -> None:
    """M-1: when this process already knows a newer position, the stale answer needs no read and is
    the one the store would give (the web answers lost races this way, bench/hammer.py)."""
    repository = CountingRepository()
    service = make_service(repository)
    snap = service.create("toy-open", ["A", "B"], mode="table")
    service.act(snap.match_id, 0, "pick 2", 0)
    reads = repository.reads
    stale = service.stale_in_memory(snap.match_id, 0, 1)
    assert repository.reads == reads
    assert stale is not None and stale.snapshot is not None
    with pytest.raises(StaleSequence) as caught:
        service.act(snap.match_id, 1, "pick 1", 0)
    assert caught.value.snapshot == stale.snapshot and stale.to_json() == caught.value.to_json()


def test_memory_does_not_decide_what_only_the_store_knows() -> None:
    """The current sequence number, one ahead, or a match this process never loaded: the store is asked."""
    repository = InMemoryRepository()
    one, two = make_service(repository), make_service(repository)
    snap = one.create("toy-open", ["A", "B"], mode="table")
    assert one.stale_in_memory(snap.match_id, 0) is None  # current: the write may go through
    assert one.stale_in_memory(snap.match_id, 4) is None  # ahead: the store says stale
    assert two.stale_in_memory("never-loaded", 0) is None
    two.act(snap.match_id, 0, "pick 2", 0)
    assert one.stale_in_memory(snap.match_id, 0) is None  # one's memory is behind: it asks the store
    with pytest.raises(StaleSequence):
        one.act(snap.match_id, 1, "pick 1", 0)
    assert one.stale_in_memory(snap.match_id, 0) is not None


def test_snapshots_of_one_position_are_built_once_per_seat(service: MatchService) -> None:
    snap = service.create("toy-open", ["A", "B"], mode="table")
    assert service.snapshot(snap.match_id, 0) is service.snapshot(snap.match_id, 0)
    assert service.snapshot(snap.match_id, None) is not service.snapshot(snap.match_id, 1)
    after = service.act(snap.match_id, 0, "pick 2", 0)
    assert after.seq == 1 and service.snapshot(snap.match_id, 0).seq == 1


def test_a_notice_from_another_worker_brings_memory_up_to_date() -> None:
    """``refresh`` (a notice that another worker wrote): the held match is folded forward at once, so
    the next lost race here is answered from memory; a match this process never loaded stays unread."""
    repository = CountingRepository()
    one, two = make_service(repository), make_service(repository)
    snap = one.create("toy-open", ["A", "B"], mode="table")
    assert two.snapshot(snap.match_id).seq == 0
    one.act(snap.match_id, 0, "pick 2", 0)
    assert two.stale_in_memory(snap.match_id, 0) is None  # two has not heard yet
    two.refresh(snap.match_id, 1)
    stale = two.stale_in_memory(snap.match_id, 0, 1)
    assert stale is not None and stale.snapshot is not None and stale.snapshot.seq == 1
    reads = repository.reads
    two.refresh(snap.match_id, 1)  # already there: nothing is read
    two.refresh("never-loaded", 3)
    assert repository.reads == reads
