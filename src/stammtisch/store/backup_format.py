"""The backup file (BU-2): gzip-compressed JSON lines, the same for SQLite and PostgreSQL.

* line 1, the header: ``{"format": "stammtisch-backup", "version": 1, "revision": <Alembic revision>,
  "source": "sqlite"|"postgresql", "created_at": ..., "tables": [{"name", "columns", "kinds"}, ...]}``;
* then one line per row: ``[table index, value, value, ...]`` in the header's column order, rows of a
  table in primary-key order, tables parents first;
* last line, the footer: ``{"end": true, "rows": N, "sha256": <hex of every byte before the footer>,
  "signature": <HMAC-SHA256 of "sha256:rows" with the server's backup key>}`` (BU-9).

A file without the footer was cut short; a checksum that does not match means the bytes changed. Values
are plain JSON; a column's *kind* says how to read it back: ``datetime`` (ISO 8601, always UTC),
``date``, ``time``, ``bytes`` (base64), ``decimal`` (a string), ``json`` (the document as JSON text, so a
SQLite source's stored text goes out unparsed), ``boolean``, ``plain``.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Column
from sqlalchemy import types as sqltypes

from stammtisch.core.text import Text
from stammtisch.store.backup_errors import DamagedBackup, NotABackup, UnsignedBackup
from stammtisch.store.backup_key import backup_key, signature, signed_by

FORMAT = "stammtisch-backup"
VERSION = 1
#: gzip level 1: about as small as level 6 for these repetitive lines, several times faster (BU-8 bench).
COMPRESS_LEVEL = 1


@dataclass(frozen=True, slots=True)
class TableShape:
    """One table as the file stores it: its columns and how each column's values are written."""

    name: str
    columns: tuple[str, ...]
    kinds: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "columns": list(self.columns), "kinds": list(self.kinds)}


@dataclass(frozen=True, slots=True)
class Header:
    revision: str
    source: str
    created_at: str
    tables: tuple[TableShape, ...]


def column_kind(column: Column[Any]) -> str:
    """How a column's values go into JSON, from its SQL type (reflected, so any table is covered)."""
    kind = column.type
    if isinstance(kind, sqltypes.DateTime):
        return "datetime"
    if isinstance(kind, sqltypes.Date):
        return "date"
    if isinstance(kind, sqltypes.Time):
        return "time"
    if isinstance(kind, sqltypes.JSON):
        return "json"
    if isinstance(kind, sqltypes.Boolean):
        return "boolean"
    if isinstance(kind, sqltypes.LargeBinary):
        return "bytes"
    if isinstance(kind, sqltypes.Numeric) and not isinstance(kind, sqltypes.Float | sqltypes.Integer):
        return "decimal"
    return "plain"


