"""Prömpeln skill models learned from stored table games (issue 4, part 3), on SQLite and
PostgreSQL (``STAMMTISCH_TEST_DATABASE_URL``; skipped with a message when unset).

The models are derived from the match logs: they survive a restart (a new process reading the same
database), follow undo, ignore sampled (digital) landings and invalid attempts, count a slipped
stopper as 0 (PR-3.3), and new players get the club prior with ``samples == 0`` (E16)."""

from __future__ import annotations

import pytest

from stammtisch.games.proempeln import GAME as PROEMPELN
from stammtisch.games.proempeln.rules import cap_node
from stammtisch.games.proempeln.skill import LAPLACE
from stammtisch.matches import MatchRecord, MatchService
from stammtisch.matches.errors import UnknownRulesVersion
from stammtisch.matches.games.proempeln.record import read_match, read_matches
from stammtisch.matches.games.proempeln.skills import PRIOR_STRENGTH, SkillBook
from stammtisch.matches.skills import SkillProvider
from stammtisch.store import open_store

STOPPER = cap_node(0, 1, 1, "run", False)


def _run(service: MatchService, match_id: str, seat: int, move: str, values: list[object], *extra: str) -> None:
    seq = service.snapshot(match_id).seq
    steps = [(seat, move), *((None, f"s{seat} b{b} {v}") for b, v in enumerate(values, start=1))]
    snap = service.submit(match_id, steps, seq)
    for action in extra:
        snap = service.act(match_id, seat, action, snap.seq)


def _table_game(service: MatchService) -> str:
    match_id = service.create("proempeln", ["Anna", "ben "], mode="table").match_id
    _run(service, match_id, 0, "none", [3, 3, 2, 1, 0, 3, "x"], "slip 1", "record")  # slip: 3 → 0; x: no landing
    _run(service, match_id, 1, "none", [2, 2, 2, 2, 2, 2, 1], "record")
    return match_id


def test_models_are_learned_from_stored_games_and_survive_a_restart(sql_url: str) -> None:
    store = open_store(sql_url)
    try:
        _table_game(MatchService(store.repository))
    finally:
        store.close()
    reopened = open_store(sql_url)  # a new process: nothing cached, all from the database
    try:
        book = SkillBook(reopened.repository).load()
        anna = book.skill("Anna")
        assert anna.counts == (2, 1, 1, 2) and anna.samples == 6
        assert book.skill("  BEN").counts == (0, 1, 6, 0)  # case and spacing ignored
        newcomer = book.skill("Carla")
        assert newcomer.samples == 0
        pooled = (2, 2, 7, 2)
        assert newcomer.prior == tuple(max(PRIOR_STRENGTH * c / 13, 0.25) for c in pooled)
        assert newcomer.distribution()[2] > 0.5  # the club lands 2s most: so does a newcomer
    finally:
        reopened.close()


def test_undone_entries_and_digital_games_do_not_count(sql_url: str) -> None:
    store = open_store(sql_url)
    try:
        service = MatchService(store.repository)
        match_id = service.create("proempeln", ["Anna", "Ben"], mode="table").match_id
        snap = service.act(match_id, 0, "none", 0)
        snap = service.enter_outcome(match_id, "s0 b1 3", snap.seq)
        service.undo(match_id, snap.seq)  # a wrong tap, taken back
        assert SkillBook(store.repository).load().skill("Anna").samples == 0

        digital = MatchService(store.repository, skill=SkillProvider(store.repository))
        game = digital.create("proempeln", ["Anna", "Ben"], mode="digital")
        after = digital.act(game.match_id, 0, "none", game.seq)
        assert after.view["phase"] == "record"  # seven stoppers sampled from Anna's model
        events = digital.events(game.match_id)
        assert sum(1 for e in events if e.payload.get("sampled")) == 7
        assert SkillBook(store.repository).load().skill("Anna").samples == 0
    finally:
        store.close()


def test_the_service_hook_gives_each_seat_its_learned_model(sql_url: str) -> None:
    store = open_store(sql_url)
    try:
        service = MatchService(store.repository)
        _table_game(service)
        provider = SkillProvider(store.repository)
        digital = MatchService(store.repository, skill=provider)
        game = digital.create("proempeln", ["Ben", "Dora"], mode="digital")
        table = provider(digital.record(game.match_id), STOPPER)
        assert table is not None
        assert table.skills[0].counts == (0, 1, 6, 0)
        assert table.skills[1].samples == 0 and table.skills[1].prior != LAPLACE
        assert provider(_record_of_other_game(digital), STOPPER) is None
    finally:
        store.close()


def _record_of_other_game(service: MatchService) -> MatchRecord:
    snap = service.create("kluempchen", ["A", "B", "C", "D"], mode="table")
    return service.record(snap.match_id)


def test_one_book_follows_new_entries_and_undo(sql_url: str) -> None:
    """The book remembers matches it has read and reads one again when it has new events."""
    store = open_store(sql_url)
    try:
        service = MatchService(store.repository)
        book = SkillBook(store.repository)
        match_id = _table_game(service)
        assert book.load().skill("Anna").samples == 6
        snap = service.act(match_id, 0, "none", service.snapshot(match_id).seq)
        snap = service.enter_outcome(match_id, "s0 b1 2", snap.seq)
        assert book.load().skill("Anna").counts == (2, 1, 2, 2)
        service.undo(match_id, snap.seq)
        assert book.load().skill("Anna").counts == (2, 1, 1, 2)
    finally:
        store.close()


class _ProempelnUnderOtherRules(type(PROEMPELN)):  # type: ignore[misc]  # a subclass of the game's class
    """Prömpeln as a future (or past) version of its rules that today's code does not replay."""

    rules_version = "0-test"


def test_matches_under_rules_this_code_does_not_replay_are_left_out(sql_url: str) -> None:
    """M-9: the statistics fold only matches played under a rules version the code replays exactly;
    reading one such match alone is refused with UnknownRulesVersion."""
    store = open_store(sql_url)
    try:
        _table_game(MatchService(store.repository))
        other = MatchService(store.repository, games={"proempeln": _ProempelnUnderOtherRules()})
        old_id = _table_game(other)
        facts = read_matches(store.repository, PROEMPELN)
        assert [f.record.match_id for f in facts] != [] and old_id not in [f.record.match_id for f in facts]
        with pytest.raises(UnknownRulesVersion):
            read_match(PROEMPELN, store.repository.get(old_id), store.repository.events(old_id))
        assert SkillBook(store.repository).load().skill("Anna").samples == 6  # the old match is not counted
    finally:
        store.close()
