"""BU-1/BU-2 on PostgreSQL: the server writes each row's line itself (``store.backup.dump_postgres``).
Those lines must say exactly what the value-by-value path through SQLAlchemy (``store.backup.dump``)
says: the same rows in the same order, every date-time, date, number, text and flag the same JSON value
(date-times with and without microseconds, NULLs, 0001-01-01, quotes, backslashes, line breaks and
umlauts in text), JSON columns the same documents; in one snapshot; and the file restores."""

from __future__ import annotations

import gzip
import io
import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, insert

from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.bank.season import SINCE_EVER
from stammtisch.club.members.model import Kind
from stammtisch.store import open_store
from stammtisch.store.backup import dump, dump_postgres, make_backup
from stammtisch.store.backup_format import read_rows, verify
from stammtisch.store.backup_restore import restore
from stammtisch.store.ledger import SqlLedger
from stammtisch.store.members import SqlClub
from stammtisch.store.settings import club_settings
from stammtisch.store.tables import match_events, matches

WHOLE = datetime(2026, 5, 8, 18, 0, 0, tzinfo=UTC)
ODD_TEXT = 'Anna sagt "Schuster!" \\ zurück\nneue Zeile\ttab ü € 🎲'


def _fill(url: str, match: bool = True) -> None:
    """Odd values in every kind of column; ``match``: also a match with two hand-made events (no game
    replays them: only for comparing files)."""
    store = open_store(url)
    try:
        club = SqlClub(store.engine)
        anna = club.add_member("Änne Ölmann", "änne ölmann", "Änne", Kind.MEMBER, False, WHOLE).member_id
        ledger = SqlLedger(store.engine)
        ledger.append(
            [
                booking(anna, Reason.CASH_IN, 1250, date(2026, 5, 9), WHOLE + timedelta(microseconds=1), note=ODD_TEXT),
                booking(anna, Reason.LATE, 300, date(2026, 5, 10), WHOLE + timedelta(microseconds=120_000)),
                booking(None, Reason.SPENDING, 99, date(2027, 1, 1), WHOLE + timedelta(days=3, seconds=59), note="x"),
            ]
        )
        with store.engine.begin() as connection:
            connection.execute(
                insert(club_settings).values(
                    name="season_start", effective=SINCE_EVER, value="08-01", changed_at=WHOLE, changed_by=anna
                )
            )
            if not match:
                return
            connection.execute(
                insert(matches).values(
                    match_id="m-ü",
                    game="toy-open",
                    rules_version="1",
                    options={"rounds": 1, "note": ODD_TEXT},
                    setup={},
                    players=["Änne", 'Ben "B"'],
                    mode="table",
                    title=ODD_TEXT[:50],
                    created_at=WHOLE,
                    last_seq=2,
                )
            )
            connection.execute(
                insert(match_events),
                [
                    {
                        "match_id": "m-ü",
                        "seq": 1,
                        "kind": "action",
                        "seat": 0,
                        "payload": {"action": "pick 2", "list": [1, 2.5, None, True], "text": ODD_TEXT},
                        "actor": None,
                        "at": WHOLE + timedelta(microseconds=999_999),
                        "batch": 1,
                        "correlation_id": None,
                        "reason": None,
                    },
                    {
                        "match_id": "m-ü",
                        "seq": 2,
                        "kind": "outcome",
                        "seat": None,
                        "payload": {},
                        "actor": "Änne",
                        "at": WHOLE + timedelta(hours=1),
                        "batch": 2,
                        "correlation_id": "c-1",
                        "reason": ODD_TEXT,
                    },
                ],
            )
    finally:
        store.close()


def _lines(data: bytes) -> list[list[object]]:
    text = gzip.decompress(data).decode("utf-8").splitlines()
    return [json.loads(line) for line in text[1:-1]]


def _kinds(data: bytes) -> list[tuple[str, ...]]:
    header = json.loads(gzip.decompress(data).decode("utf-8").splitlines()[0])
    return [tuple(t["kinds"]) for t in header["tables"]]


def test_bu2_postgres_lines_say_what_the_value_by_value_path_says(pg_url: str, tmp_path: Path) -> None:
    _fill(pg_url)
    engine = create_engine(pg_url)
    try:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as connection:
            with connection.begin():
                fast, slow = io.BytesIO(), io.BytesIO()
                fast_result = dump_postgres(connection, fast)
                slow_result = dump(connection, slow, "postgresql")
    finally:
        engine.dispose()
    assert fast_result == slow_result
    kinds = _kinds(fast.getvalue())
    assert kinds == _kinds(slow.getvalue())
    fast_rows, slow_rows = _lines(fast.getvalue()), _lines(slow.getvalue())
    assert len(fast_rows) == len(slow_rows) == fast_result[1]
    for mine, theirs in zip(fast_rows, slow_rows, strict=True):
        assert mine[0] == theirs[0]
        for kind, a, b in zip(kinds[int(mine[0])], mine[1:], theirs[1:], strict=True):  # type: ignore[call-overload]
            if kind == "json":
                assert json.loads(a) == json.loads(b)  # the stored text, or SQLAlchemy's: the same document
            else:
                assert (a, type(a)) == (b, type(b)), kind
    written = {str(value) for row in fast_rows for value in row[1:]}
    assert {"2026-05-08T18:00:00+00:00", "2026-05-08T18:00:00.000001+00:00", "0001-01-01"} <= written
    assert "2026-05-08T18:00:00.120000+00:00" in written and ODD_TEXT in written


def test_bu1_a_postgres_backup_restores_into_sqlite(pg_url: str, tmp_path: Path) -> None:
    _fill(pg_url, match=False)
    file = tmp_path / "pg.backup"
    summary = make_backup(pg_url, file)
    assert summary.source == "postgresql" and verify(file).source == "postgresql"
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restore(target, file)
    again = tmp_path / "sqlite.backup"
    make_backup(target, again)
    original = [(shape.name, row) for shape, row in read_rows(file, verify(file))]
    restored = [(shape.name, row) for shape, row in read_rows(again, verify(again))]
    assert restored == original  # the same rows and values (SQLite writes its own date-time text)
    assert ("club_settings", ["season_start", SINCE_EVER, "08-01", WHOLE, 1]) in original
