"""Klümpchen at a real table: the scribe enters the dice; a mistyped throw is undone and entered
again, and the match ends up exactly where a correct entry would have put it (M-4)."""

from __future__ import annotations

import pytest

from stammtisch.matches import MatchService
from tests.matches.conftest import all_games, make_service

pytestmark = pytest.mark.skipif("kluempchen" not in all_games(), reason="Klümpchen is not registered yet")

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def _to_first_throw(service: MatchService) -> tuple[str, int]:
    snap = service.create("kluempchen", PLAYERS, mode="table", title="Donnerstag")
    assert snap.options["mode"] == "table"  # the game's own mode option follows the match's mode
    for face in ("6", "5", "4", "3"):  # the team draw, one die per seat
        assert snap.turn["kind"] == "chance"
        snap = service.enter_outcome(snap.match_id, face, snap.seq, actor="scribe")
    assert snap.turn["kind"] == "decision"
    seat = snap.turn["seats"][0]
    assert "throw" in [entry["notation"] for entry in snap.legal]
    snap = service.act(snap.match_id, seat, "throw", snap.seq, actor="scribe")
    assert snap.turn["kind"] == "chance"
    return snap.match_id, snap.seq


def test_a_mistyped_throw_is_undone_and_entered_again() -> None:
    typo, right = make_service(), make_service()
    match, seq = _to_first_throw(typo)
    snap = typo.enter_outcome(match, "1 1 2 3 4 5", seq, actor="scribe")
    assert snap.can_undo
    snap = typo.undo(match, snap.seq, actor="scribe")
    assert snap.turn["kind"] == "chance"
    snap = typo.enter_outcome(match, "6 6 6 2 3 4", snap.seq, actor="scribe")

    other, other_seq = _to_first_throw(right)
    expected = right.enter_outcome(other, "6 6 6 2 3 4", other_seq, actor="scribe")
    assert snap.view == expected.view
    assert snap.turn == expected.turn and snap.legal == expected.legal
    assert typo.state(match) == right.state(other)
    kinds = [event.kind for event in typo.events(match)]
    assert kinds[-3:] == ["outcome", "undo", "outcome"]  # the audit trail keeps the typo


def test_the_scribe_sees_every_waiting_seats_choices() -> None:
    """Klümpchen has no hidden information: with seat None the snapshot lists the legal actions of
    every seat the decision waits for (the partner may stand in)."""
    service = make_service()
    snap = service.create("kluempchen", PLAYERS, mode="table")
    for face in ("6", "5", "4", "3"):
        snap = service.enter_outcome(snap.match_id, face, snap.seq)
    assert {entry["seat"] for entry in snap.legal} == set(snap.turn["seats"])
    assert all(set(entry) == {"seat", "notation", "action", "label"} for entry in snap.legal)
    assert all(entry["label"]["de"] and entry["label"]["en"] for entry in snap.legal)
