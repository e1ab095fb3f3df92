"""Live updates: tell every open page of a match that it changed.

One process fans out in memory: each open event stream subscribes to its match and gets a small
queue; a successful write publishes the match's new sequence number to every subscriber. Events
carry no game data, only "match X is now at seq N": a page re-fetches its fragment, so what it
shows is always rendered from a fresh snapshot and never from the event itself.

Seam for several workers: ``Notifier`` is all the routes know. A PostgreSQL ``LISTEN/NOTIFY``
notifier would ``NOTIFY`` on publish and, in each worker, call ``Broadcaster.publish`` for every
notification it receives; the routes and the event stream stay as they are.

``StreamLimits`` caps the streams one client holds open at once (8 by default, issue 10.5); whose cap
a stream counts against is ``stream_owner``'s answer (a member, a seat, else an address; issue 31).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import defaultdict
from collections.abc import AsyncIterator, Mapping
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


# --- how many streams one client may hold open ---------------------------------------------------

STREAMS_VARIABLE = "STAMMTISCH_MAX_STREAMS_PER_CLIENT"
#: A phone at the table has one or two pages open; eight leaves room for tabs and a laptop's windows.
DEFAULT_STREAMS_PER_CLIENT = 8


def streams_per_client(env: Mapping[str, str] | None = None) -> int:
    """``STAMMTISCH_MAX_STREAMS_PER_CLIENT`` (a whole number; 0: no cap), else 8."""
    env = os.environ if env is None else env
    given = env.get(STREAMS_VARIABLE, "").strip()
    if not given:
        return DEFAULT_STREAMS_PER_CLIENT
    if not given.isdigit():
        raise ValueError(
            f"{STREAMS_VARIABLE} muss eine ganze Zahl sein (0: keine Grenze), nicht {given!r}. / "
            f"{STREAMS_VARIABLE} must be a whole number (0: no cap), not {given!r}."
        )
    return int(given)


class StreamSlot:
    """One open stream's place under its client's cap; ``release`` may be called more than once."""

    def __init__(self, limits: StreamLimits, key: str) -> None:
        self._limits = limits
        self.key = key
        self._released = False

    def release(self) -> None:
        if not self._released:
            self._released = True
            self._limits._release(self.key)


def stream_owner(member_id: int | None, seat: tuple[str, int] | None, address: str | None) -> str:
    """Whose cap a stream counts against: something the client cannot renew at will (issue 31). A browser
    cookie would not do: a fresh CSRF cookie per stream bypassed the cap. So: the signed-in member (all her
    devices together), else the seat of a seat link (a match and seat number, checked by the server), else
    the client's address (behind a proxy, serve with ``--proxy-headers`` so it is the phone's own)."""
    if member_id is not None:
        return f"member:{member_id}"
    if seat is not None:
        return f"seat:{seat[0]}:{seat[1]}"
    return f"ip:{address or 'unknown'}"


class StreamLimits:
    """At most ``cap`` live-update streams open per client at once (issue 10.5); a client is what
    ``stream_owner`` names. The stream that would go over the cap is refused (the open pages keep
    theirs: refusing the oldest instead would make two tabs push each other out on every reconnect).
    A browser needs one stream per match however many tabs show it (``static/live-hub.js``)."""

    def __init__(self, cap: int | None = None) -> None:
        self.cap = streams_per_client() if cap is None else cap
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str) -> StreamSlot | None:
        """A slot for one more stream of ``key``, or None when it has ``cap`` open already."""
        with self._lock:
            count = self._open.get(key, 0)
            if self.cap and count >= self.cap:
                return None
            self._open[key] = count + 1
        return StreamSlot(self, key)

    def _release(self, key: str) -> None:
        with self._lock:
            count = self._open.get(key, 0) - 1
            if count > 0:
                self._open[key] = count
            else:
                self._open.pop(key, None)

    def open_streams(self, key: str | None = None) -> int:
        with self._lock:
            return self._open.get(key, 0) if key is not None else sum(self._open.values())
