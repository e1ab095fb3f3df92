"""``restore``: a backup file back into a database, all or nothing (BU-3 … BU-7).

1. The file is read once completely: format, end mark, checksum (``backup_format.verify``, BU-2/BU-5).
2. Its schema revision must be one this version knows (BU-4); an older one is migrated forward.
3. The rows go into a scratch SQLite database made at the file's revision, which is then migrated to
   the newest schema; there every match is replayed through its engine with full rule checks (BU-6).
4. Only then the target is touched: in one transaction, refused if it holds any row unless
   ``replace`` (BU-3), its old rows deleted, the checked rows copied in (BU-7). PostgreSQL's id
   sequences are moved past the restored ids, so new rows get fresh ids.

Speed (a decade is close to a million rows): the file's values go into the scratch database as SQLite
stores them (only date-times are rewritten), and from there into the target as stored text, through
the driver in batches, without SQLAlchemy's per-value processing. A table with a column kind that needs
Python objects (bytes, decimals, times: none today) goes the generic way.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
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
from stammtisch.store.backup_format import Header, TableShape, as_utc, column_kind, decode, read_lines, verify
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


#: Column kinds whose values go into SQLite as they are written in the file (and from a SQLite scratch
#: into any target as stored): numbers, text, 0/1 or true/false, ISO dates, JSON text.
_AS_STORED = frozenset({"plain", "boolean", "date", "json"})
#: ... and date-times, rewritten as text.
_RAW_KINDS = _AS_STORED | {"datetime"}
#: Rows written at a time through the driver.
RAW_BATCH = 5_000


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _naive_utc(value: str) -> str:
    """A date-time of the file as SQLAlchemy's SQLite ``DATETIME`` stores it (UTC, no zone, microseconds):
    what the scratch held when the rows went in through SQLAlchemy. The backup's own UTC forms
    (``…T18:00:00+00:00``, ``…T18:00:00.120000+00:00``) are rewritten as text; anything else is parsed."""
    if value.endswith("+00:00"):
        core = value[:-6]
        if len(core) in (19, 26) and core[4] == core[7] == "-" and core[13] == core[16] == ":" and core[10] in "T ":
            return f"{core[:10]} {core[11:]}" if len(core) == 26 else f"{core[:10]} {core[11:]}.000000"
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(sep=" ", timespec="microseconds")


def _stored_utc(value: str) -> str:
    """A scratch date-time as the store writes it (``store.tables.UtcDateTime``: fixed-width ISO text with
    ``+00:00``), which PostgreSQL reads as that moment too."""
    if len(value) == 26 and value[10] == " ":
        return value + "+00:00"
    return as_utc(datetime.fromisoformat(value)).isoformat(sep=" ", timespec="microseconds")


def _line_batches(lines: Iterator[list[Any]], size: int) -> Iterator[tuple[int, list[list[Any]]]]:
    """Row lines grouped by table (the first value of a line), at most ``size`` at a time."""
    index: int | None = None
    batch: list[list[Any]] = []
    for line in lines:
        if line[0] != index or len(batch) >= size:
            if batch and index is not None:
                yield index, batch
            index, batch = line[0], []
        batch.append(line)
    if batch and index is not None:
        yield index, batch


def _scratch_rows(shape: TableShape, batch: list[list[Any]]) -> list[tuple[Any, ...]]:
    """Lines of a table whose columns SQLite stores as written; date-times rewritten (``_naive_utc``)."""
    stamps = [i for i, kind in enumerate(shape.kinds, start=1) if kind == "datetime"]
    width = len(shape.columns) + 1
    rows: list[tuple[Any, ...]] = []
    for line in batch:
        if len(line) != width:
            raise ValueError("a row with the wrong number of values")
        for i in stamps:
            if line[i] is not None:
                line[i] = _naive_utc(line[i])
        rows.append(tuple(line[1:]))
    return rows


def _decoded(shape: TableShape, line: list[Any]) -> list[Any]:
    return [decode(kind, value) for kind, value in zip(shape.kinds, line[1:], strict=True)]


def load_into_scratch(engine: Engine, path: Path, header: Header) -> int:
    """The file's rows into the scratch database (at the file's revision), in one transaction."""
    shown = str(path)
    rows = 0
    with engine.begin() as connection:
        tables = {table.name: table for table in data_tables(connection)}
        for index, batch in _line_batches(read_lines(path), RAW_BATCH):
            shape = header.tables[index] if isinstance(index, int) and 0 <= index < len(header.tables) else None
            table = tables.get(shape.name) if shape is not None else None
            if shape is None or table is None or not set(shape.columns) <= set(table.columns.keys()):
                name = shape.name if shape is not None else str(index)
                revision = header.revision
                raise DamagedBackup(
                    shown,
                    Text(
                        f"die Tabelle {name} passt nicht zum Datenbankstand {revision}",
                        f"the table {name} does not fit schema revision {revision}",
                    ),
                )
            try:
                if set(shape.kinds) <= _RAW_KINDS:
                    columns = ", ".join(_quoted(c) for c in shape.columns)
                    marks = ", ".join("?" for _ in shape.columns)
                    connection.exec_driver_sql(
                        f"INSERT INTO {_quoted(table.name)} ({columns}) VALUES ({marks})", _scratch_rows(shape, batch)
                    )
                else:
                    connection.execute(
                        insert(table),
                        [dict(zip(shape.columns, _decoded(shape, line), strict=True)) for line in batch],
                    )
            except (IntegrityError, StatementError, TypeError, ValueError) as error:
                raise DamagedBackup(
                    shown,
                    Text(
                        f"Zeilen der Tabelle {shape.name} widersprechen sich",
                        f"rows of the table {shape.name} contradict",
                    ),
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


def _copy_stored(source: Connection, target: Connection, table: Table, origin: Table) -> int | None:
    """Copy ``origin`` (scratch, SQLite) into ``table`` as stored text through the drivers, in primary-key
    order; date-times as the store writes them (``_stored_utc``), 0/1 as booleans for PostgreSQL. None
    (nothing copied) when a column needs Python objects or the scratch lacks one: the generic way then."""
    kinds = [column_kind(column) for column in table.columns]
    names = [column.name for column in table.columns]
    if not set(kinds) <= _RAW_KINDS or not set(names) <= set(origin.columns.keys()):
        return None
    order = [c.name for c in (list(origin.primary_key.columns) or list(origin.columns))]
    cursor = source.connection.driver_connection.execute(  # type: ignore[union-attr]
        f"SELECT {', '.join(map(_quoted, names))} FROM {_quoted(origin.name)} ORDER BY {', '.join(map(_quoted, order))}"
    )
    mark = "?" if target.dialect.paramstyle == "qmark" else "%s"
    columns = ", ".join(map(_quoted, names))
    sql = f"INSERT INTO {_quoted(table.name)} ({columns}) VALUES ({', '.join([mark] * len(names))})"
    stamps = [i for i, kind in enumerate(kinds) if kind == "datetime"]
    flags = [i for i, kind in enumerate(kinds) if kind == "boolean"] if target.dialect.name != "sqlite" else []
    copied = 0
    with ExitStack() as stack:
        copy = None
        if target.dialect.name == "postgresql":  # COPY: the rows stream in, each still checked (keys, types)
            pg = stack.enter_context(target.connection.driver_connection.cursor())  # type: ignore[union-attr]
            copy = stack.enter_context(pg.copy(f"COPY {_quoted(table.name)} ({columns}) FROM STDIN"))
        while batch := cursor.fetchmany(RAW_BATCH):
            if stamps or flags:
                rows = []
                for row in batch:
                    values = list(row)
                    for i in stamps:
                        if values[i] is not None:
                            values[i] = _stored_utc(values[i])
                    for i in flags:
                        if values[i] is not None:
                            values[i] = bool(values[i])
                    rows.append(tuple(values))
                batch = rows
            if copy is not None:
                for row in batch:
                    copy.write_row(row)
            else:
                target.exec_driver_sql(sql, batch)
            copied += len(batch)
    return copied


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
            fast = _copy_stored(source, connection, table, origin)
            if fast is not None:
                copied += fast
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


def restore(
    url: str,
    path: Path,
    replace: bool = False,
    progress: Callable[[int, int], None] | None = None,
    *,
    trust_unsigned: bool = False,
) -> RestoreSummary:
    """Restore the backup at ``path`` into the database at ``url`` (created and migrated if new);
    ``progress(done, total)`` after each of its five steps (for a progress bar). ``trust_unsigned``
    restores a whole file this server did not sign (BU-10: the operator vouches for it)."""
    tell = progress or (lambda done, total: None)
    header = verify(path, signature_required=not trust_unsigned)
    check_revision(header)
    tell(1, 5)
    with tempfile.TemporaryDirectory(prefix="stammtisch-restore-") as directory:
        scratch = create_store_engine(f"sqlite:///{Path(directory) / 'scratch.sqlite3'}")
        try:
            upgrade(scratch, header.revision)
            load_into_scratch(scratch, path, header)
            upgrade(scratch, "head")
            tell(2, 5)
            failures = replay_failures(scratch)
            if failures:
                raise MatchesDoNotReplay(failures)
            matches = len(SqlMatchRepository(scratch).list_matches(2**31 - 1))
            tell(3, 5)
            url = prepare(url)
            target = create_store_engine(url)
            try:
                with translate_errors(url):
                    upgrade(target)
                tell(4, 5)
                copied, replaced = transfer(scratch, target, replace)
                tell(5, 5)
            finally:
                target.dispose()
        finally:
            scratch.dispose()
    return RestoreSummary(header.revision, copied, matches, replaced)
