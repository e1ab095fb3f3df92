"""Backup and restore (issue 13.6; docs/backup.md BU-1 … BU-7) on SQLite and PostgreSQL and across:
a round trip backup → restore → export gives identical files; a backup taken while a thread writes
restores to a consistent prefix; every refusal (non-empty database, newer schema, cut-short,
corrupted or foreign file, a match that does not replay) says why in German and English and writes
nothing."""

from __future__ import annotations

import gzip
import json
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select, text

from stammtisch.matches.service import MatchService
from stammtisch.store import open_store
from stammtisch.store.backup import make_backup
from stammtisch.store.backup_errors import (
    DamagedBackup,
    DatabaseNotEmpty,
    MatchesDoNotReplay,
    NewerSchema,
    NotABackup,
)
from stammtisch.store.backup_restore import restore
from stammtisch.store.database import downgrade, head_revision
from stammtisch.store.members import SqlClub
from stammtisch.store.tables import match_events, matches, members
from tests.store.backup_files import export, rewrite
from tests.store.backup_world import NAMES, NOW, fill_club, new_evening, play


def rows_in(url: str) -> int:
    """Rows in the database's data tables (0 for a file that was never made)."""
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        return 0
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return sum(
                int(connection.execute(select(func.count()).select_from(t)).scalar_one())
                for t in (matches, match_events, members)
                if connection.dialect.has_table(connection, t.name)
            )
    finally:
        engine.dispose()


def test_bu1_bu2_round_trip_gives_identical_exports(sql_url: str, tmp_path: Path) -> None:
    """BU-1, BU-2: backup → restore into an empty database → export equals the export of the original."""
    fill_club(sql_url)
    before = export(sql_url, tmp_path / "before")
    file = tmp_path / "club.backup"
    summary = make_backup(sql_url, file)
    assert summary.revision == head_revision() and summary.rows > 0
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restored = restore(target, file)
    assert restored.rows == summary.rows and restored.matches == 3
    assert export(target, tmp_path / "after") == before


@pytest.mark.postgres
def test_bu1_sqlite_backup_restores_into_postgresql(sqlite_url: str, pg_url: str, tmp_path: Path) -> None:
    """BU-1: one file format for both backends: a SQLite backup restored into PostgreSQL exports the
    same files, and PostgreSQL's ids continue after the restored ones."""
    fill_club(sqlite_url)
    before = export(sqlite_url, tmp_path / "before")
    file = tmp_path / "club.backup"
    make_backup(sqlite_url, file)
    restore(pg_url, file)
    assert export(pg_url, tmp_path / "after") == before
    again = tmp_path / "again.backup"
    make_backup(pg_url, again)
    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    restore(back, again)
    assert export(back, tmp_path / "back") == before
    store = open_store(pg_url)
    try:
        added = SqlClub(store.engine).add_member("Emil", "emil", "", members_kind(), False, NOW)
        assert added.member_id == len(NAMES) + 1
    finally:
        store.close()


def members_kind():  # noqa: ANN201
    from stammtisch.club.members.model import Kind

    return Kind.MEMBER


def test_bu1_backup_while_writing_is_a_consistent_prefix(sql_url: str, tmp_path: Path) -> None:
    """BU-1: a backup taken while a thread writes events holds exactly the events written before some
    moment (a prefix of the writer's order, across two matches), and each match's ``last_seq`` agrees."""
    store = open_store(sql_url)
    service = MatchService(store.repository, clock=lambda: NOW)
    club = SqlClub(store.engine)
    ids = [club.add_member(n, n.lower(), "", members_kind(), False, NOW).member_id for n in NAMES]
    evenings = [new_evening(service, club, ids) for _ in range(2)]
    written: list[tuple[str, int]] = []
    halfway = threading.Event()
    stop = threading.Event()

    def writer() -> None:
        step = 0
        while not stop.is_set() and step < 400:
            match_id = evenings[step % 2]
            play(service, match_id, seed=step, steps=1, close=False)
            written.append((match_id, service.snapshot(match_id).seq))
            step += 1
            if step == 40:
                halfway.set()
        halfway.set()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert halfway.wait(60)
        file = tmp_path / "busy.backup"
        make_backup(sql_url, file)
        written_at_backup_end = len(written)
    finally:
        stop.set()
        thread.join()
        store.close()
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restore(target, file)
    engine = create_engine(target)
    with engine.connect() as connection:
        restored = set(connection.execute(select(match_events.c.match_id, match_events.c.seq)).all())
        last = dict(connection.execute(select(matches.c.match_id, matches.c.last_seq)).all())
    engine.dispose()
    prefix = len(restored)
    # The writer records a step just after its commit: one step may be in the snapshot and not yet
    # recorded when the (fast) backup ends.
    assert 40 <= prefix <= written_at_backup_end + 1 <= len(written) + 1
    assert restored == set(written[:prefix])
    for match_id in evenings:
        assert last[match_id] == max((seq for m, seq in restored if m == match_id), default=0)