def as_utc(value: datetime) -> datetime:
    """The store writes UTC everywhere; SQLite hands it back without a zone, PostgreSQL with one."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def encode(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind == "datetime":
        return as_utc(value).isoformat()
    if kind in ("date", "time"):
        return value.isoformat()
    if kind == "bytes":
        return base64.b64encode(bytes(value)).decode("ascii")
    if kind == "decimal":
        return str(value)
    if kind == "json":
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if kind == "boolean":
        return bool(value)
    return value


def utc_text(value: str) -> str:
    """A date-time as SQLite holds it (the store's fixed-width UTC text, or SQLAlchemy's zone-less UTC
    text) as ISO 8601 UTC, without parsing the common forms (speed: one per stored event)."""
    if value.endswith("+00:00"):
        return value
    if len(value) in (19, 26) and value[10] in " T":
        return value + "+00:00"
    return as_utc(datetime.fromisoformat(value)).isoformat()


def encode_sqlite(kind: str, value: Any) -> Any:
    """``encode`` for a value as SQLite stores it (text for date-times and JSON, 0/1 for booleans)."""
    if value is None:
        return None
    if kind == "datetime" and isinstance(value, str):
        return utc_text(value)
    if kind == "json" and isinstance(value, str):
        return value  # already JSON text
    if kind == "boolean":
        return bool(value)
    return encode(kind, value)


def decode(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind == "datetime":
        return datetime.fromisoformat(value)
    if kind == "date":
        return date.fromisoformat(value)
    if kind == "time":
        return time.fromisoformat(value)
    if kind == "bytes":
        return base64.b64decode(value)
    if kind == "decimal":
        return Decimal(value)
    if kind == "json":
        return json.loads(value)
    return value


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_LINES_PER_WRITE = 2_000


def _line(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


class BackupWriter:
    """Writes one backup file: the header at once, rows as they come, the footer on ``finish``."""

    def __init__(
        self, handle: IO[bytes], revision: str, source: str, tables: Sequence[TableShape], key: bytes | None = None
    ) -> None:
        self._key = key if key is not None else backup_key()  # the footer's signature (BU-9)
        self._out = gzip.GzipFile(fileobj=handle, mode="wb", compresslevel=COMPRESS_LEVEL, mtime=0)
        self._digest = hashlib.sha256()
        self._rows = 0
        self._index = {shape.name: i for i, shape in enumerate(tables)}
        self._write(
            {
                "format": FORMAT,
                "version": VERSION,
                "revision": revision,
                "source": source,
                "created_at": datetime.now(UTC).isoformat(),
                "tables": [shape.to_json() for shape in tables],
            }
        )

    def _write(self, data: Any) -> None:
        line = _line(data)
        self._digest.update(line)
        self._out.write(line)

    def rows(self, table: str, encoded_rows: Iterator[list[Any]]) -> None:
        """Rows already encoded (``encode`` per column), in the header's column order. Lines are joined
        and written a batch at a time with one reused encoder (speed: a decade is close to a million rows)."""
        index = self._index[table]
        line_of = _ENCODER.encode
        batch: list[str] = []
        for row in encoded_rows:
            row.insert(0, index)
            batch.append(line_of(row))
            if len(batch) >= _LINES_PER_WRITE:
                self._write_lines(batch)
                batch = []
        if batch:
            self._write_lines(batch)

    def index_of(self, table: str) -> int:
        """The table's index: the first value of each of its row lines."""
        return self._index[table]

    def lines(self, lines: list[str]) -> None:
        """Row lines made elsewhere (PostgreSQL builds them itself, ``store.backup.dump_postgres``):
        each one JSON array ``[table index, values...]`` on one line, without the newline."""
        if lines:
            self._write_lines(lines)

    def _write_lines(self, lines: list[str]) -> None:
        data = ("\n".join(lines) + "\n").encode("utf-8")
        self._digest.update(data)
        self._out.write(data)
        self._rows += len(lines)

    def finish(self) -> int:
        checksum = self._digest.hexdigest()
        footer = {
            "end": True,
            "rows": self._rows,
            "sha256": checksum,
            "signature": signature(self._key, checksum, self._rows),
        }
        self._out.write(_line(footer))
        self._out.close()
        return self._rows


def _lines(path: Path) -> Iterator[bytes]:
    """The file's decompressed lines; gzip and I/O trouble become refusals people can read."""
    shown = str(path)
    try:
        with gzip.open(path, "rb") as handle:
            yield from handle
    except FileNotFoundError:
        raise NotABackup(shown, Text("die Datei gibt es nicht", "the file does not exist")) from None
    except gzip.BadGzipFile as error:
        if _starts_as_gzip(path):  # a gzip file whose checksum or length no longer fits: changed bytes
            raise DamagedBackup(shown, Text(f"unlesbar: {error}", f"unreadable: {error}")) from None
        raise NotABackup(shown, Text("kein gzip-Format", "not in gzip format")) from None
    except EOFError:
        raise DamagedBackup(shown, Text("die Datei endet mittendrin", "the file ends too early")) from None
    except (zlib.error, OSError) as error:
        raise DamagedBackup(shown, Text(f"unlesbar: {error}", f"unreadable: {error}")) from None


