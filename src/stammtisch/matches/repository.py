"""Where match records and logs live: the repository protocol and an in-memory implementation.

A repository only stores; it knows no rules. ``append`` is the one write of a running match and
the seat of optimistic concurrency: it is atomic and refuses, with ``SequenceConflict``, any
event whose ``(match_id, seq)`` exists already, so of two racing submissions exactly one wins.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from stammtisch.matches.errors import MatchNotFound, SequenceConflict
from stammtisch.matches.events import Event, MatchRecord


@runtime_checkable
class MatchRepository(Protocol):
    def create(self, record: MatchRecord) -> None:
        """Store a new match (no events yet)."""
        ...

    def get(self, match_id: str) -> MatchRecord:
        """The record of ``match_id``; ``MatchNotFound`` if there is none."""
        ...

    def list_matches(self, limit: int, game: str | None = None) -> list[MatchRecord]:
        """The newest ``limit`` matches (of ``game``), newest first."""
        ...

    def events(self, match_id: str, after_seq: int = 0) -> list[Event]:
        """The events with ``seq > after_seq`` in order; ``MatchNotFound`` for an unknown match."""
        ...

    def append(self, match_id: str, events: Sequence[Event]) -> None:
        """Append ``events`` (dense seqs continuing the log) all at once or not at all;
        ``SequenceConflict`` if any of their seqs is taken."""
        ...


def check_batch(match_id: str, last_seq: int, events: Sequence[Event]) -> None:
    """The shared preconditions of ``append``: a taken seq is a conflict (someone was faster);
    a gap, a foreign match id or an empty batch is a programming error."""
    if not events:
        raise ValueError("append needs at least one event")
    if any(event.match_id != match_id for event in events):
        raise ValueError("every appended event must belong to the match it is appended to")
    first = events[0].seq
    if [event.seq for event in events] != list(range(first, first + len(events))):
        raise ValueError("appended sequence numbers must be dense and ascending")
    if first <= last_seq:
        raise SequenceConflict(match_id, first)
    if first != last_seq + 1:
        raise ValueError(f"match {match_id}: appending seq {first} after {last_seq} would leave a gap")


class InMemoryRepository:
    """A repository in a dict, for tests and simulations. Thread-safe."""

    def __init__(self) -> None:
        self._records: dict[str, MatchRecord] = {}
        self._events: dict[str, list[Event]] = {}
        self._lock = threading.Lock()

    def create(self, record: MatchRecord) -> None:
        with self._lock:
            if record.match_id in self._records:
                raise ValueError(f"match {record.match_id} exists already")
            self._records[record.match_id] = record
            self._events[record.match_id] = []

    def get(self, match_id: str) -> MatchRecord:
        with self._lock:
            try:
                return self._records[match_id]
            except KeyError:
                raise MatchNotFound(match_id) from None

    def list_matches(self, limit: int, game: str | None = None) -> list[MatchRecord]:
        with self._lock:
            records = [r for r in self._records.values() if game is None or r.game == game]
        records.sort(key=lambda r: (r.created_at, r.match_id), reverse=True)
        return records[: max(limit, 0)]

    def events(self, match_id: str, after_seq: int = 0) -> list[Event]:
        with self._lock:
            try:
                log = self._events[match_id]
            except KeyError:
                raise MatchNotFound(match_id) from None
            # seq is dense and 1-based, so the events after ``after_seq`` start at index after_seq.
            return log[max(after_seq, 0) :]

    def append(self, match_id: str, events: Sequence[Event]) -> None:
        with self._lock:
            try:
                log = self._events[match_id]
            except KeyError:
                raise MatchNotFound(match_id) from None
            check_batch(match_id, len(log), events)
            log.extend(events)

    def delete_matches(self, match_ids: Sequence[str]) -> None:
        """Forget these matches and their logs (a deleted tournament's score sheets, PT-9); unknown ids
        are ignored. Not part of ``MatchRepository``: SQL stores delete them with the tournament."""
        with self._lock:
            for match_id in match_ids:
                self._records.pop(match_id, None)
                self._events.pop(match_id, None)
