"""One writer at a time per SQLite database in this process.

SQLite lets one connection write at a time; a second one waits in SQLite's busy handler, which sleeps
1, 2, 5, 10 … up to 100 ms between attempts. With the web server's threads writing to different matches
at once those sleeps were the long tail of a write under load (bench/hammer.py). A lock in the process
hands the file to the next writer the moment the last one commits; other processes (a second worker,
the CLI) are still kept apart by SQLite itself. PostgreSQL needs nothing of this.
"""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager, nullcontext
from weakref import WeakKeyDictionary

from sqlalchemy import Engine

_locks: WeakKeyDictionary[Engine, threading.Lock] = WeakKeyDictionary()
_guard = threading.Lock()


def serialized_writes(engine: Engine) -> AbstractContextManager[object]:
    """Hold this around a write transaction on ``engine`` (a no-op on a database server)."""
    if engine.dialect.name != "sqlite":
        return nullcontext()
    lock = _locks.get(engine)
    if lock is None:
        with _guard:
            lock = _locks.setdefault(engine, threading.Lock())
    return lock
