"""One write per match at a time in this process, and lost races answered from memory (M-1).

When several phones or scripts submit to the same match at once, all but one are based on a
sequence number that the first write is about to make stale. Without a gate each of them takes a
worker thread, waits for the store's write lock, tries its append, fails on the conditional insert
and reads the log back, only to answer 409: under contention (bench/hammer.py, 5 clients per
match) four of five requests paid for a whole write. Behind the gate the second submission waits
for the first on the event loop, then sees in memory that its sequence is gone and is answered
at once with the fresh snapshot (``MatchService.stale_in_memory``), without a thread or a read.

The store still decides every race (the conditional append): the gate only orders this process's
own writers, so several workers stay correct, each gating its own requests.

On a SQLite file the write goes through the file's ``store.write_lock.SingleWriter``
(``app.state.single_writer``): it runs on the event loop itself when the file is free at once (a local
file operation of about a millisecond, one writer at a time anyway, and no thread hand-over: on the
loop the hammer's write p95 fell from about 200 to about 140 ms and the writes per second rose by two
thirds), but it never waits there. When another process holds the file's write lock (a CLI booking,
a backup, a second server) the try is rolled back untouched and the write waits in the one writer
thread, so pages and reads go on meanwhile (issue 29: until then the loop waited with it, up to the
busy timeout, and every page stalled). PostgreSQL writes wait on the network and run in worker threads.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from stammtisch.matches.service import MatchService
from stammtisch.store.write_lock import SingleWriter, single_writer

T = TypeVar("T")


class WriteGate:
    """A lock per match that is being written to; a match's lock is dropped when nobody waits."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._holders: dict[str, int] = {}

    @asynccontextmanager
    async def turn(self, match_id: str) -> AsyncIterator[None]:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        self._holders[match_id] = self._holders.get(match_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            left = self._holders[match_id] - 1
            if left:
                self._holders[match_id] = left
            else:
                del self._holders[match_id], self._locks[match_id]

    def busy(self) -> int:
        """How many matches have a write running or waiting (for tests and diagnostics)."""
        return len(self._locks)


def gate_of(app: Any) -> WriteGate:
    gate: WriteGate | None = getattr(app.state, "write_gate", None)
    if gate is None:
        gate = app.state.write_gate = WriteGate()
    return gate


async def gated_write(
    app: Any,
    service: MatchService,
    match_id: str,
    call: Callable[[], T],
    *,
    seq: int | None = None,
    seat: int | None = None,
) -> T:
    """Run the blocking write ``call`` in a worker thread, after the writes to ``match_id`` already
    under way in this process. With ``seq`` (the sequence the submitter saw), a submission that one
    of those writes has made stale is refused from memory before any thread is used; without it
    (a step that may still count after a newer event, e.g. a secret vote) the write only waits."""
    async with gate_of(app).turn(match_id):
        if seq is not None:
            stale = service.stale_in_memory(match_id, seq, seat)
            if stale is not None:
                raise stale
        writer = _writer(app, service)
        if writer is not None:
            return await writer.run(call)
        return await run_in_threadpool(call)


def _writer(app: Any, service: MatchService) -> SingleWriter | None:
    if not getattr(app.state, "single_writer", False):
        return None
    engine = getattr(service.repository, "engine", None)
    return single_writer(engine) if engine is not None else None
