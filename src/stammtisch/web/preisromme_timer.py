"""The knock window's clock in the web process (R-4, RA-07; use case in ``matches.preisromme_table``).

One background task per open window, keyed by match and window: ``schedule`` is called after every
write and every page load, and starts a task only if none runs for that window in this process (so
a restarted server picks the clock up again at the next page load). When it fires, the table
submits ``pass`` for the seats that did not answer; if the window closed meanwhile, nothing happens.

``ManualTimers`` has the same interface for tests: time is driven explicitly with ``fire``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from starlette.concurrency import run_in_threadpool

from stammtisch.matches.preisromme_table import PreisrommeTable, WindowKey

_log = logging.getLogger(__name__)

Expired = Callable[[str], None]


class Timers(Protocol):
    def schedule(self, match_id: str, key: WindowKey, seconds: float, done: Expired) -> None:
        """Close window ``key`` of ``match_id`` after ``seconds``; then call ``done(match_id)``."""
        ...


class AsyncioTimers:
    """Timers as asyncio tasks on the server's event loop."""

    def __init__(self, table: PreisrommeTable, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.table = table
        self.sleep = sleep
        self._tasks: dict[tuple[str, WindowKey], asyncio.Task[None]] = {}

    def schedule(self, match_id: str, key: WindowKey, seconds: float, done: Expired) -> None:
        slot = (match_id, key)
        running = self._tasks.get(slot)
        if running is not None and not running.done():
            return
        for other in [s for s, task in self._tasks.items() if task.done()]:
            del self._tasks[other]
        self._tasks[slot] = asyncio.get_running_loop().create_task(self._run(match_id, key, seconds, done))

    async def _run(self, match_id: str, key: WindowKey, seconds: float, done: Expired) -> None:
        await self.sleep(seconds)
        try:
            if await run_in_threadpool(self.table.expire_window, match_id, key):
                done(match_id)
        except Exception:  # a timer must never take the server down; the next page load reschedules
            _log.exception("closing the knock window of match %s failed", match_id)

    def pending(self) -> int:
        return sum(1 for task in self._tasks.values() if not task.done())


class ManualTimers:
    """Timers for tests: nothing happens until ``fire`` (time driven explicitly)."""

    def __init__(self, table: PreisrommeTable) -> None:
        self.table = table
        self.scheduled: dict[tuple[str, WindowKey], tuple[float, Expired]] = {}

    def schedule(self, match_id: str, key: WindowKey, seconds: float, done: Expired) -> None:
        self.scheduled.setdefault((match_id, key), (seconds, done))

    def fire(self, match_id: str | None = None) -> int:
        """Let every scheduled window (of ``match_id``) run out now; returns how many closed."""
        closed = 0
        for slot in list(self.scheduled):
            if match_id is not None and slot[0] != match_id:
                continue
            _, done = self.scheduled.pop(slot)
            if self.table.expire_window(*slot):
                done(slot[0])
                closed += 1
        return closed
