"""Several workers, one app: live updates cross process and host boundaries through PostgreSQL.

Within one process the ``Broadcaster`` tells open pages that a match changed. With several workers
on one PostgreSQL database (``uvicorn --workers N``, or several hosts), a write reaches the pages
held open by *other* workers like this:

* the service publishes to ``LocalAndRemote``: first the worker's own broadcaster (no round trip
  for the pages it serves), then ``NOTIFY`` (``store.notify.PostgresNotifier``);
* every worker runs one ``LISTEN`` thread (``PostgresFanout.start`` in the app's lifespan) that
  passes each notification to its broadcaster. The writing worker hears its own ``NOTIFY`` too;
  the broadcaster drops that repeat (same seq), so a page never gets a notice twice.

Notifications are hints, not data: a page re-fetches its board and the service reads the events
it has not folded yet from the database, so a lost notice (the listener reconnecting) only delays
a refresh until the event stream's next reconnect, which starts with the current seq.
SQLite needs none of this (one process; see ``app.create_app``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError

from stammtisch.matches.notifier import Notifier
from stammtisch.store.notify import CHANNEL, Listener, PostgresNotifier
from stammtisch.web.live import Broadcaster

_log = logging.getLogger(__name__)

#: Seconds a starting worker waits for its ``LISTEN`` before serving anyway (the listener keeps retrying).
READY_SECONDS = 10.0


def is_postgres(url: str) -> bool:
    """Whether a SQLAlchemy URL names a PostgreSQL database (any driver). An unreadable URL is not:
    opening the store reports it to the user."""
    try:
        return make_url(url).get_backend_name() == "postgresql"
    except ArgumentError:
        return False


@dataclass(frozen=True, slots=True)
class LocalAndRemote:
    """The service's notifier with several workers: this worker's pages first, then the others'.
    A failing ``NOTIFY`` raises after the local notice went out; the service logs it, the write stands."""

    local: Notifier
    remote: Notifier

    def publish(self, match_id: str, seq: int) -> None:
        self.local.publish(match_id, seq)
        self.remote.publish(match_id, seq)


class PostgresFanout:
    """One worker's share of the fan-out: ``NOTIFY`` on publish, a ``LISTEN`` thread into ``broadcaster``."""

    def __init__(self, url: str, broadcaster: Broadcaster, channel: str = CHANNEL) -> None:
        self.broadcaster = broadcaster
        self.remote = PostgresNotifier(url, channel)
        self.notifier = LocalAndRemote(broadcaster, self.remote)
        self.listener: Listener | None = None
        #: Brings this worker's memory of a match up to a notice's seq before the pages hear of it
        #: (``MatchService.refresh``; set once the service exists).
        self.refresh: Callable[[str, int], None] | None = None

    async def start(self) -> None:
        """Start listening and wait (without blocking the event loop) until ``LISTEN`` is in place, so a
        worker that serves requests already hears the others."""
        if self.listener is not None:
            return
        # The listener thread calls ``Broadcaster.publish`` directly: it is the thread-safe hand-off
        # (it queues each notice with ``call_soon_threadsafe`` on the loop of every subscribed stream),
        # so no notice is ever handed to a loop that has already stopped.
        self.listener = self.remote.listen(self._heard)
        if not await asyncio.to_thread(self.listener.ready.wait, READY_SECONDS):
            _log.warning(
                "LISTEN %s not ready after %s s; live updates from other workers may lag",
                self.remote.channel,
                READY_SECONDS,
            )

    def _heard(self, match_id: str, seq: int) -> None:
        """A notice (on the listener thread): memory first, so the boards the pages then fetch and the
        next submissions are answered without reading the log again; then the pages."""
        if self.refresh is not None:
            try:
                self.refresh(match_id, seq)
            except Exception:  # the pages must hear of the write anyway; a request reads the log itself
                _log.exception("refreshing match %s after a notice failed", match_id)
        self.broadcaster.publish(match_id, seq)

    async def stop(self) -> None:
        """Stop listening and close the ``NOTIFY`` connection (joins the thread off the event loop)."""
        listener, self.listener = self.listener, None
        if listener is not None:
            await asyncio.to_thread(listener.stop)
        await asyncio.to_thread(self.remote.close)
