"""One contract suite for every TournamentRepository: in-memory, SQLite and PostgreSQL (PT-5, R-1.3).
PostgreSQL runs in a fresh schema per test (``pg_url``), so ``pytest -n 2`` workers never meet."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from stammtisch.club.tournament import (
    InMemoryTournaments,
    StoredDraw,
    TournamentNotFound,
    TournamentRecord,
    TournamentRefused,
    TournamentService,
    draw_pass,
)
from stammtisch.club.tournament.repository import TournamentRepository
from stammtisch.matches.service import MatchService
from stammtisch.store import SqlTournamentRepository, open_store
from stammtisch.store.tournament_sheets import MatchSheets

T0 = datetime(2026, 11, 22, 19, 0, 0, 123456, tzinfo=UTC)


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> Iterator[tuple[TournamentRepository, MatchService]]:
    from stammtisch.matches import InMemoryRepository

    if request.param == "memory":
        yield InMemoryTournaments(), MatchService(InMemoryRepository())
        return
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    store = open_store(url)
    try:
        yield SqlTournamentRepository(store.engine), MatchService(store.repository)
    finally:
        store.close()


def record(tid: str = "t1", minutes: int = 0) -> TournamentRecord:
    return TournamentRecord(tid, "Preisrommé – Herbst", T0.replace(minute=minutes), ("second_pass", "lots"), ("Gans",))


def test_create_get_list(backend: tuple[TournamentRepository, MatchService]) -> None:
    repository, _ = backend
    repository.create(record("a", 1))
    repository.create(record("b", 2))
    assert repository.get("a") == record("a", 1)
    assert [r.tournament_id for r in repository.list_tournaments(10)] == ["b", "a"]
    assert repository.list_tournaments(1)[0].tournament_id == "b"
    with pytest.raises(TournamentNotFound):
        repository.get("zz")


def test_registration_numbers_names_and_closing(backend: tuple[TournamentRepository, MatchService]) -> None:
    """PT-5: numbers 1, 2, …; a name once (case-insensitive); R-1.3: closed once a pass is drawn."""
    repository, _ = backend
    repository.create(record())
    assert [repository.register("t1", n).number for n in ("Jürgen", "Grit", "Sören", "Änne")] == [1, 2, 3, 4]
    with pytest.raises(TournamentRefused):
        repository.register("t1", "grit")
    assert [p.name for p in repository.players("t1")] == ["Jürgen", "Grit", "Sören", "Änne"]
    drawn = draw_pass("seed", 1, [1, 2, 3, 4])
    repository.add_draw("t1", StoredDraw(drawn, ("m1",), T0))
    with pytest.raises(TournamentRefused) as closed:
        repository.register("t1", "Later")
    assert closed.value.clause == "R-1.3"
    with pytest.raises(TournamentNotFound):
        repository.register("zz", "X")


def test_draws_round_trip_and_are_stored_once(backend: tuple[TournamentRepository, MatchService]) -> None:
    """R-1.3 / PT-2: seed, permutation, tables and the sheets' match ids come back exactly."""
    repository, _ = backend
    repository.create(record())
    for i in range(10):
        repository.register("t1", f"P{i}")
    first = StoredDraw(draw_pass("abc", 1, range(1, 11)), ("m1", "m2", "m3"), T0)
    repository.add_draw("t1", first)
    with pytest.raises(TournamentRefused):
        repository.add_draw("t1", StoredDraw(draw_pass("other", 1, range(1, 11)), ("x", "y", "z"), T0))
    second = StoredDraw(draw_pass("def", 2, range(1, 11)), ("m4", "m5", "m6"), T0)
    repository.add_draw("t1", second)
    assert repository.draws("t1") == [first, second]


def test_racing_registrations_get_distinct_numbers(backend: tuple[TournamentRepository, MatchService]) -> None:
    repository, _ = backend
    repository.create(record())
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def join(i: int) -> None:
        barrier.wait()
        try:
            for k in range(3):
                repository.register("t1", f"P{i}-{k}")
        except BaseException as error:  # noqa: BLE001 - collected for the assertion
            errors.append(error)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [p.number for p in repository.players("t1")] == list(range(1, 13))


def test_a_whole_tournament_on_the_backend(backend: tuple[TournamentRepository, MatchService]) -> None:
    """The use cases on real storage: draw, sheets as score-sheet matches, standings."""
    import random

    from tests.club.sheets import play_sheet

    repository, matches = backend
    service = TournamentService(repository, MatchSheets(matches))
    tid = service.create("Turnier").tournament_id
    for i in range(7):
        service.register(tid, f"P{i + 1}")
    rng = random.Random(7)
    for pass_no in (1, 2):
        stored = service.draw(tid, pass_no)
        for match_id in stored.match_ids:
            play_sheet(matches, match_id, rng)
    overview = service.overview(tid)
    assert overview.standings.complete
    assert all(overview.audit(d) for d in overview.draws)
    assert sum(p.result.games_played for p in overview.standings.placings) == 7 * 16


def test_options_are_stored(backend: tuple[TournamentRepository, MatchService]) -> None:
    """RA-23 ``scoring`` and RA-24 ``normalise_table_size`` come back as stored (defaults otherwise)."""
    repository, _ = backend
    collects = replace(record("w"), scoring="winner_collects")
    repository.create(collects)
    repository.create(record("p"))
    assert repository.get("w") == collects
    assert (repository.get("p").scoring, repository.get("p").normalise_table_size) == ("penalty_points", False)


def test_register_many_is_all_or_nothing(backend: tuple[TournamentRepository, MatchService]) -> None:
    """PT-5: a list registers with consecutive numbers, or (one name taken) not at all."""
    repository, _ = backend
    repository.create(record())
    repository.register("t1", "Grit")
    with pytest.raises(TournamentRefused) as taken:
        repository.register_many("t1", ["Änne", "GRIT", "Sören"])
    assert "GRIT" in taken.value.message.en
    assert [p.name for p in repository.players("t1")] == ["Grit"]
    added = repository.register_many("t1", ["Änne", "Sören"])
    assert [(r.number, r.name) for r in added] == [(2, "Änne"), (3, "Sören")]
    assert [p.number for p in repository.players("t1")] == [1, 2, 3]
