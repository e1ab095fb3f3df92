"""``backup``: a consistent snapshot of the whole database while the server keeps running (BU-1).

* SQLite: the online backup API (``sqlite3.Connection.backup``) copies the file in one step into a
  temporary file. That step reads one snapshot (WAL mode: writers carry on meanwhile); the copy is then
  written out as the backup format at leisure.
* PostgreSQL: every table is read in one ``REPEATABLE READ`` transaction, which sees one snapshot.
  The server writes each row's line itself (``json_build_array`` over the columns, date-times and dates
  formatted as Python's ``isoformat`` would, JSON columns as their stored text) and a server-side cursor
  hands them over in large batches: no value passes through Python one by one (speed: a decade of
  evenings is close to a million rows; reading them through SQLAlchemy took 20 s of CPU).

Both end in the same file format (``store.backup_format``), so any backup restores into either backend.
Tables are found by reflection, so tables added by later migrations are included without a list here.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Connection, MetaData, Table, create_engine, make_url, select, text
from sqlalchemy import types as sqltypes

from stammtisch.core.text import Text
from stammtisch.store.backup_errors import CannotBackUp
from stammtisch.store.backup_format import BackupWriter, TableShape, column_kind, encode, encode_sqlite
from stammtisch.store.database import check_sqlite_file, prepare

#: Alembic's own table: its one row is the revision the header carries, not data to restore.
VERSION_TABLE = "alembic_version"
#: Rows fetched from the database at a time while writing.
BATCH = 2_000
#: Lines fetched at a time from PostgreSQL's server-side cursor.
PG_BATCH = 20_000
#: Column kinds PostgreSQL writes into a line itself, exactly as ``backup_format.encode`` would.
_PG_KINDS = frozenset({"plain", "boolean", "datetime", "date", "json"})
#: ``json_build_array`` takes at most 100 arguments (the table index is one of them).
_PG_MAX_COLUMNS = 99
#: ``progress(done, total)``: tables written so far (the command line's progress bar).
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class BackupSummary:
    path: Path
    revision: str
    source: str
    rows: int
    tables: int


def data_tables(connection: Connection) -> list[Table]:
    """Every table of the database except Alembic's, parents before children (foreign keys)."""
    metadata = MetaData()
    metadata.reflect(connection)
    return [table for table in metadata.sorted_tables if table.name != VERSION_TABLE]


def shape_of(table: Table) -> TableShape:
    return TableShape(table.name, tuple(c.name for c in table.columns), tuple(column_kind(c) for c in table.columns))


def ordered_rows(connection: Connection, table: Table) -> Iterator[Any]:
    """A table's rows in primary-key order (a self-referencing row then follows the row it names)."""
    order = list(table.primary_key.columns) or list(table.columns)
    result = connection.execution_options(yield_per=BATCH).execute(select(table).order_by(*order))
    yield from result


def revision_of(connection: Connection) -> str:
    row = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).first()
    if row is None:
        raise CannotBackUp(Text("die Datenbank hat kein Schema", "the database has no schema"))
    return str(row[0])


def dump(connection: Connection, handle: Any, source: str, progress: Progress | None = None) -> tuple[str, int, int]:
    """Write everything ``connection`` sees into ``handle``; (revision, rows, tables)."""
    revision = revision_of(connection)
    tables = data_tables(connection)
    shapes = [shape_of(table) for table in tables]
    writer = BackupWriter(handle, revision, source, shapes)
    for done, (table, shape) in enumerate(zip(tables, shapes, strict=True), start=1):
        kinds = shape.kinds
        writer.rows(
            table.name,
            ([encode(k, v) for k, v in zip(kinds, row, strict=True)] for row in ordered_rows(connection, table)),
        )
        if progress is not None:
            progress(done, len(tables))
    return revision, writer.finish(), len(tables)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def dump_sqlite(snapshot: Path, handle: Any, progress: Progress | None = None) -> tuple[str, int, int]:
    """``dump`` of a SQLite snapshot, reading rows through ``sqlite3`` itself: stored date-time and JSON
    text goes out as it is, only the columns that need it are converted (speed: a decade of evenings is
    close to a million rows, and SQLAlchemy's per-value processing was most of the time)."""
    engine = create_engine(f"sqlite:///{snapshot}")
    try:
        with engine.connect() as connection:
            revision = revision_of(connection)
            tables = data_tables(connection)
    finally:
        engine.dispose()
    shapes = [shape_of(table) for table in tables]
    writer = BackupWriter(handle, revision, "sqlite", shapes)
    raw = sqlite3.connect(snapshot)
    try:
        for done, (table, shape) in enumerate(zip(tables, shapes, strict=True), start=1):
            order = [c.name for c in (list(table.primary_key.columns) or list(table.columns))]
            cursor = raw.execute(
                f"SELECT {', '.join(map(_quoted, shape.columns))} FROM {_quoted(table.name)} "
                f"ORDER BY {', '.join(map(_quoted, order))}"
            )
            convert = [(i, kind) for i, kind in enumerate(shape.kinds) if kind not in ("plain", "date", "time")]
            writer.rows(table.name, _converted(cursor, convert))
            if progress is not None:
                progress(done, len(tables))
    finally:
        raw.close()
    return revision, writer.finish(), len(tables)


