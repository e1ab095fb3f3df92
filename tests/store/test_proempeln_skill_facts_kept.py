"""Prömpeln's skill book from the kept facts (``match_facts``, issue 28.1), on SQLite and PostgreSQL:
after a start the book reads each match's kept facts instead of folding its log, and its players and
club prior equal the model computed from scratch (every log folded) over random table games with
slips, invalid attempts and undo; a match whose log grew after its facts were kept is read again."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.core.errors import RuleViolation
from stammtisch.games.proempeln import GAME as PROEMPELN
from stammtisch.matches import MatchService
from stammtisch.matches.games.proempeln.record import players, read_matches
from stammtisch.matches.games.proempeln.skills import KIND, SkillBook, SkillSnapshot, facts_version
from stammtisch.store import open_store

value = st.sampled_from([0, 1, 2, 3, "x"])
turn = st.tuples(st.lists(value, min_size=7, max_size=7), st.booleans(), st.booleans())  # values, slip, undo
game = st.lists(turn, min_size=1, max_size=4)


class CountingReads:
    """The store's repository, counting the logs it is asked to read (not a stand-in: every call goes on)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.logs_read = 0

    def events(self, match_id: str, after_seq: int = 0) -> Any:
        self.logs_read += 1
        return self.inner.events(match_id, after_seq)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _play(service: MatchService, turns: list[tuple[list[Any], bool, bool]]) -> None:
    match_id = service.create("proempeln", ["Anna", "ben ", "Cem"], mode="table").match_id
    for number, (values, slip, undo) in enumerate(turns):
        seat = number % 3
        try:
            seq = service.snapshot(match_id).seq
            steps = [(seat, "none"), *((None, f"s{seat} b{b} {v}") for b, v in enumerate(values, start=1))]
            snap = service.submit(match_id, steps, seq)
            if slip:
                snap = service.act(match_id, seat, "slip 1", snap.seq)
            snap = service.act(match_id, seat, "record", snap.seq)
            if undo:
                service.undo(match_id, snap.seq)
        except RuleViolation:
            return  # a step the rules refuse here: the game stays as it stands


def _from_scratch(repository: Any) -> SkillSnapshot:
    return SkillSnapshot(players(read_matches(repository, PROEMPELN)))


def _same(book: SkillSnapshot, scratch: SkillSnapshot) -> None:
    assert book.facts == scratch.facts
    assert book.prior == scratch.prior
    for name in [*scratch.facts, "Neu"]:
        assert book.skill(name) == scratch.skill(name)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=st.lists(game, min_size=1, max_size=3), later=turn)
def test_the_book_after_a_start_equals_the_model_from_scratch(
    sql_url: str, games: list[list[tuple[list[Any], bool, bool]]], later: tuple[list[Any], bool, bool]
) -> None:
    store = open_store(sql_url)
    try:
        with store.engine.begin() as connection:  # hypothesis reuses the database: start each club afresh
            connection.exec_driver_sql("DELETE FROM match_facts")
            connection.exec_driver_sql("DELETE FROM match_events")
            connection.exec_driver_sql("DELETE FROM match_seats")
            connection.exec_driver_sql("DELETE FROM matches")
        service = MatchService(store.repository)
        for turns in games:
            _play(service, turns)
        SkillBook(store.repository).load()  # the running server's book keeps each match's facts
    finally:
        store.close()

    restarted = open_store(sql_url)
    try:
        kept = restarted.repository.kept_facts(KIND, facts_version(PROEMPELN, PROEMPELN.rules_version))
        assert len(kept) == len(games)
        reads = CountingReads(restarted.repository)
        _same(SkillBook(reads).load(), _from_scratch(restarted.repository))
        assert reads.logs_read == 0  # nothing folded after the start

        _play(MatchService(restarted.repository), [later])  # a new game: its facts are not kept yet
        reads = CountingReads(restarted.repository)
        _same(SkillBook(reads).load(), _from_scratch(restarted.repository))
        assert reads.logs_read == 1
    finally:
        restarted.close()


def test_facts_under_another_version_are_not_read(sql_url: str) -> None:
    store = open_store(sql_url)
    try:
        service = MatchService(store.repository)
        _play(service, [([3, 3, 2, 1, 0, 3, "x"], True, False), ([2, 2, 2, 2, 2, 2, 1], False, False)])
        SkillBook(store.repository).load()
        with store.engine.begin() as connection:
            connection.exec_driver_sql("UPDATE match_facts SET version = 'older code', document = '[]'")
        reads = CountingReads(store.repository)
        _same(SkillBook(reads).load(), _from_scratch(store.repository))
        assert reads.logs_read == 1
    finally:
        store.close()
