"""The collector pause of a replay (``service.paused_gc``) covers only the pure fold: while the
repository reads the log (which may wait on the database) the collector runs as usual, since the
pause holds for every thread of the process; while the events are folded it is paused; afterwards
it runs again."""

from __future__ import annotations

import gc
from typing import Any

from stammtisch.matches import InMemoryRepository
from stammtisch.matches.events import Event
from tests.matches.conftest import make_service
from tests.support.toy import State, Toy


class Watching(InMemoryRepository):
    """Records whether the collector ran during each read of a log."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[bool] = []

    def events(self, match_id: str, after_seq: int = 0) -> list[Event]:
        self.reads.append(gc.isenabled())
        return super().events(match_id, after_seq)


class WatchingToy(Toy):
    """Records whether the collector ran while each step was applied."""

    def __init__(self) -> None:
        self.applied: list[bool] = []

    def apply_action(self, state: State, seat: int, action: Any) -> State:
        self.applied.append(gc.isenabled())
        return super().apply_action(state, seat, action)


def test_only_the_fold_runs_with_the_collector_paused() -> None:
    assert gc.isenabled()
    repository = Watching()
    writer = make_service(repository, games={"toy": Toy()})
    snapshot = writer.create("toy", ["Anna", "Ben"], mode="table")
    writer.act(snapshot.match_id, 0, "pick 2", snapshot.seq)
    game = WatchingToy()
    repository.reads.clear()
    make_service(repository, games={"toy": game}).snapshot(snapshot.match_id)  # a cold replay
    assert repository.reads == [True]
    assert game.applied == [False]
    assert gc.isenabled()
