"""M-5a (issue 9): an undo in table play that goes back past an entered outcome to the decision
before it (a Klümpchen throw, a Prömpeln Kniffel replay) is refused without ``confirm=True``, with
a bilingual refusal saying why; confirmed, the undo event records it. Undoing the outcome itself
(a typo) and undoing a decision nobody has seen the result of need no confirmation."""

from __future__ import annotations

import pytest

from stammtisch.matches import MatchService
from stammtisch.matches.errors import UndoRefused
from stammtisch.matches.service import UndoNeedsConfirmation
from tests.matches.conftest import all_games, make_service

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def _confirm_needed(service: MatchService, match: str, seq: int) -> None:
    with pytest.raises(UndoNeedsConfirmation) as refused:
        service.undo(match, seq, actor="scribe")
    error = refused.value
    assert isinstance(error, UndoRefused) and error.clause == "M-5a"
    assert error.code == "match/undo_needs_confirmation"
    assert "M-5" not in error.message.de + error.message.en
    assert "bestätigen" in error.message.de and "confirm" in error.message.en


@pytest.mark.skipif("kluempchen" not in all_games(), reason="Klümpchen is not registered")
def test_m5a_kluempchen_throw_taken_back_after_its_dice_were_entered() -> None:
    """M-5a: the throw's dice are entered and undone (the table saw them); undoing the decision to
    throw asks for a confirmation, which the undo event records."""
    service = make_service()
    snap = service.create("kluempchen", PLAYERS, mode="table")
    for face in ("6", "5", "4", "3"):
        snap = service.enter_outcome(snap.match_id, face, snap.seq, actor="scribe")
    match, seat = snap.match_id, snap.turn["seats"][0]
    snap = service.act(match, seat, "throw", snap.seq, actor="scribe")
    assert not snap.undo_passes_outcome  # nothing entered yet: a plain undo
    snap = service.enter_outcome(match, "1 1 2 3 4 5", snap.seq, actor="scribe")
    assert snap.can_undo and not snap.undo_passes_outcome  # the outcome itself (a typo): plain
    snap = service.undo(match, snap.seq, actor="scribe")
    assert snap.can_undo and snap.undo_passes_outcome and snap.to_json()["undo_passes_outcome"]
    _confirm_needed(service, match, snap.seq)
    assert service.snapshot(match, None).seq == snap.seq  # nothing written
    snap = service.undo(match, snap.seq, actor="scribe", confirm=True)
    assert snap.turn["kind"] == "decision"
    last = service.events(match)[-1]
    assert last.kind == "undo" and last.payload.get("confirmed") is True


@pytest.mark.skipif("kluempchen" not in all_games(), reason="Klümpchen is not registered")
def test_m5a_one_submission_with_a_decision_and_its_dice() -> None:
    """M-5a: a submission that holds the throw and its entered dice passes an outcome when undone."""
    service = make_service()
    snap = service.create("kluempchen", PLAYERS, mode="table")
    for face in ("6", "5", "4", "3"):
        snap = service.enter_outcome(snap.match_id, face, snap.seq)
    seat = snap.turn["seats"][0]
    snap = service.submit(snap.match_id, [(seat, "throw"), (None, "1 1 2 3 4 5")], snap.seq)
    assert snap.undo_passes_outcome
    _confirm_needed(service, snap.match_id, snap.seq)
    snap = service.undo(snap.match_id, snap.seq, confirm=True)
    assert service.events(snap.match_id)[-1].payload["confirmed"] is True


def _kniffel_first_run(service: MatchService) -> tuple[str, int]:
    snap = service.create("proempeln", PLAYERS[:2], mode="table")
    snap = service.act(snap.match_id, 0, "K", snap.seq)
    for bottle, points in zip(range(1, 8), (3, 3, 3, 2, 3, 3, 1), strict=True):
        snap = service.enter_outcome(snap.match_id, f"s0 b{bottle} {points}", snap.seq)
    return snap.match_id, snap.seq


@pytest.mark.skipif("proempeln" not in all_games(), reason="Prömpeln is not registered")
def test_m5a_proempeln_kniffel_replay_taken_back_after_its_result() -> None:
    """M-5a: the replay of bottles 4 and 7 was flicked and entered; going back to the replay decision
    asks for a confirmation; a replay decision nobody has seen the result of is undone plainly."""
    service = make_service()
    match, seq = _kniffel_first_run(service)
    snap = service.act(match, 0, "replay 4 7", seq)
    assert not snap.undo_passes_outcome
    snap = service.enter_outcome(match, "s0 b4 3", snap.seq)
    snap = service.undo(match, snap.seq)  # the entered stopper (a typo): plain
    assert snap.undo_passes_outcome
    _confirm_needed(service, match, snap.seq)
    snap = service.undo(match, snap.seq, confirm=True)
    assert [entry["notation"] for entry in snap.legal][:1] == ["stop"]
    assert service.events(match)[-1].payload == {"undoes": [seq + 1], "confirmed": True}


@pytest.mark.skipif("proempeln" not in all_games(), reason="Prömpeln is not registered")
def test_m5a_a_plain_undo_is_recorded_without_confirmation() -> None:
    """M-4: an undo that passes no outcome needs nothing and records no confirmation."""
    service = make_service()
    match, seq = _kniffel_first_run(service)
    snap = service.act(match, 0, "stop", seq)
    snap = service.undo(match, snap.seq)
    assert service.events(match)[-1].payload == {"undoes": [seq + 1]}
