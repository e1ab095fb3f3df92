"""One writer at a time per SQLite database in this process, in a thread of its own.

SQLite lets one connection write at a time; a second one waits in SQLite's busy handler, which sleeps
1, 2, 5, 10 … up to 100 ms between attempts. With the web server's threads writing to different matches
at once those sleeps were the long tail of a write under load (bench/hammer.py). A lock in the process
hands the file to the next writer the moment the last one commits; other processes (a second worker,
the CLI) are still kept apart by SQLite itself. PostgreSQL needs nothing of this.

``SingleWriter`` runs a SQLite file's match writes (``web.write_gate``) without ever letting the event
loop wait for a lock. A write is first tried on the loop itself, where it is a local file operation of
about a millisecond and needs no thread hand-over (bench/hammer.py: two thirds more writes per second
than in worker threads), but it may not wait there: the process's write lock is only tried, and
SQLite's busy wait is one millisecond. If another writer has the file (another process: a CLI booking,
a backup, a second server; or a write of this process already waiting for one), the write is rolled
back untouched and handed to one writer thread, which waits for the lock while the loop serves every
other page (issue 29: such a wait used to stall all pages, reads included, for up to five seconds).
A write that queued in that thread gets only what is left of the busy timeout for SQLite's own wait
(``bound_busy_waits``), so a request behind a stuck lock is answered "busy" within the same bound as
the first one, not one bound per write ahead of it.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy import Connection, Engine, event

T = TypeVar("T")

_locks: WeakKeyDictionary[Engine, threading.Lock] = WeakKeyDictionary()
_guard = threading.Lock()
#: What is left of the busy wait (milliseconds) for the write the current thread runs; None: all of it.
_budget = threading.local()
#: The busy wait of each SQLite file engine (``bound_busy_waits``).
_busy_ms: WeakKeyDictionary[Engine, int] = WeakKeyDictionary()
DEFAULT_WAIT_MS = 5_000
#: A queued write shorter than this keeps the whole busy wait (no extra PRAGMA per ordinary write).
QUEUE_SLACK_MS = 50
#: SQLite's busy wait for the event loop's try: none to speak of.
NO_WAIT_MS = 1


def _busy(error: BaseException) -> bool:
    """The store's "busy" answer (``store.database.StoreUnavailable`` for a locked file)."""
    detail = str(getattr(error, "detail", "")).lower()
    return getattr(error, "code", None) == "store/unavailable" and "locked" in detail


class WouldWait(Exception):
    """A write tried on the event loop found the file's write lock taken (``SingleWriter``)."""


def serialized_writes(engine: Engine) -> AbstractContextManager[object]:
    """Hold this around a write transaction on ``engine`` (a no-op on a database server). On the event
    loop's try (``SingleWriter.run``) the lock is only tried: ``WouldWait`` when another thread has it."""
    if engine.dialect.name != "sqlite":
        return nullcontext()
    lock = _locks.get(engine)
    if lock is None:
        with _guard:
            lock = _locks.setdefault(engine, threading.Lock())
    return _tried(lock) if getattr(_budget, "no_wait", False) else lock


@contextmanager
def _tried(lock: threading.Lock) -> Iterator[None]:
    if not lock.acquire(blocking=False):
        raise WouldWait()
    try:
        yield
    finally:
        lock.release()


def bound_busy_waits(engine: Engine, busy_timeout_ms: int) -> None:
    """Connections of ``engine`` (a SQLite file) handed to a write that queued get the rest of the busy
    wait (the loop's try: none), all others ``busy_timeout_ms``; the wait is set only when it differs
    from what the connection has (``record.info["busy_ms"]``)."""
    _busy_ms[engine] = busy_timeout_ms

    @event.listens_for(engine, "checkout")
    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        left = getattr(_budget, "ms", None)
        wanted = busy_timeout_ms if left is None else max(1, int(left))
        if record.info.get("busy_ms", busy_timeout_ms) != wanted:  # the pool is LIFO: seldom
            dbapi_connection.execute(f"PRAGMA busy_timeout = {wanted}")
            record.info["busy_ms"] = wanted
        if getattr(_budget, "no_wait", False):
            record.info["changes"] = dbapi_connection.total_changes

    # Whether the loop's try wrote anything before it found the file taken: rows changed while it held a
    # connection (a pool event; an engine "commit" listener would slow every statement of the engine).
    @event.listens_for(engine, "checkin")
    def checkin(dbapi_connection: Any, record: Any) -> None:
        before = record.info.pop("changes", None)
        if before is not None and dbapi_connection is not None and dbapi_connection.total_changes > before:
            _budget.committed = True


def set_busy_wait(connection: Connection, ms: int) -> None:
    """A longer (or shorter) busy wait for this checked-out connection only (e.g. a migration waiting
    for another worker's); the next checkout gives it the wait it needs again."""
    connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(ms)}")
    connection.info["busy_ms"] = int(ms)


class SingleWriter:
    """One thread running a SQLite file's writes in the order they come (``web.write_gate``)."""

    def __init__(self, busy_timeout_ms: int) -> None:
        self.busy_timeout_ms = busy_timeout_ms
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stammtisch-writer")

    async def run(self, call: Callable[[], T]) -> T:
        """``call()`` on the loop if the file is free at once, else in the writer thread (the loop
        serves other requests meanwhile). ``call`` must write in one transaction: a try that found the
        file taken was rolled back before anything was written, and runs again in the thread."""
        queued = time.monotonic()
        _budget.ms, _budget.no_wait, _budget.committed = NO_WAIT_MS, True, False
        try:
            return call()
        except WouldWait:
            pass
        except Exception as error:
            if not _busy(error) or _budget.committed:
                raise  # a part was written already: running it again could write it twice
        finally:
            _budget.ms, _budget.no_wait = None, False
        # The request's context goes along: the events' actor and correlation id (M-11) are bound there.
        context = contextvars.copy_context()
        return await asyncio.wrap_future(self._executor.submit(context.run, self._within_bound, queued, call))

    def _within_bound(self, queued: float, call: Callable[[], T]) -> T:
        waited_ms = (time.monotonic() - queued) * 1000
        if waited_ms <= QUEUE_SLACK_MS:
            return call()
        left = self.busy_timeout_ms - waited_ms
        if left <= 0:
            from stammtisch.store.database import StoreUnavailable  # the database module imports this one

            raise StoreUnavailable(f"queued {waited_ms:.0f} ms behind a write that waited for the file's lock")
        _budget.ms = left
        try:
            return call()
        finally:
            _budget.ms = None

    def close(self) -> None:
        self._executor.shutdown(wait=False)


_writers: WeakKeyDictionary[Engine, SingleWriter] = WeakKeyDictionary()


def single_writer(engine: Engine) -> SingleWriter:
    """The writer thread of ``engine`` (made on first use; it ends when the engine is gone)."""
    writer = _writers.get(engine)
    if writer is None:
        with _guard:
            writer = _writers.get(engine)
            if writer is None:
                writer = _writers[engine] = SingleWriter(_busy_ms.get(engine, DEFAULT_WAIT_MS))
                weakref.finalize(engine, writer.close)
    return writer
