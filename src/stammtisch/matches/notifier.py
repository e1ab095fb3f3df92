"""Telling others that a match moved on: the service publishes ``(match_id, seq)`` after every
successful append. One process fans out in memory (the web layer's notifier); several workers
fan out through PostgreSQL ``LISTEN/NOTIFY`` (``store.notify``)."""

from __future__ import annotations

from typing import Protocol


class Notifier(Protocol):
    def publish(self, match_id: str, seq: int) -> None:
        """``match_id``'s log now ends at ``seq``. Must not block for long; failures are logged
        by the service and never undo the write."""
        ...


class NullNotifier:
    """Publishes nowhere."""

    def publish(self, match_id: str, seq: int) -> None:
        return None