def _pg_value(column: Column[Any], kind: str) -> str:
    """The SQL of one column's value in a PostgreSQL line, written as ``backup_format.encode`` writes it:
    a date-time as ISO 8601 in UTC (``+00:00``, microseconds only when there are any, as ``isoformat``),
    a date as ``YYYY-MM-DD``, a JSON column as its stored JSON text (a string), the rest as it is."""
    name = _quoted(column.name)
    if kind == "datetime":
        aware = bool(getattr(column.type, "timezone", False))
        utc = f"({name} AT TIME ZONE 'UTC')" if aware else name
        whole = f'to_char({utc}, \'YYYY-MM-DD"T"HH24:MI:SS"+00:00"\')'
        fraction = f'to_char({utc}, \'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"\')'
        return f"CASE WHEN date_trunc('second', {name}) = {name} THEN {whole} ELSE {fraction} END"
    if kind == "date":
        return f"to_char({name}, 'YYYY-MM-DD')"
    if kind == "json":
        return f"{name}::text"
    return name


def _pg_lines_sql(table: Table, shape: TableShape, index: int) -> str | None:
    """``SELECT json_build_array(index, values...)::text ... ORDER BY <primary key>``; None when a column
    needs Python to write it (bytes, decimals, times: no table has them today) or there are too many."""
    if len(shape.columns) > _PG_MAX_COLUMNS or not set(shape.kinds) <= _PG_KINDS:
        return None
    if any(isinstance(c.type, sqltypes.Interval) for c in table.columns):
        return None
    values = ", ".join(_pg_value(c, k) for c, k in zip(table.columns, shape.kinds, strict=True))
    order = ", ".join(_quoted(c.name) for c in (list(table.primary_key.columns) or list(table.columns)))
    return f"SELECT json_build_array({index}, {values})::text FROM {_quoted(table.name)} ORDER BY {order}"


def dump_postgres(connection: Connection, handle: Any, progress: Progress | None = None) -> tuple[str, int, int]:
    """``dump`` of a PostgreSQL database inside the caller's ``REPEATABLE READ`` transaction: the server
    builds each row's line, a named (server-side) cursor on the same connection, so the same snapshot,
    fetches them ``PG_BATCH`` at a time, and they go into the file as they are."""
    revision = revision_of(connection)
    tables = data_tables(connection)
    shapes = [shape_of(table) for table in tables]
    writer = BackupWriter(handle, revision, "postgresql", shapes)
    raw = connection.connection.driver_connection
    for done, (table, shape) in enumerate(zip(tables, shapes, strict=True), start=1):
        sql = _pg_lines_sql(table, shape, writer.index_of(table.name))
        if sql is None:
            kinds = shape.kinds
            writer.rows(
                table.name,
                ([encode(k, v) for k, v in zip(kinds, row, strict=True)] for row in ordered_rows(connection, table)),
            )
        else:
            with raw.cursor(name=f"stammtisch_backup_{writer.index_of(table.name)}") as cursor:  # type: ignore[union-attr]
                cursor.itersize = PG_BATCH
                cursor.execute(sql)
                while batch := cursor.fetchmany(PG_BATCH):
                    writer.lines([line for (line,) in batch])
        if progress is not None:
            progress(done, len(tables))
    return revision, writer.finish(), len(tables)


def _converted(cursor: sqlite3.Cursor, convert: list[tuple[int, str]]) -> Iterator[list[Any]]:
    while batch := cursor.fetchmany(BATCH):
        for row in batch:
            values = list(row)
            for index, kind in convert:
                values[index] = encode_sqlite(kind, values[index])
            yield values


def _sqlite_snapshot(database: Path, into: Path) -> None:
    """One step of the online backup API: a consistent copy even while the server writes."""
    source = sqlite3.connect(database, timeout=30)
    try:
        target = sqlite3.connect(into)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


def _write_atomically(path: Path, write: Any) -> Any:
    """Write into a temporary file beside ``path`` and move it in place: a failed backup leaves no half file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".backup-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            result = write(handle)
        os.replace(temporary, path)
        return result
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def make_backup(url: str, path: Path, progress: Progress | None = None) -> BackupSummary:
    """Back up the database at ``url`` into ``path`` (BU-1, BU-2); ``progress(done, total)`` after each
    table written (for a progress bar)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database in ("", ":memory:") or database.startswith("file:"):
            raise CannotBackUp(Text("eine Datenbank im Speicher hat keine Datei", "an in-memory database has no file"))
        if not Path(database).exists():
            raise CannotBackUp(Text(f"{database} gibt es nicht", f"{database} does not exist"))
        # The header only: a full page check (``prepare``) would read the whole file again; the server
        # checks its file at start.
        check_sqlite_file(Path(database))
        with tempfile.TemporaryDirectory(prefix="stammtisch-backup-") as scratch:
            snapshot = Path(scratch) / "snapshot.sqlite3"
            _sqlite_snapshot(Path(database), snapshot)
            revision, rows, tables = _write_atomically(path, lambda h: dump_sqlite(snapshot, h, progress))
        return BackupSummary(path, revision, "sqlite", rows, tables)
    url = prepare(url)
    engine = create_engine(url)
    try:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as connection:
            with connection.begin():
                if parsed.get_backend_name() == "postgresql":
                    revision, rows, tables = _write_atomically(path, lambda h: dump_postgres(connection, h, progress))
                else:
                    revision, rows, tables = _write_atomically(
                        path, lambda h: dump(connection, h, parsed.get_backend_name(), progress)
                    )
    finally:
        engine.dispose()
    return BackupSummary(path, revision, parsed.get_backend_name(), rows, tables)
