"""``MatchRepository`` on SQL (SQLite or PostgreSQL).

``append`` runs in one transaction: it moves ``matches.last_seq`` from the seq the batch continues
(a compare-and-set that also serializes racing writers on the match's row) and inserts the events;
the primary key ``(match_id, seq)`` backs it up. Either failure is a ``SequenceConflict``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, and_, bindparam, cast, insert, select, type_coerce, update
from sqlalchemy import Text as SqlText
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

from stammtisch.core.text import Text
from stammtisch.matches.errors import MatchNotFound, SequenceConflict
from stammtisch.matches.events import Event, MatchRecord
from stammtisch.matches.frozen import MatchFrozen
from stammtisch.matches.state_snapshots import StoredState
from stammtisch.store.errors import StoreError
from stammtisch.store.read_model_tables import match_facts, match_state_snapshots
from stammtisch.store.tables import EventPayload, match_events, matches
from stammtisch.store.write_lock import serialized_writes

#: Rows fetched per round trip when a log is read in full (a cold load): the client holds one batch of
#: raw rows at a time while the events are built.
EVENT_BATCH = 2_000


def _event_columns(payload: Any) -> tuple[Any, ...]:
    return (
        match_events.c.match_id,
        match_events.c.seq,
        match_events.c.kind,
        match_events.c.seat,
        payload,
        match_events.c.actor,
        match_events.c.at,
        match_events.c.batch,
        match_events.c.correlation_id,
        match_events.c.reason,
    )


def _events_after(payload: Any) -> Any:
    """The events of a match after a seq (one range scan of the primary key ``(match_id, seq)``), with one
    row (of NULL event columns) when there are none and no row at all when the match does not exist."""
    return (
        select(matches.c.match_id.label("known"), *_event_columns(payload))
        .select_from(
            matches.outerjoin(
                match_events,
                and_(match_events.c.match_id == matches.c.match_id, match_events.c.seq > bindparam("after_seq")),
            )
        )
        .where(matches.c.match_id == bindparam("match_id"))
        .order_by(match_events.c.seq)
    )


#: Built once (speed only). On a database server the payload is read as its JSON text
#: (``payload::text``) and decoded by ``EventPayload`` once per distinct text, its dict shared between
#: rows, as SQLite's is: the driver's own JSON decoding of every row was nine tenths of reading a long
#: log (100,000 events: 2.0 s of 2.2 s; as text 0.25 s).
_EVENTS_AFTER = _events_after(match_events.c.payload)
_EVENTS_AFTER_AS_TEXT = _events_after(type_coerce(cast(match_events.c.payload, SqlText), EventPayload).label("payload"))

#: The compare-and-set of ``append`` and its insert, built once (speed only).
_MOVE_LAST_SEQ = (
    update(matches)
    .where(
        matches.c.match_id == bindparam("moving"),
        matches.c.last_seq == bindparam("expected"),
        matches.c.frozen_by.is_(None),  # PT-9, KA-32: a frozen match takes no event (matches.frozen)
    )
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
        server = engine.dialect.name != "sqlite"
        self._reads = engine.execution_options(isolation_level="AUTOCOMMIT") if server else engine
        self._events_after = _EVENTS_AFTER_AS_TEXT if server else _EVENTS_AFTER

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

    def records(self, match_ids: Sequence[str]) -> dict[str, MatchRecord]:
        """The records of ``match_ids`` (those that exist) in one query (the season's figures ask for many)."""
        with _available(), self._reads.connect() as connection:
            rows = connection.execute(select(matches).where(matches.c.match_id.in_(list(match_ids)))).all()
        return {row.match_id: _record(row) for row in rows}

    def list_matches(self, limit: int, game: str | None = None) -> list[MatchRecord]:
        query = select(matches).order_by(matches.c.created_at.desc(), matches.c.match_id.desc()).limit(max(limit, 0))
        if game is not None:
            query = query.where(matches.c.game == game)
        with _available(), self._reads.connect() as connection:
            return [_record(row) for row in connection.execute(query)]

    def log_marks(self, game: str) -> dict[str, int]:
        """match id -> last seq of every match of ``game``, in one query: a reader that remembers what it
        read by seq (a skill book) finds the logs that grew without asking each match."""
        query = select(matches.c.match_id, matches.c.last_seq).where(matches.c.game == game)
        with _available(), self._reads.connect() as connection:
            return {row.match_id: int(row.last_seq) for row in connection.execute(query)}

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
            rows = connection.execute(self._events_after, {"match_id": match_id, "after_seq": after_seq}).all()
        if not rows:
            raise MatchNotFound(match_id)
        return [Event(*row[1:]) for row in rows if row.seq is not None]

    def stream_events(self, match_id: str, after_seq: int = 0) -> Iterator[list[Event]]:
        """The events after ``after_seq`` in batches of up to ``EVENT_BATCH``, from one range query (a
        server-side cursor on PostgreSQL, so the client never holds the whole log's rows); ``MatchNotFound``
        (before the first batch) for an unknown match. For long reads (a cold load); ``events`` answers the
        short "anything new?" with one round trip."""
        server = self.engine.dialect.name != "sqlite"
        # A server-side cursor lives in a transaction: the autocommit reads cannot hold one.
        source = self.engine if server else self._reads
        with _available(), source.connect() as connection:
            result = connection.execution_options(yield_per=EVENT_BATCH).execute(
                self._events_after, {"match_id": match_id, "after_seq": after_seq}
            )
            known = False
            for rows in result.partitions():
                known = True
                batch = [Event(*row[1:]) for row in rows if row.seq is not None]
                if batch:
                    yield batch
            if not known:
                raise MatchNotFound(match_id)

    # --- stored state snapshots (matches.state_snapshots) -----------------------------------------------
    def latest_snapshot(self, match_id: str, version: str, below: int) -> StoredState | None:
        query = (
            select(match_state_snapshots.c.seq, match_state_snapshots.c.document)
            .where(
                match_state_snapshots.c.match_id == match_id,
                match_state_snapshots.c.version == version,
                match_state_snapshots.c.seq < below,
            )
            .order_by(match_state_snapshots.c.seq.desc())
            .limit(1)
        )
        with _available(), self._reads.connect() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        return StoredState(int(row.seq), version, json.loads(row.document))

    def save_snapshot(self, match_id: str, snapshot: StoredState) -> None:
        row = {
            "match_id": match_id,
            "seq": snapshot.seq,
            "version": snapshot.version,
            "document": json.dumps(snapshot.document, separators=(",", ":")),
        }
        try:
            with _available(), serialized_writes(self.engine), self.engine.begin() as connection:
                connection.execute(
                    update(match_state_snapshots)
                    .where(
                        match_state_snapshots.c.match_id == match_id,
                        match_state_snapshots.c.seq == snapshot.seq,
                        match_state_snapshots.c.version != snapshot.version,
                    )
                    .values(version=row["version"], document=row["document"])
                )
                exists = connection.execute(
                    select(match_state_snapshots.c.seq).where(
                        match_state_snapshots.c.match_id == match_id, match_state_snapshots.c.seq == snapshot.seq
                    )
                ).first()
                if exists is None:
                    connection.execute(insert(match_state_snapshots).values(**row))
        except IntegrityError:
            pass  # another worker stored the same snapshot meanwhile

    # --- a game reader's kept facts per match (store.read_model_tables.match_facts) ---------------------
    def kept_facts(self, kind: str, version: str) -> dict[str, tuple[int, str]]:
        """match id -> (last_seq, document) of the facts of ``kind`` kept under ``version``."""
        query = select(match_facts.c.match_id, match_facts.c.last_seq, match_facts.c.document).where(
            match_facts.c.kind == kind, match_facts.c.version == version
        )
        try:
            with self._reads.connect() as connection:
                return {row.match_id: (int(row.last_seq), row.document) for row in connection.execute(query)}
        except (OperationalError, ProgrammingError):
            # A cache: a busy database, or one made under 0013 before the table joined it, folds the logs.
            return {}

    def keep_facts(self, kind: str, version: str, match_id: str, last_seq: int, document: str) -> None:
        """Keeps one match's facts of ``kind`` (replacing older ones). A cache: a failed write is let go."""
        values = {"last_seq": last_seq, "version": version, "document": document}
        try:
            with _available(), serialized_writes(self.engine), self.engine.begin() as connection:
                done = connection.execute(
                    update(match_facts)
                    .where(match_facts.c.match_id == match_id, match_facts.c.kind == kind)
                    .values(**values)
                ).rowcount
                if not done:
                    connection.execute(insert(match_facts).values(match_id=match_id, kind=kind, **values))
        except (IntegrityError, OperationalError, ProgrammingError, StoreError):
            pass  # another worker kept them meanwhile, or the database is busy: read from the log next time

    def frozen_by(self, match_id: str) -> str | None:
        """What keeps ``match_id`` as it is (``matches.frozen``), or None."""
        with _available(), self._reads.connect() as connection:
            value = connection.execute(select(matches.c.frozen_by).where(matches.c.match_id == match_id)).scalar()
        return None if value is None else str(value)

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
            frozen = self.frozen_by(match_id)
            if frozen is not None:
                raise MatchFrozen(frozen)
            if first <= current:
                raise SequenceConflict(match_id, first)
            raise ValueError(f"match {match_id}: appending seq {first} after {current} would leave a gap")
