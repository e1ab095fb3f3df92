"""The read models (issue 28, docs/read-models.md): ``match_summaries`` agrees with a computation from
scratch over random clubs (evenings of members and guests, unlinked seats, undo after the end with a
reason, Prömpeln games beside them), survives a projector killed halfway (the next run makes the rest),
is rebuilt when its version changes, and feeds the bank's season figures. SQLite, and PostgreSQL with
``STAMMTISCH_TEST_DATABASE_URL``."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from stammtisch.club.games import bank_game
from stammtisch.club.stats.registry import STATS_GAMES
from stammtisch.club.stats.totals import MatchSummary, linked
from stammtisch.core.replay import ActionStep, fold
from stammtisch.games import GAMES
from stammtisch.matches import MatchService
from stammtisch.store import Store, open_store, read_models
from stammtisch.store.ledger_sync import CLUB_ZONE
from stammtisch.store.members import SqlClub
from stammtisch.store.read_model_tables import match_summaries, read_model_versions
from stammtisch.store.stats import StatsBook
from tests.club.stats.small_club import OPTIONS, SETUP, sheet_steps
from tests.store.test_state_snapshots import _play
from tests.store.test_stats_book import NAMES, _club

START = datetime(2025, 3, 6, 19, 0, tzinfo=UTC)


def _from_scratch(store: Store, service: MatchService) -> list[MatchSummary]:
    """Every ended match's figures computed directly: the steps in force folded from the start, the
    game's ``summarize``, the seats' members (no read model, no cache)."""
    club = SqlClub(store.engine)
    found = []
    for record in service.list_matches(10_000):
        stats = STATS_GAMES.get(record.game)
        engine = GAMES[record.game]
        if stats is None:
            continue
        fresh = MatchService(store.repository, snapshot_interval=0)
        steps = fresh.steps(record.match_id)
        initial = engine.start(len(record.players), engine.configure(record.options), record.setup)
        figures = stats.summarize(engine, initial, steps, fold(engine, initial, steps))
        if figures is None:
            continue
        day = record.created_at.astimezone(CLUB_ZONE).date()
        found.append(MatchSummary(record.match_id, record.game, day, linked(figures, club.seats(record.match_id))))
    return sorted(found, key=lambda s: (s.day, s.match_id))


def _random_club(store: Store, rng: random.Random, evenings: int) -> MatchService:
    ids = _club(store)
    clock = {"now": START}
    service = MatchService(store.repository, clock=lambda: clock["now"], snapshot_interval=7)
    steps = [(s.seat, s.action) for s in sheet_steps() if isinstance(s, ActionStep)]
    for number in range(evenings):
        clock["now"] = START + timedelta(days=7 * number + rng.randint(0, 400))  # across season ends
        created = service.create("kluempchen", NAMES, dict(OPTIONS), dict(SETUP), mode="scoresheet")
        linked_seats = rng.sample(range(4), rng.randint(0, 4))  # unlinked seats: guests nobody named
        SqlClub(store.engine).set_seats(created.match_id, [(seat, ids[NAMES[seat]]) for seat in linked_seats])
        snapshot = service.submit(created.match_id, steps, 0)
        if rng.random() < 0.3:  # a correction: the close taken back after the end, with a reason
            service.undo(created.match_id, snapshot.seq, actor="member:1", reason="falsch eingetragen")
        if rng.random() < 0.3:
            other = service.create("proempeln", ["A", "B", "C"], mode="table")
            _play(service, other.match_id, rng, 80, 0.1)
    return service


@pytest.mark.parametrize("seed", range(6))
def test_the_read_model_agrees_with_a_computation_from_scratch(seed: int, sql_url: str) -> None:
    """Random clubs, one per seed (a fresh database each): the number of evenings, which seats are linked,
    which evenings are corrected after the end, where the projector is killed, all drawn from the seed."""
    rng = random.Random(seed)
    evenings, killed_after = rng.randint(1, 6), rng.randint(0, 5)
    store = open_store(sql_url)
    try:
        service = _random_club(store, rng, evenings)
        expected = _from_scratch(store, service)

        class Killed(Exception):
            pass

        def kill(done: int, _total: int) -> None:
            if done > killed_after:
                raise Killed  # the projector's process dies here: the rows written so far stay

        with pytest.raises(Killed) if killed_after < evenings else _nothing():
            StatsBook(store.engine).rebuild(progress=kill)
        resumed = StatsBook(store.engine)
        resumed.catch_up()
        assert resumed.summaries() == expected
        restarted = StatsBook(store.engine)  # a new process: reads rows, folds no log
        assert restarted.summaries() == expected and restarted.reads == 0
    finally:
        store.close()


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: Any) -> None:
        return None


def test_a_new_version_rebuilds_the_read_model_at_start(store: Store) -> None:
    service = _random_club(store, random.Random(1), 2)
    book = StatsBook(store.engine)
    assert book.ensure_current()  # nothing stored yet: built
    assert not StatsBook(store.engine).ensure_current()
    with store.engine.begin() as connection:
        connection.execute(read_model_versions.update().values(version="made by older code"))
        # rows the older code made: its version, and figures this code would not make
        connection.execute(match_summaries.update().values(version="made by older code", figures=None, counted=False))
    again = StatsBook(store.engine)
    assert again.ensure_current()
    assert again.summaries() == _from_scratch(store, service)


def test_the_bank_reads_the_evenings_final_states_from_the_read_model(store: Store) -> None:
    service = _random_club(store, random.Random(2), 3)
    StatsBook(store.engine).rebuild()
    ended = [
        r.match_id for r in service.list_matches(100, "kluempchen") if bank_game().ended(service.state(r.match_id))
    ]
    kept = read_models.final_states(store.engine, ended, read_models.current_version())
    assert set(kept) == set(ended)
    assert all(kept[match_id] == service.state(match_id) for match_id in ended)


def test_backup_and_restore_carry_the_read_model(sql_url: str, tmp_path: Any) -> None:
    """A backup holds the read model's rows and the stored snapshots like any table; the restored club's
    statistics are the from-scratch ones and read no log (the rows are current: same logs, same code)."""
    from stammtisch.store.backup import make_backup
    from stammtisch.store.backup_restore import restore

    store = open_store(sql_url)
    try:
        service = _random_club(store, random.Random(5), 4)
        StatsBook(store.engine).rebuild()
        expected = _from_scratch(store, service)
    finally:
        store.close()
    file = tmp_path / "club.backup"
    make_backup(sql_url, file)
    target = f"sqlite:///{tmp_path}/restored.sqlite3"
    restore(target, file)
    restored = open_store(target)
    try:
        book = StatsBook(restored.engine)
        assert not book.ensure_current()
        assert book.summaries() == expected and book.reads == 0
    finally:
        restored.close()


def test_a_log_that_does_not_replay_is_named_and_the_others_are_made(store: Store) -> None:
    """One broken log (here a step no engine knows) must not stop the rebuild: it gets no row and is named
    in ``failed``; every other match's row is made."""
    from stammtisch.matches.events import Event

    service = _random_club(store, random.Random(6), 2)
    broken = service.create("proempeln", ["A", "B", "C"], mode="table").match_id
    seq = service.snapshot(broken).seq
    store.repository.append(
        broken,
        [
            Event(
                broken,
                seq + 1,
                "action",
                0,
                {"kind": "action", "seat": 0, "action": {"type": "X"}},
                None,
                START,
                seq + 1,
            )
        ],
    )
    book = StatsBook(store.engine)
    book.rebuild()
    assert set(book.failed) == {broken}
    healthy = StatsBook(store.engine)
    healthy.catch_up()  # the broken one is tried again (and fails again); the rest are current
    assert set(healthy.failed) == {broken}
