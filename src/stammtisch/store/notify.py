"""Fan-out between workers through PostgreSQL ``LISTEN/NOTIFY``.

``PostgresNotifier.publish(match_id, seq)`` sends ``NOTIFY stammtisch_matches, '<match_id>:<seq>'``;
every worker runs one ``listen(callback)`` thread that hands each notification to its in-process
fan-out (the web layer's notifier), the publishing worker included. Notifications are hints, not
data: a receiver reads the log from the database, so a lost or duplicated one only delays or
repeats a refresh. SQLite needs none of this (one process, in-memory fan-out).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable

import psycopg
from sqlalchemy import make_url

CHANNEL = "stammtisch_matches"
_CHANNEL_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")

_log = logging.getLogger(__name__)


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://…``) as a libpq connection URI."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresNotifier:
    """``matches.Notifier`` over ``NOTIFY``, plus ``listen`` for the receiving side."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        if not _CHANNEL_NAME.match(channel):
            raise ValueError(f"invalid channel name {channel!r}")
        self.conninfo = libpq_url(url)
        self.channel = channel
        self._lock = threading.Lock()
        self._connection: psycopg.Connection | None = None

    def publish(self, match_id: str, seq: int) -> None:
        with self._lock:
            for attempt in (1, 2):  # one reconnect if the server closed an idle connection
                try:
                    if self._connection is None or self._connection.closed:
                        self._connection = psycopg.connect(self.conninfo, autocommit=True)
                    self._connection.execute("SELECT pg_notify(%s, %s)", (self.channel, f"{match_id}:{seq}"))
                    return
                except psycopg.OperationalError:
                    self._connection = None
                    if attempt == 2:
                        raise

    def listen(self, callback: Callable[[str, int], None]) -> Listener:
        """Start a daemon thread calling ``callback(match_id, seq)`` for every notification."""
        listener = Listener(self.conninfo, self.channel, callback)
        listener.start()
        return listener

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None


class Listener:
    """A background ``LISTEN``; ``ready`` is set once listening, ``stop()`` ends it."""

    def __init__(self, conninfo: str, channel: str, callback: Callable[[str, int], None]) -> None:
        self.conninfo = conninfo
        self.channel = channel
        self.callback = callback
        self.ready = threading.Event()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"listen-{channel}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stopped.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f'LISTEN "{self.channel}"')
                    self.ready.set()
                    while not self._stopped.is_set():
                        for notify in connection.notifies(timeout=0.5):
                            self._deliver(notify.payload)
            except psycopg.OperationalError:
                _log.warning("LISTEN %s lost its connection; reconnecting", self.channel)
                self._stopped.wait(1.0)

    def _deliver(self, payload: str) -> None:
        match_id, _, seq = payload.rpartition(":")
        try:
            self.callback(match_id, int(seq))
        except Exception:  # one failing subscriber must not stop the fan-out
            _log.exception("notification callback failed for %s", payload)
