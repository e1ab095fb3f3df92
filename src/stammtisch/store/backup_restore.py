"""``restore``: a backup file back into a database, all or nothing (BU-3 … BU-7).

1. The file is read once completely: format, end mark, checksum (``backup_format.verify``, BU-2/BU-5).
2. Its schema revision must be one this version knows (BU-4); an older one is migrated forward.
3. The rows go into a scratch SQLite database made at the file's revision, which is then migrated to
   the newest schema; there every match is replayed through its engine with full rule checks (BU-6).
4. Only then the target is touched: in one transaction, refused if it holds any row unless
   ``replace`` (BU-3), its old rows deleted, the checked rows copied in (BU-7). PostgreSQL's id
   sequences are moved past the restored ids, so new rows get fresh ids.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Connection, Engine, MetaData, Table, func, insert, select, text
from sqlalchemy import types as sqltypes
from sqlalchemy.exc import IntegrityError, StatementError

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.errors import CorruptLog
from stammtisch.matches.service import MatchService
from stammtisch.store.backup import BATCH, data_tables, ordered_rows
from stammtisch.store.backup_errors import DamagedBackup, DatabaseNotEmpty, MatchesDoNotReplay, NewerSchema
from stammtisch.store.backup_format import Header, as_utc, read_rows, verify
from stammtisch.store.database import (
    alembic_config,
    create_store_engine,
    head_revision,
    prepare,
    translate_errors,
    upgrade,
)
from stammtisch.store.repository import SqlMatchRepository


@dataclass(frozen=True, slots=True)
class RestoreSummary:
    revision: str
    rows: int
    matches: int
    replaced: int


def check_revision(header: Header) -> None:
    """BU-4: a revision this version's migrations do not contain comes from a newer Stammtisch."""
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    scripts = ScriptDirectory.from_config(alembic_config())
    try:
        known = scripts.get_revision(header.revision)
    except CommandError:
        known = None
    if known is None:
        raise NewerSchema(header.revision, head_revision())


def _batches(rows: Iterator[tuple[Any, list[Any]]]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Rows of the file grouped into inserts of one table each (at most ``BATCH`` rows)."""
    name: str | None = None
    batch: list[dict[str, Any]] = []
    for shape, values in rows:
        if shape.name != name or len(batch) >= BATCH:
            if batch and name is not None:
                yield name, batch
            name, batch = shape.name, []
        batch.append(dict(zip(shape.columns, values, strict=True)))
    if batch and name is not None:
        yield name, batch


def load_into_scratch(engine: Engine, path: Path, header: Header) -> int:
    """The file's rows into the scratch database (at the file's revision), in one transaction."""
    shown = str(path)
    rows = 0
    with engine.begin() as connection:
        tables = {table.name: table for table in data_tables(connection)}
        for name, batch in _batches(read_rows(path, header)):
            table = tables.get(name)
            if table is None or not set(batch[0]) <= set(table.columns.keys()):
                raise DamagedBackup(
                    shown,
                    Text(
                        f"die Tabelle {name} passt nicht zum Datenbankstand {header.revision}",
                        f"the table {name} does not fit schema revision {header.revision}",
                    ),
                )
            try:
                connection.execute(insert(table), batch)
            except (IntegrityError, StatementError) as error:
                raise DamagedBackup(
                    shown,
                    Text(f"Zeilen der Tabelle {name} widersprechen sich", f"rows of the table {name} contradict"),
                ) from error
            rows += len(batch)
    return rows


def _why(error: Exception) -> Text:
    """What broke a replay, in words that name the event (``CorruptLog`` says which one) and the rule's code."""
    cause = error.__cause__ if isinstance(error.__cause__, RuleViolation) else error
    code = cause.code if isinstance(cause, RuleViolation) else type(cause).__name__
    found = re.search(r"event (\d+)", str(error))
    if found is None:
        return Text(code, code)
    return Text(f"Ereignis {found.group(1)}: {code}", f"event {found.group(1)}: {code}")


def replay_failures(engine: Engine) -> list[tuple[str, Text]]:
    """BU-6: every match rebuilt from its log with every step checked by the rules, as when it was played.
    Returns (match id, why) of the ones that do not replay."""
    repository = SqlMatchRepository(engine)
    failures: list[tuple[str, Text]] = []
    for record in repository.list_matches(2**31 - 1):
        service = MatchService(repository, validate_replay=True, cache_size=1)
        try:
            service.state(record.match_id)
        except (CorruptLog, RuleViolation, KeyError, ValueError, TypeError) as error:
            failures.append((record.match_id, _why(error)))
    return failures


