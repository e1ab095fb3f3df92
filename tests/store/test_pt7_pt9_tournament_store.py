"""PT-7 and PT-9 on real databases (SQLite; PostgreSQL with STAMMTISCH_TEST_DATABASE_URL): changes of
players are stored in sequence and survive a restart, a draw is stored only from the pool they leave,
racing changes keep the sequence dense, and "deleting" a tournament archives it, keeping every row
(restorable). Migration 0005 adds the changes table to a database at 0004."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, inspect, select

from stammtisch.club.tournament import (
    DeleteRefused,
    PassRunning,
    StoredDraw,
    TournamentArchived,
    TournamentRefused,
    draw_pass,
)
from stammtisch.club.tournament.changes import REPLACE, WITHDRAW
from stammtisch.matches.service import MatchService
from stammtisch.store import create_store_engine, open_store
from stammtisch.store.database import downgrade, upgrade
from stammtisch.store.tables import match_events, matches
from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.store.tournament_tables import tournament_changes, tournament_draws, tournament_players, tournaments
from tests.club.sheets import play_sheet


def _service(url: str):
    store = open_store(url)
    return store, tournament_service(MatchService(store.repository))


def test_changes_are_recorded_in_sequence_and_survive_a_restart(sql_url: str) -> None:
    """PT-7: who left, who joined, before which pass, in which order and when: all read back after
    the process (and its caches) is gone; the pass-2 draw is audited against the stored pool."""
    store, service = _service(sql_url)
    try:
        tid = service.create("Herbst").tournament_id
        service.register_many(tid, [f"P{i}" for i in range(1, 9)])
        service.withdraw(tid, 8)
        service.join(tid, "P8")  # she comes back before the first draw
        stored = service.draw(tid, 1)
        for match_id in stored.match_ids:
            play_sheet(service.sheets.service, match_id, random.Random(4))
        service.replace(tid, 2, "Berta")
        service.withdraw(tid, 7)
        expected = service.changes(tid)
    finally:
        store.close()
    store, service = _service(sql_url)
    try:
        changes = service.changes(tid)
        assert changes == expected
        assert [(c.seq, c.before_pass, c.kind, c.leaving, c.joining) for c in changes] == [
            (1, 1, WITHDRAW, 8, None),
            (2, 1, "return", None, 8),
            (3, 2, REPLACE, 2, 9),
            (4, 2, WITHDRAW, 7, None),
        ]
        assert all(c.at.tzinfo is not None for c in changes)
        assert [c.at for c in changes] == sorted(c.at for c in changes)
        second = service.draw(tid, 2)
        assert sorted(second.draw.permutation) == [1, 3, 4, 5, 6, 8, 9]
        overview = service.overview(tid)
        assert all(overview.audit(d) for d in overview.draws)
        assert overview.names[9] == "Berta"
        with pytest.raises(PassRunning):
            service.withdraw(tid, 1)
        assert service.changes(tid) == changes
    finally:
        store.close()


def test_a_stale_draw_and_a_stale_change_are_refused_by_the_store(sql_url: str) -> None:
    """PT-7 under the tournament's lock: a draw of the wrong pool, a change after the draw: refused."""
    store, service = _service(sql_url)
    try:
        tid = service.create("Herbst").tournament_id
        service.register_many(tid, ["A", "B", "C", "D", "E"])
        service.withdraw(tid, 5)
        with pytest.raises(TournamentRefused) as stale_draw:
            service.repository.add_draw(tid, StoredDraw(draw_pass("s", 1, [1, 2, 3, 4, 5]), ("m",), service.clock()))
        assert stale_draw.value.clause == "PT-7"
        service.draw(tid, 1)
        with pytest.raises(PassRunning):
            service.repository.change_players(tid, 1, 1, "Ersatz", service.clock())
        assert len(service.repository.players(tid)) == 5
    finally:
        store.close()


