"""Snapshots: views only, legal actions per seat, seat-safe event history, JSON-ready."""

from __future__ import annotations

import json

from stammtisch.matches import MatchService


def test_hidden_picks_never_reach_other_seats(service: MatchService) -> None:
    match = service.create("toy", ["Anna", "Ben"], mode="table").match_id
    snap = service.act(match, 0, "pick 3", 0, actor="anna")
    for seat in (1, None):
        other = service.snapshot(match, seat)
        assert other.view["my_pick"] is None
        history = json.dumps(other.last_events) + json.dumps(other.view)
        assert "pick 3" not in history and '"number": 3' not in history and "3" not in json.dumps(other.view)
        assert other.last_events[-1]["text"]["en"] == "Seat 1 (Anna) acted."
    own = service.snapshot(match, 0)
    assert own.view["my_pick"] == 3
    assert own.last_events[-1]["notation"] == "pick 3"
    assert snap.seat == 0


def test_legal_actions_for_the_seat_or_the_scribe(service: MatchService) -> None:
    hidden = service.create("toy", ["A", "B"], mode="table").match_id
    assert service.snapshot(hidden).legal == []  # the scribe never sees secret choices
    assert [a["notation"] for a in service.snapshot(hidden, 1).legal] == ["pick 1", "pick 2", "pick 3"]
    open_match = service.create("toy-open", ["A", "B"], mode="table").match_id
    legal = service.snapshot(open_match).legal
    assert [(a["seat"], a["notation"]) for a in legal] == [(s, f"pick {n}") for s in (0, 1) for n in (1, 2, 3)]
    assert legal[0]["action"] == {"type": "Pick", "number": 1}
    assert legal[0]["label"] == {"de": "pick 1", "en": "pick 1"}
    snap = service.act(open_match, 0, "pick 1", 0)
    assert service.snapshot(open_match, 0).legal == []
    assert snap.seat == 0 and snap.legal == []  # the acting seat's own snapshot: nothing left to do
    assert {a["seat"] for a in service.snapshot(open_match).legal} == {1}


def test_snapshot_is_json_ready_and_carries_the_result(service: MatchService) -> None:
    match = service.create("toy-open", ["A", "B"], {"rounds": 1}, mode="table").match_id
    snap = service.submit(match, [(0, "pick 3"), (1, "pick 1"), (None, "2")], 0)
    data = json.loads(json.dumps(snap.to_json()))
    assert data["turn"] == {"kind": "finished", "seats": []}
    assert data["result"] == {"scores": [0, 1], "ranking": [[1], [0]], "details": {"best": 1}}
    assert snap.finished
    assert [e["seq"] for e in data["last_events"]] == [1, 2, 3]
    assert data["last_events"][-1]["notation"] == "2"


def test_writes_answer_with_the_requested_seats_view(service: MatchService) -> None:
    match = service.create("toy", ["A", "B"], mode="table").match_id
    snap = service.submit(match, [(0, "pick 2")], 0, seat=0)
    assert snap.seat == 0 and snap.view["my_pick"] == 2
    snap = service.act(match, 1, "pick 3", snap.seq)
    assert snap.seat == 1 and snap.view["my_pick"] == 3
    snap = service.enter_outcome(match, "5", snap.seq, seat=1)
    assert snap.seat == 1 and snap.view["last_reveal"] == [2, 3]
    snap = service.undo(match, snap.seq, seat=0)
    assert snap.seat == 0 and snap.view["my_pick"] == 2
