"""Live updates: tell every open page of a match that it changed.

One process fans out in memory: each open event stream subscribes to its match and gets a small
queue; a successful write publishes the match's new sequence number to every subscriber. Events
carry no game data, only "match X is now at seq N": a page re-fetches its fragment, so what it
shows is always rendered from a fresh snapshot and never from the event itself.

Seam for several workers: ``Notifier`` is all the routes know. A PostgreSQL ``LISTEN/NOTIFY``
notifier would ``NOTIFY`` on publish and, in each worker, call ``Broadcaster.publish`` for every
notification it receives; the routes and the event stream stay as they are.
"""

from __future__ import annotations

import asyncio
import threading
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol

#: Pending notices per subscriber; a slow page only needs the newest one, so older ones are dropped.
QUEUE_SIZE = 8


@dataclass(frozen=True, slots=True)
class MatchChanged:
    match_id: str
    seq: int


class Notifier(Protocol):
    """What a route calls after a successful write."""

    def publish(self, match_id: str, seq: int) -> None: ...


@dataclass(eq=False, slots=True)
class _Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[MatchChanged]


class Broadcaster:
    """In-memory fan-out within one process. ``publish`` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[_Subscriber]] = defaultdict(set)
        self._latest: dict[str, int] = {}
        self.closed = False

    @asynccontextmanager
    async def subscribe(self, match_id: str) -> AsyncIterator[asyncio.Queue[MatchChanged]]:
        """A queue of notices for ``match_id``, removed again when the block exits (disconnects too)."""
        subscriber = _Subscriber(asyncio.get_running_loop(), asyncio.Queue(QUEUE_SIZE))
        with self._lock:
            self._subscribers[match_id].add(subscriber)
        try:
            yield subscriber.queue
        finally:
            with self._lock:
                subscribers = self._subscribers.get(match_id)
                if subscribers is not None:
                    subscribers.discard(subscriber)
                    if not subscribers:
                        del self._subscribers[match_id]
                        self._latest.pop(match_id, None)

    def publish(self, match_id: str, seq: int) -> None:
        """Notify every subscriber of ``match_id`` that it is now at ``seq``."""
        notice = MatchChanged(match_id, seq)
        with self._lock:
            subscribers = tuple(self._subscribers.get(match_id, ()))
            if not subscribers or self._latest.get(match_id, -1) >= seq:
                return  # nobody listens, or this change was announced already (route and service both publish)
            self._latest[match_id] = seq
        for subscriber in subscribers:
            try:
                subscriber.loop.call_soon_threadsafe(_offer, subscriber.queue, notice)
            except RuntimeError:  # the subscriber's loop has closed; its finally-block cleans up
                pass

    def close(self) -> None:
        """Ask every open stream to end (server shutdown)."""
        self.closed = True

    def subscriber_count(self, match_id: str | None = None) -> int:
        """Open subscriptions (for one match, or all): lets tests prove nothing leaks."""
        with self._lock:
            if match_id is not None:
                return len(self._subscribers.get(match_id, ()))
            return sum(len(s) for s in self._subscribers.values())


def _offer(queue: asyncio.Queue[MatchChanged], notice: MatchChanged) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(notice)
