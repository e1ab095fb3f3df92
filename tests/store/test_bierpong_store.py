"""Bier-Pong on SQLite and PostgreSQL: a table match (duel, Bombe with Aufsetzer and the owners'
extra cups, Art 20 + BP-R05) is stored, read back and replayed to the same table; an undo is kept
in the log; the evenings' storage (migration 0008) keeps teams, format and seed, and links exactly
one match to a pairing when two taps race (primary key)."""

from __future__ import annotations

from stammtisch.club.games.bierpong import entered_teams
from stammtisch.matches import MatchService
from stammtisch.store import Store
from stammtisch.store.games.bierpong import SqlEveningRepository

LINES = [
    ("outcome", None, "duel A"),
    ("action", 0, "begin A"),
    ("action", 2, "side left"),
    ("action", 0, "pair 0 1"),  # BP-R18: Ana throws first
    ("outcome", None, "hit 5 bounce"),
    ("outcome", None, "hit 5"),
    ("action", 2, "remove 2"),
    ("action", 2, "remove 3"),
    ("action", 2, "remove 4"),
]


def test_a_match_is_stored_and_replayed(store: Store) -> None:
    service = MatchService(store.repository)
    snap = service.create("bierpong", ["Ana", "Ben", "Cem", "Dora"], setup={"teams": [[0, 1], [2, 3]]})
    seq = snap.seq
    for kind, seat, notation in LINES:
        snap = (
            service.enter_outcome(snap.match_id, notation, seq)
            if kind == "outcome"
            else service.act(snap.match_id, seat, notation, seq)
        )
        seq = snap.seq
    fresh = MatchService(store.repository).snapshot(snap.match_id)
    assert fresh.view == service.snapshot(snap.match_id).view and fresh.seq == seq
    assert fresh.view["teams"][1]["cups"][:5] == ["live", "removed", "removed", "removed", "removed"]
    assert fresh.view["players"][1]["bombs"] == 1 and fresh.view["players"][0]["bounces"] == 1
    undone = service.undo(snap.match_id, seq)
    assert undone.view["teams"][1]["cups"][3] == "live"
    assert MatchService(store.repository).snapshot(snap.match_id).view == service.snapshot(snap.match_id).view


def test_evenings_keep_teams_and_link_one_match_per_pairing(store: Store) -> None:
    evenings = SqlEveningRepository(store.engine)
    teams = entered_teams([["Ana", "Cem"], ["Ben", "Dora"], ["Eva"]])
    record = evenings.create("Freitag", "knockout", teams, seed=None)
    again = evenings.get(record.evening_id)
    assert again is not None and again.teams == teams and again.format == "knockout" and again.title == "Freitag"
    assert [e.evening_id for e in evenings.list_evenings()] == [record.evening_id]
    assert evenings.link_game(record.evening_id, 1, 2, "m1") is True
    assert evenings.link_game(record.evening_id, 1, 2, "m2") is False
    assert evenings.games(record.evening_id) == {(1, 2): "m1"}
    assert evenings.get("nope") is None