def test_racing_late_arrivals_keep_numbers_and_sequence_dense(sql_url: str) -> None:
    """PT-7: four organisers' phones register late arrivals at once: distinct numbers, seq 1..n."""
    store, service = _service(sql_url)
    try:
        tid = service.create("Herbst").tournament_id
        service.register_many(tid, ["A", "B", "C", "D"])
        for match_id in service.draw(tid, 1).match_ids:
            play_sheet(service.sheets.service, match_id, random.Random(1))
        barrier = threading.Barrier(4)
        errors: list[BaseException] = []

        def arrive(i: int) -> None:
            barrier.wait()
            try:
                for k in range(2):
                    service.join(tid, f"Spät {i}-{k}")
            except BaseException as error:  # noqa: BLE001 - collected for the assertion
                errors.append(error)

        threads = [threading.Thread(target=arrive, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        changes = service.changes(tid)
        assert [c.seq for c in changes] == list(range(1, 9))
        assert sorted(c.joining for c in changes) == list(range(5, 13))
    finally:
        store.close()


def _rows(store, tid: str, sheets: tuple[str, ...]) -> dict[str, int]:
    with store.engine.connect() as connection:
        counts = {
            table.name: connection.execute(
                select(func.count()).select_from(table).where(table.c.tournament_id == tid)
            ).scalar()
            for table in (tournaments, tournament_players, tournament_draws, tournament_changes)
        }
        for table in (matches, match_events):
            counts[table.name] = connection.execute(
                select(func.count()).select_from(table).where(table.c.match_id.in_(sheets))
            ).scalar()
    return counts


def test_archiving_keeps_every_row_and_restoring_brings_it_back(sql_url: str) -> None:
    """PT-9 (migration 0007): "deleting" archives: not a row of the tournament or its sheets goes; it
    leaves the list, refuses changes, survives a restart archived, and is restored as it was."""
    store, service = _service(sql_url)
    try:
        tid = service.create("Herbst").tournament_id
        service.register_many(tid, ["A", "B", "C", "D", "E"])
        service.withdraw(tid, 5)
        sheets = service.draw(tid, 1).match_ids
        play_sheet(service.sheets.service, sheets[0], random.Random(2), games=2)
        before = _rows(store, tid, sheets)
        assert before["tournament_changes"] == 1 and before["match_events"] > 0
        original = service.get(tid)
        with pytest.raises(DeleteRefused):
            service.delete(tid, "Winter")
        service.delete(tid, "herbst", actor="cli:anna")
        assert _rows(store, tid, sheets) == before
        with pytest.raises(TournamentArchived):
            service.register(tid, "Fritz")
    finally:
        store.close()
    store, service = _service(sql_url)  # a restart
    try:
        record = service.get(tid)
        assert record.archived and record.archived_by == "cli:anna" and record.archived_at is not None
        assert tid not in [r.tournament_id for r in service.list_tournaments()]
        assert [r.tournament_id for r in service.list_archived()] == [tid]
        assert service.restore(tid) == original
        assert [r.tournament_id for r in service.list_tournaments()] == [tid] and service.list_archived() == []
        assert _rows(store, tid, sheets) == before
        assert service.sheets.service.snapshot(sheets[0]).seq > 0
    finally:
        store.close()


def test_migration_0005_adds_changes_to_a_database_at_0004(sql_url: str) -> None:
    """Existing tournaments keep working (no changes: everybody in both pools); downgrade drops it."""
    engine = create_store_engine(sql_url)
    try:
        upgrade(engine, "0004_tournament_options")
        assert "tournament_changes" not in inspect(engine).get_table_names()
        with engine.begin() as connection:
            connection.execute(
                tournaments.insert().values(
                    tournament_id="old", title="Alt", created_at=datetime.now(UTC), tie_break=[], prizes=[], options={}
                )
            )
        upgrade(engine)
        assert "tournament_changes" in inspect(engine).get_table_names()
    finally:
        engine.dispose()
    store, service = _service(sql_url)
    try:
        service.register_many("old", ["A", "B", "C"])
        assert service.changes("old") == []
        assert sorted(service.draw("old", 1).draw.permutation) == [1, 2, 3]
    finally:
        store.close()
    engine = create_store_engine(sql_url)
    try:
        downgrade(engine, "0004_tournament_options")
        assert "tournament_changes" not in inspect(engine).get_table_names()
    finally:
        engine.dispose()
