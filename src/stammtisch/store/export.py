"""``stammtisch export``: the club's records as readable files (issue 31.4, docs/backup.md).

A backup (``store.backup``) is for restoring; an export is for reading elsewhere (a spreadsheet, a
script, another program). Beside its readable summaries (``matches.jsonl`` with each match's events,
``members.json``, ``ledger.jsonl``, ``seasons.json``, ``season_starts.json``), the export carries every
record the backup carries in ``tables/``: one JSON-lines file per table (``tables/<table>.jsonl``, one
object per row, column names as keys, date-times in ISO 8601 UTC), except
what is listed in ``LEFT_OUT`` with the reason: secrets, which an export must not spread (password and
token hashes, the seat links' tokens), and figures rebuilt from the records (read models). A table the
store gains later is exported until it is listed there (``tests/store/test_export_covers_backup.py``
checks that each table of the backup is either exported or left out on purpose)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from stammtisch.store.backup import data_tables, ordered_rows
from stammtisch.store.backup_format import column_kind, encode

#: Tables not exported, and why.
LEFT_OUT: dict[str, str] = {
    "sessions": "secret: the hashes of signed-in browsers' cookies",
    "api_tokens": "secret: the hashes of API tokens (the tokens' labels are the owner's business)",
    "invites": "secret: the hashes of invite links",
    "seat_links": "secret: the seat links' tokens (who sat where is in match_seats and the matches)",
    "share_links": "secret: the follow and screen links' tokens",
    "evening_links": "secret: the evening follow links' tokens",
    "match_state_snapshots": "rebuilt from the match events (a read model)",
    "match_summaries": "rebuilt from the match events (a read model)",
    "match_facts": "rebuilt from the match events (a read model)",
    "read_model_versions": "bookkeeping of the read models",
}
#: Columns left out of an exported table (secrets in an otherwise readable row).
LEFT_OUT_COLUMNS: dict[str, tuple[str, ...]] = {"accounts": ("password_hash",)}


def _plain(kind: str, value: Any) -> Any:
    if kind == "json":
        return json.loads(value) if isinstance(value, str) else value
    return encode(kind, value)


def export_tables(engine: Engine, out: Path) -> list[str]:
    """Writes one ``<table>.jsonl`` per exported table into ``out`` (made if missing); returns the names."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    with engine.connect() as connection:
        for table in data_tables(connection):
            if table.name in LEFT_OUT:
                continue
            hidden = LEFT_OUT_COLUMNS.get(table.name, ())
            columns = [(c.name, column_kind(c)) for c in table.columns if c.name not in hidden]
            name = f"{table.name}.jsonl"
            with (out / name).open("w", encoding="utf-8") as handle:
                for row in ordered_rows(connection, table):
                    values = row._mapping
                    line = {column: _plain(kind, values[column]) for column, kind in columns}
                    handle.write(json.dumps(line, ensure_ascii=False, sort_keys=True, default=str) + "\n")
            written.append(name)
    return written