def test_bu3_refuses_a_database_that_is_not_empty(sql_url: str, tmp_path: Path) -> None:
    """BU-3: restoring over data is refused (bilingual), nothing changes; ``replace`` replaces all of it."""
    fill_club(sql_url)
    file = tmp_path / "club.backup"
    make_backup(sql_url, file)
    before = export(sql_url, tmp_path / "before")
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    store = open_store(other)
    SqlClub(store.engine).add_member("Zora", "zora", "", members_kind(), False, NOW)
    store.close()
    with pytest.raises(DatabaseNotEmpty) as refused:
        restore(other, file)
    assert refused.value.clause == "BU-3" and "--replace" in refused.value.message.de
    assert "not empty" in refused.value.message.en and "BU-3" not in refused.value.message.en
    assert rows_in(other) == 1
    summary = restore(other, file, replace=True)
    assert summary.replaced == 1
    assert export(other, tmp_path / "after") == before


def test_bu4_refuses_a_newer_schema(sqlite_url: str, tmp_path: Path) -> None:
    """BU-4: a file from a schema this version does not know is refused, nothing written."""
    fill_club(sqlite_url)
    file = tmp_path / "club.backup"
    make_backup(sqlite_url, file)
    future = tmp_path / "future.backup"
    rewrite(file, future, header=lambda data: {**data, "revision": "0099_from_the_future"})
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(NewerSchema) as refused:
        restore(target, future)
    assert "0099_from_the_future" in refused.value.message.de and "Update Stammtisch" in refused.value.message.en
    assert rows_in(target) == 0


def test_bu4_an_older_schema_is_migrated_forward(sqlite_url: str, tmp_path: Path) -> None:
    """BU-4: a backup from an older schema restores and comes out at the newest one."""
    fill_club(sqlite_url)
    store = open_store(sqlite_url)
    downgrade(store.engine, "0009_ledger")
    store.close()
    file = tmp_path / "old.backup"
    assert make_backup(sqlite_url, file).revision == "0009_ledger"
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    assert restore(target, file).matches == 3
    engine = create_engine(target)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head_revision()
    engine.dispose()


@pytest.mark.parametrize("damage", ["truncated", "flipped", "edited"])
def test_bu5_refuses_a_damaged_file(sqlite_url: str, tmp_path: Path, damage: str) -> None:
    """BU-5: a file cut short, with a changed byte, or with an edited row but the old checksum: refused."""
    fill_club(sqlite_url)
    file = tmp_path / "club.backup"
    make_backup(sqlite_url, file)
    data = file.read_bytes()
    if damage == "truncated":
        file.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        middle = len(data) // 2
        file.write_bytes(data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :])
    else:
        plain = gzip.decompress(data).replace(b'"Anna"', b'"Anne"', 1)
        file.write_bytes(gzip.compress(plain))
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(DamagedBackup) as refused:
        restore(target, file)
    assert refused.value.clause == "BU-5" and "beschädigt" in refused.value.message.de
    assert "damaged" in refused.value.message.en
    assert rows_in(target) == 0


@pytest.mark.parametrize(
    "content",
    [b"", b"SQLite format 3\x00 not ours", gzip.compress(b'{"hello": 1}\n', mtime=0)],
    ids=["empty", "sqlite", "foreign-gzip"],
)
def test_bu2_refuses_a_file_in_another_format(tmp_path: Path, content: bytes) -> None:
    """BU-2: an empty file, another program's file, gzip that is not a backup: refused as not a backup."""
    file = tmp_path / "strange.backup"
    file.write_bytes(content)
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises((NotABackup, DamagedBackup)) as refused:
        restore(target, file)
    assert refused.value.clause in ("BU-2", "BU-5")
    assert rows_in(target) == 0


def test_bu6_a_match_that_does_not_replay_is_named(sqlite_url: str, tmp_path: Path) -> None:
    """BU-6: a log whose dice could not have fallen (a face 7) is refused, naming the match; nothing written."""
    made = fill_club(sqlite_url)
    file = tmp_path / "club.backup"
    make_backup(sqlite_url, file)
    bad = tmp_path / "bad.backup"
    events = None

    def spoil(header: dict, line: list) -> list:
        nonlocal events
        events = [t["name"] for t in header["tables"]].index("match_events")
        if line[0] == events and line[1] == made[1] and line[2] == 1:
            line[5] = json.dumps({"kind": "outcome", "outcome": {"type": "DiceOutcome", "faces": [7]}})
        return line

    rewrite(file, bad, row=spoil)
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(MatchesDoNotReplay) as refused:
        restore(target, bad)
    assert refused.value.match_ids == (made[1],)
    assert made[1] in refused.value.message.de and f"{made[1]}: event 1: outcome/impossible" in refused.value.message.en
    assert rows_in(target) == 0


def test_bu5_a_changed_byte_that_breaks_the_gzip_checksum_is_damage_not_another_format(
    sqlite_url: str, tmp_path: Path
) -> None:
    """BU-5: a byte flipped inside the compressed data can surface as a gzip checksum error (which byte
    depends on the content); a file that starts as gzip is then refused as damaged, not as foreign."""
    fill_club(sqlite_url)
    file = tmp_path / "club.backup"
    make_backup(sqlite_url, file)
    data = file.read_bytes()
    trailer = len(data) - 8  # gzip's CRC-32 of the content: a change there is caught only by the checksum
    file.write_bytes(data[:trailer] + bytes([data[trailer] ^ 0xFF]) + data[trailer + 1 :])
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(DamagedBackup) as refused:
        restore(target, file)
    assert refused.value.clause == "BU-5" and "beschädigt" in refused.value.message.de
    assert rows_in(target) == 0
