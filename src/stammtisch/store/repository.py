"""``MatchRepository`` on SQL (SQLite or PostgreSQL).

``append`` runs in one transaction: it moves ``matches.last_seq`` from the seq the batch continues
(a compare-and-set that also serializes racing writers on the match's row) and inserts the events;
the primary key ``(match_id, seq)`` backs it up. Either failure is a ``SequenceConflict``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, and_, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from stammtisch.core.text import Text
from stammtisch.matches.errors import MatchNotFound, SequenceConflict
from stammtisch.matches.events import Event, MatchRecord
from stammtisch.store.errors import StoreError
from stammtisch.store.tables import match_events, matches
from stammtisch.store.write_lock import serialized_writes

_EVENT_COLUMNS = (
    match_events.c.match_id,
    match_events.c.seq,
    match_events.c.kind,
    match_events.c.seat,
    match_events.c.payload,
    match_events.c.actor,
    match_events.c.at,
    match_events.c.batch,
    match_events.c.correlation_id,
    match_events.c.reason,
)

#: The events of a match after a seq, with one row (of NULL event columns) when there are none and no
#: row at all when the match does not exist. Built once (speed only).
_EVENTS_AFTER = (
    select(matches.c.match_id.label("known"), *_EVENT_COLUMNS)
    .select_from(
        matches.outerjoin(
            match_events,
            and_(match_events.c.match_id == matches.c.match_id, match_events.c.seq > bindparam("after_seq")),
        )
    )
    .where(matches.c.match_id == bindparam("match_id"))
    .order_by(match_events.c.seq)
)

#: The compare-and-set of ``append`` and its insert, built once (speed only).
_MOVE_LAST_SEQ = (
    update(matches)
    .where(matches.c.match_id == bindparam("moving"), matches.c.last_seq == bindparam("expected"))
    .values(last_seq=bindparam("moved_to"))
)
_INSERT_EVENTS = insert(match_events)


@contextmanager
def _available() -> Iterator[None]:
    """A database that went away (server down, file locked for too long) is a ``StoreError``
    people can read, not a driver traceback."""
    try:
        yield
    except OperationalError as error:
        raise StoreError(
            "store/unavailable",
            Text(
                "Die Datenbank ist gerade nicht erreichbar oder belegt. Bitte gleich noch einmal versuchen.",
                "The database is unavailable or busy right now. Please try again in a moment.",
            ),
            str(error.orig or error),
        ) from None


def _record(row: Any) -> MatchRecord:
    return MatchRecord(
        match_id=row.match_id,
        game=row.game,
        rules_version=row.rules_version,
        options=dict(row.options),
        setup=dict(row.setup),
        players=list(row.players),
        mode=row.mode,
        title=row.title,
        created_at=row.created_at,
    )


class SqlMatchRepository:
    """Matches in the ``matches`` and ``match_events`` tables."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: Single-statement reads on a database server run without a transaction: each one is consistent on
        #: its own, and the BEGIN and ROLLBACK around it were a round trip per read (the log check before
        #: every snapshot; bench/hammer.py). SQLite reads stay as they are (no round trips to save).
        self._reads = (
            engine.execution_options(isolation_level="AUTOCOMMIT") if engine.dialect.name != "sqlite" else engine
        )

    def create(self, record: MatchRecord) -> None:
        try:
            with _available(), self.engine.begin() as connection:
                connection.execute(
                    insert(matches).values(
                        match_id=record.match_id,
                        game=record.game,
                        rules_version=record.rules_version,
                        options=record.options,
                        setup=record.setup,
                        players=list(record.players),
                        mode=record.mode,
                        title=record.title,
                        created_at=record.created_at,
                        last_seq=0,
                    )
                )
        except IntegrityError as error:
            raise ValueError(f"match {record.match_id} exists already") from error

    def get(self, match_id: str) -> MatchRecord:
        with _available(), self._reads.connect() as connection:
            row = connection.execute(select(matches).where(matches.c.match_id == match_id)).first()
        if row is None:
            raise MatchNotFound(match_id)
        return _record(row)

    def list_matches(self, limit: int, game: str | None = None) -> list[MatchRecord]:
        query = select(matches).order_by(matches.c.created_at.desc(), matches.c.match_id.desc()).limit(max(limit, 0))
        if game is not None:
            query = query.where(matches.c.game == game)
        with _available(), self._reads.connect() as connection:
            return [_record(row) for row in connection.execute(query)]

    def last_seq(self, match_id: str) -> int:
        with _available(), self._reads.connect() as connection:
            value = connection.execute(select(matches.c.last_seq).where(matches.c.match_id == match_id)).scalar()
        if value is None:
            raise MatchNotFound(match_id)
        return int(value)

    def events(self, match_id: str, after_seq: int = 0) -> list[Event]:
        # One query answers both "which events are new" and "does the match exist" (the usual answer of
        # the service's cache check is "nothing new", which used to take a second query; bench/hammer.py).
        with _available(), self._reads.connect() as connection:
            rows = connection.execute(_EVENTS_AFTER, {"match_id": match_id, "after_seq": after_seq}).all()
        if not rows:
            raise MatchNotFound(match_id)
        return [Event(*row[1:]) for row in rows if row.seq is not None]

    def append(self, match_id: str, events: Sequence[Event]) -> None:
        if not events:
            raise ValueError("append needs at least one event")
        if any(event.match_id != match_id for event in events):
            raise ValueError("every appended event must belong to the match it is appended to")
        first, last = events[0].seq, events[-1].seq
        if [event.seq for event in events] != list(range(first, last + 1)):
            raise ValueError("appended sequence numbers must be dense and ascending")
        rows = [
            {
                "match_id": e.match_id,
                "seq": e.seq,
                "kind": e.kind,
                "seat": e.seat,
                "payload": e.payload,
                "actor": e.actor,
                "at": e.at,
                "batch": e.batch,
                "correlation_id": e.correlation_id,
                "reason": e.reason,
            }
            for e in events
        ]
        try:
            with _available(), serialized_writes(self.engine), self.engine.begin() as connection:
                moved = connection.execute(
                    _MOVE_LAST_SEQ, {"moving": match_id, "expected": first - 1, "moved_to": last}
                ).rowcount
                if moved == 1:
                    connection.execute(_INSERT_EVENTS, rows)
        except IntegrityError:
            raise SequenceConflict(match_id, first) from None
        if moved != 1:
            current = self.last_seq(match_id)  # raises MatchNotFound
            if first <= current:
                raise SequenceConflict(match_id, first)
            raise ValueError(f"match {match_id}: appending seq {first} after {current} would leave a gap")