def _adapt(table: Table, dialect: str) -> tuple[Table, list[tuple[str, str]]]:
    """The table to insert through, and how each date-time column is written: ``zoned`` (aware UTC:
    ``timestamptz``), ``naive`` (UTC without a zone) or ``text`` (SQLite: the fixed-width ISO text with
    ``+00:00`` that ``store.tables.UtcDateTime`` writes, so restored rows sort and compare like new ones)."""
    stamps: list[tuple[str, str]] = []
    for column in table.columns:
        if isinstance(column.type, sqltypes.DateTime):
            form = "text" if dialect == "sqlite" else "zoned" if column.type.timezone else "naive"
            stamps.append((column.name, form))
    if dialect != "sqlite" or not stamps:
        return table, stamps
    texts = {name for name, _ in stamps}
    plain = Table(
        table.name,
        MetaData(),
        *(Column(c.name, sqltypes.String() if c.name in texts else c.type) for c in table.columns),
    )
    return plain, stamps


def _fit(row: dict[str, Any], stamps: list[tuple[str, str]]) -> dict[str, Any]:
    for name, form in stamps:
        value = row[name]
        if isinstance(value, datetime):
            utc = as_utc(value)
            if form == "text":
                row[name] = utc.isoformat(sep=" ", timespec="microseconds")
            else:
                row[name] = utc if form == "zoned" else utc.replace(tzinfo=None)
    return row


def count_rows(connection: Connection, tables: list[Table]) -> int:
    return sum(int(connection.execute(select(func.count()).select_from(t)).scalar_one()) for t in tables)


def _move_sequences(connection: Connection, tables: list[Table]) -> None:
    """PostgreSQL: an id column's sequence continues after the highest restored id."""
    for table in tables:
        for column in table.primary_key.columns:
            if not isinstance(column.type, sqltypes.Integer):
                continue
            sequence = connection.execute(
                text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": f'"{table.name}"', "c": column.name}
            ).scalar()
            if sequence is None:
                continue
            highest = connection.execute(select(func.max(column))).scalar()
            connection.execute(
                text("SELECT setval(CAST(:s AS regclass), :v, :called)"),
                {"s": sequence, "v": highest if highest is not None else 1, "called": highest is not None},
            )


def transfer(scratch: Engine, target: Engine, replace: bool) -> tuple[int, int]:
    """Copy the checked scratch database into ``target`` in one transaction; (rows copied, rows replaced)."""
    with scratch.connect() as source, target.begin() as connection:
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock for the whole restore
        tables = data_tables(connection)
        existing = count_rows(connection, tables)
        if existing and not replace:
            raise DatabaseNotEmpty(existing)
        for table in reversed(tables):
            connection.execute(table.delete())
        source_tables = {table.name: table for table in data_tables(source)}
        copied = 0
        for table in tables:
            origin = source_tables.get(table.name)
            if origin is None:
                continue
            into, stamps = _adapt(table, connection.dialect.name)
            batch: list[dict[str, Any]] = []
            for row in ordered_rows(source, origin):
                batch.append(_fit(dict(row._mapping), stamps))
                if len(batch) >= BATCH:
                    connection.execute(insert(into), batch)
                    copied += len(batch)
                    batch = []
            if batch:
                connection.execute(insert(into), batch)
                copied += len(batch)
        if connection.dialect.name == "postgresql":
            _move_sequences(connection, tables)
    return copied, existing


def restore(url: str, path: Path, replace: bool = False) -> RestoreSummary:
    """Restore the backup at ``path`` into the database at ``url`` (created and migrated if new)."""
    header = verify(path)
    check_revision(header)
    with tempfile.TemporaryDirectory(prefix="stammtisch-restore-") as directory:
        scratch = create_store_engine(f"sqlite:///{Path(directory) / 'scratch.sqlite3'}")
        try:
            upgrade(scratch, header.revision)
            load_into_scratch(scratch, path, header)
            upgrade(scratch, "head")
            failures = replay_failures(scratch)
            if failures:
                raise MatchesDoNotReplay(failures)
            matches = len(SqlMatchRepository(scratch).list_matches(2**31 - 1))
            url = prepare(url)
            target = create_store_engine(url)
            try:
                with translate_errors(url):
                    upgrade(target)
                copied, replaced = transfer(scratch, target, replace)
            finally:
                target.dispose()
        finally:
            scratch.dispose()
    return RestoreSummary(header.revision, copied, matches, replaced)
