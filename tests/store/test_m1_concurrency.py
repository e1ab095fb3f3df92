"""M-1 on real databases: two service instances (each with its own cache and engine) race for the
same seq; exactly one wins, the other gets StaleSequence with the fresh snapshot; the log has no
gap and no double."""

from __future__ import annotations

import random
import threading

from stammtisch.matches import MatchService, StaleSequence
from stammtisch.store import open_store
from tests.matches.conftest import make_service


def _race(services: list[MatchService], match_id: str, seq: int, moves: list[tuple[int, str]]) -> list[object]:
    barrier = threading.Barrier(len(services))
    results: list[object] = [None] * len(services)

    def submit(i: int) -> None:
        barrier.wait()
        seat, move = moves[i]
        try:
            results[i] = services[i].act(match_id, seat, move, seq)
        except StaleSequence as error:
            results[i] = error

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(services))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_two_workers_race_exactly_one_wins(sql_url: str) -> None:
    stores = [open_store(sql_url), open_store(sql_url)]
    try:
        services = [make_service(s.repository, rng=lambda match_id: random.Random(3)) for s in stores]
        match_id = services[0].create("toy-open", ["A", "B"], {"rounds": 9}, mode="digital").match_id
        rounds = 0
        while True:
            snap = services[1].snapshot(match_id)
            if snap.turn["kind"] == "finished":
                break
            results = _race(services, match_id, snap.seq, [(0, "pick 1"), (1, "pick 2")])
            stale = [r for r in results if isinstance(r, StaleSequence)]
            assert len(stale) == 1, results
            winner = next(r for r in results if not isinstance(r, StaleSequence))
            assert stale[0].snapshot is not None and stale[0].snapshot.seq == winner.seq  # type: ignore[union-attr]
            # the loser acts again on the fresh state
            loser = results.index(stale[0])
            fresh = stale[0].snapshot
            services[loser].act(match_id, loser, "pick 3", fresh.seq)
            rounds += 1
        assert rounds == 9
        events = stores[0].repository.events(match_id)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert len(events) == 9 * 3  # two picks and one sampled die per round, nothing doubled
        assert services[0].snapshot(match_id) == services[1].snapshot(match_id)
    finally:
        for s in stores:
            s.close()


def test_threads_on_one_service_race_exactly_one_wins(sql_url: str) -> None:
    store = open_store(sql_url)
    try:
        service = make_service(store.repository)
        match_id = service.create("toy-deal", ["A", "B"], mode="table").match_id
        snap = service.snapshot(match_id)
        assert snap.turn["kind"] == "chance"
        results: list[object] = [None, None]
        barrier = threading.Barrier(2)

        def enter(i: int) -> None:
            barrier.wait()
            try:
                results[i] = service.enter_outcome(match_id, str(i + 1), 0)
            except StaleSequence as error:
                results[i] = error

        threads = [threading.Thread(target=enter, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(isinstance(r, StaleSequence) for r in results) == 1
        assert [e.seq for e in store.repository.events(match_id)] == [1]
    finally:
        store.close()
