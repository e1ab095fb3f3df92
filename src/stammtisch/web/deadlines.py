"""The digital table's clocks in the web process (D-1, D-2; use case ``matches.tables``).

One background task per open decision, keyed by match and the decision's key (``Deadline``):
``schedule`` is called after every write and every page load, and starts a task only if none runs
for that decision in this process (so a restarted server picks the clock up again at the next page
load). When it fires, the table submits the game's ``timeout_action`` for the seats still due; if
the decision closed meanwhile, nothing happens.

``ManualDeadlines`` has the same interface for tests: time is driven explicitly with ``fire``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable, Hashable
from typing import Protocol

from starlette.concurrency import run_in_threadpool

from stammtisch.matches.tables import Deadline, DigitalTable

_log = logging.getLogger(__name__)

#: Called with the match id after a deadline changed the match.
Expired = Callable[[str], None]
Slot = tuple[str, Hashable]


class Deadlines(Protocol):
    def schedule(self, deadline: Deadline, done: Expired) -> None:
        """Let ``deadline`` run out after its seconds; then call ``done(match_id)`` if it changed the match."""
        ...

    def remaining(self, match_id: str) -> int | None:
        """Whole seconds left on the running clock of ``match_id`` (None: none runs in this process)."""
        ...


def _left(ends: dict[Slot, float], match_id: str, now: float) -> int | None:
    """The seconds left of the latest clock of ``match_id`` (rounded up: "1 s" until it runs out)."""
    left = [end - now for (match, _), end in ends.items() if match == match_id and end > now]
    return math.ceil(min(left)) if left else None


class AsyncioDeadlines:
    """Deadlines as asyncio tasks on the server's event loop."""

    def __init__(self, table: DigitalTable, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.table = table
        self.sleep = sleep
        self._tasks: dict[Slot, asyncio.Task[None]] = {}
        #: When each running clock runs out (monotonic time): the pages count down from it.
        self._ends: dict[Slot, float] = {}

    def schedule(self, deadline: Deadline, done: Expired) -> None:
        slot = (deadline.match_id, deadline.key)
        running = self._tasks.get(slot)
        if running is not None and not running.done():
            return
        for other in [s for s, task in self._tasks.items() if task.done()]:
            del self._tasks[other]
            self._ends.pop(other, None)
        self._ends[slot] = time.monotonic() + deadline.seconds
        self._tasks[slot] = asyncio.get_running_loop().create_task(self._run(deadline, done))

    async def _run(self, deadline: Deadline, done: Expired) -> None:
        await self.sleep(deadline.seconds)
        try:
            if await run_in_threadpool(self.table.expire, deadline.match_id, deadline.key):
                done(deadline.match_id)
        except Exception:  # a clock must never take the server down; the next page load reschedules
            _log.exception("the deadline of match %s failed", deadline.match_id)

    def pending(self) -> int:
        return sum(1 for task in self._tasks.values() if not task.done())

    def remaining(self, match_id: str) -> int | None:
        return _left(self._ends, match_id, time.monotonic())


class ManualDeadlines:
    """Deadlines for tests: nothing happens until ``fire`` (time driven explicitly)."""

    def __init__(self, table: DigitalTable) -> None:
        self.table = table
        self.scheduled: dict[Slot, tuple[int, Expired]] = {}

    def schedule(self, deadline: Deadline, done: Expired) -> None:
        self.scheduled.setdefault((deadline.match_id, deadline.key), (deadline.seconds, done))

    def remaining(self, match_id: str) -> int | None:
        """The whole length of a scheduled clock: time stands still until ``fire``."""
        left = [seconds for (match, _), (seconds, _) in self.scheduled.items() if match == match_id]
        return min(left) if left else None

    def fire(self, match_id: str | None = None) -> int:
        """Let every scheduled deadline (of ``match_id``) run out now; returns how many changed a match."""
        expired = 0
        for slot in list(self.scheduled):
            if match_id is not None and slot[0] != match_id:
                continue
            _, done = self.scheduled.pop(slot)
            if self.table.expire(*slot):
                done(slot[0])
                expired += 1
        return expired