def _starts_as_gzip(path: Path) -> bool:
    """Whether the file begins with gzip's magic bytes (BU-5: then a gzip error means it was damaged)."""
    try:
        with path.open("rb") as handle:
            return handle.read(2) == b"\x1f\x8b"
    except OSError:
        return False


def _header(path: Path, line: bytes) -> Header:
    shown = str(path)
    try:
        data = json.loads(line)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotABackup(shown, Text("die erste Zeile ist kein Sicherungskopf", "the first line is no backup header"))
    if data.get("version") != VERSION:
        raise NotABackup(
            shown,
            Text(
                f"Formatversion {data.get('version')!r}, bekannt ist {VERSION}",
                f"format version {data.get('version')!r}, known is {VERSION}",
            ),
        )
    try:
        tables = tuple(TableShape(str(t["name"]), tuple(t["columns"]), tuple(t["kinds"])) for t in data["tables"])
        return Header(str(data["revision"]), str(data["source"]), str(data["created_at"]), tables)
    except (KeyError, TypeError):
        raise DamagedBackup(shown, Text("der Kopf ist unvollständig", "the header is incomplete")) from None


def verify(path: Path, key: bytes | None = None, *, signature_required: bool = True) -> Header:
    """Read the whole file once: right format, complete (footer present), checksum and row count right,
    signed with this server's backup key (BU-9, ``store.backup_key``). Nothing is restored from a file
    that fails here (BU-5). ``signature_required=False`` is the operator's word that an unsigned file is
    theirs (BU-10): the file must still be whole."""
    shown = str(path)
    digest = hashlib.sha256()
    header: Header | None = None
    rows = 0
    footer: dict[str, Any] | None = None
    for line in _lines(path):
        if footer is not None:
            raise DamagedBackup(shown, Text("Daten nach dem Abschluss", "data after the end mark"))
        if header is None:
            header = _header(path, line)
            digest.update(line)
            continue
        if line.startswith(b"{"):
            try:
                footer = json.loads(line)
            except ValueError:
                raise DamagedBackup(shown, Text("unlesbare Zeile", "an unreadable line")) from None
            continue
        digest.update(line)
        rows += 1
    if header is None:
        raise NotABackup(shown, Text("die Datei ist leer", "the file is empty"))
    if footer is None or footer.get("end") is not True:
        raise DamagedBackup(
            shown,
            Text("der Abschluss fehlt: die Datei ist abgeschnitten", "the end mark is missing: the file was cut short"),
        )
    if footer.get("sha256") != digest.hexdigest() or footer.get("rows") != rows:
        raise DamagedBackup(shown, Text("die Prüfsumme stimmt nicht", "the checksum does not match"))
    if signature_required and not signed_by(
        key if key is not None else backup_key(), digest.hexdigest(), rows, footer.get("signature")
    ):
        raise UnsignedBackup(shown)
    return header


def read_lines(path: Path) -> Iterator[list[Any]]:
    """The row lines of a verified file as written (``[table index, values...]``, values not decoded)."""
    lines = _lines(path)
    next(lines)  # the header
    loads = json.loads
    for line in lines:
        if line.startswith(b"{"):
            return  # the footer
        yield loads(line.decode("utf-8"))  # text: json.loads skips guessing the encoding of bytes


def read_rows(path: Path, header: Header) -> Iterator[tuple[TableShape, list[Any]]]:
    """The rows of a verified file, decoded, in file order (tables parents first)."""
    lines = _lines(path)
    next(lines)  # the header
    for line in lines:
        if line.startswith(b"{"):
            return  # the footer
        index, *values = json.loads(line)
        shape = header.tables[index]
        yield shape, [decode(kind, value) for kind, value in zip(shape.kinds, values, strict=True)]
