"""M-4, M-5: undo cancels the latest submission in force; repeated undo walks back; refusals."""

from __future__ import annotations

import pytest

from stammtisch.matches import MatchService, NothingToUndo, UndoRefused
from tests.matches.conftest import make_service


def test_undo_restores_the_exact_earlier_state_and_keeps_the_audit_trail(service: MatchService) -> None:
    """M-4."""
    match = service.create("toy-open", ["A", "B"], mode="table").match_id
    states = [service.state(match)]
    snap = service.act(match, 0, "pick 2", 0)
    states.append(service.state(match))
    snap = service.submit(match, [(1, "pick 3"), (None, "2")], snap.seq)
    assert snap.can_undo and snap.undo_passes_outcome  # a decision and its entered outcome: M-5a
    snap = service.undo(match, snap.seq, actor="scribe", confirm=True)
    assert service.state(match) == states[1]
    assert snap.seq == 4
    undo = service.events(match)[-1]
    assert undo.payload == {"undoes": [2, 3], "confirmed": True}
    assert undo.kind == "undo" and undo.batch == 4 and undo.actor == "scribe"
    snap = service.undo(match, snap.seq)  # walks further back
    assert service.state(match) == states[0]
    assert not snap.can_undo
    with pytest.raises(NothingToUndo) as caught:
        service.undo(match, snap.seq)
    assert caught.value.code == "match/nothing_to_undo"
    assert [e.kind for e in service.events(match)] == ["action", "action", "outcome", "undo", "undo"]
    assert service.steps(match) == []
    # play on after undoing: new submissions are in force again
    snap = service.act(match, 1, "pick 1", snap.seq)
    assert snap.seq == 6 and snap.can_undo


def test_nothing_to_undo_on_a_fresh_match(service: MatchService) -> None:
    snap = service.create("toy-open", ["A", "B"], mode="table")
    assert not snap.can_undo
    with pytest.raises(NothingToUndo):
        service.undo(snap.match_id, 0)
    assert service.events(snap.match_id) == []


def test_sampled_outcomes_cannot_be_undone(service: MatchService) -> None:
    """M-5 (a): undoing a digital roll would allow re-rolling."""
    match = service.create("toy-open", ["A", "B"], mode="digital").match_id
    snap = service.act(match, 0, "pick 2", 0)
    assert snap.can_undo  # a decision without chance may be undone
    snap = service.act(match, 1, "pick 3", snap.seq)
    assert snap.seq == 3 and not snap.can_undo
    with pytest.raises(UndoRefused) as caught:
        service.undo(match, snap.seq)
    assert caught.value.code == "match/undo_refused"
    assert len(service.events(match)) == 3


def test_hidden_information_decisions_cannot_be_undone_in_digital_play(service: MatchService) -> None:
    """M-5 (b): where seats decide in the app, a secret decision is never taken back."""
    match = service.create("toy", ["A", "B"], mode="digital").match_id
    snap = service.act(match, 0, "pick 2", 0)
    assert not snap.can_undo
    with pytest.raises(UndoRefused) as refused:
        service.undo(match, snap.seq)
    assert refused.value.clause == "M-5"
    assert len(service.events(match)) == 1


def test_at_a_real_table_the_scribe_takes_back_a_decision_of_a_hidden_game(service: MatchService) -> None:
    """M-5 (b) guards decisions made in the app; at a real table (table mode) the scribe enters what the
    table has seen, so a mistyped decision is taken back; only entered outcomes need M-5a's question."""
    match = service.create("toy", ["A", "B"], mode="table").match_id
    snap = service.act(match, 0, "pick 2", 0)
    assert snap.can_undo
    snap = service.undo(match, snap.seq)
    assert snap.turn["seats"] == [0, 1] and len(service.steps(match)) == 0
    snap = service.act(match, 0, "pick 2", snap.seq)
    snap = service.act(match, 1, "pick 3", snap.seq)
    snap = service.enter_outcome(match, "1", snap.seq)
    assert snap.can_undo
    before_outcome = service.snapshot(match, 0)
    snap = service.undo(match, snap.seq)
    assert snap.turn["kind"] == "chance"
    assert snap.can_undo and snap.undo_passes_outcome  # back to B's pick, past the outcome: M-5a asks
    snap = service.enter_outcome(match, "6", snap.seq)
    assert snap.view["scores"] == [2, 3]
    assert before_outcome.view["scores"] == [0, 0]


def test_undo_is_seen_by_a_second_service() -> None:
    one = make_service()
    two = make_service(one.repository)
    match = one.create("toy-open", ["A", "B"], mode="table").match_id
    snap = one.submit(match, [(0, "pick 1"), (1, "pick 1"), (None, "4")], 0)
    assert two.snapshot(match).view["scores"] == [1, 1]
    one.undo(match, snap.seq, confirm=True)  # the submission holds decisions and their outcome (M-5a)
    assert two.snapshot(match).view["scores"] == [0, 0]
    assert two.snapshot(match) == one.snapshot(match)


def test_a_score_sheet_typo_can_be_undone_even_in_a_game_with_hidden_hands(service: MatchService) -> None:
    """M-5 (b) guards secret decisions; a Preisrommé score sheet has none (the scorer writes down what
    everyone saw), so the scorer can take back a wrong entry."""
    match = service.create("preisromme", ["A", "B", "C", "D"], mode="scoresheet").match_id
    snap = service.snapshot(match, 0)
    first = snap.legal[0]
    snap = service.act(match, 0, first["notation"], snap.seq)
    assert snap.can_undo
    before = service.state(match)
    second = snap.legal[0]
    snap = service.act(match, 0, second["notation"], snap.seq)
    snap = service.undo(match, snap.seq)
    assert service.state(match) == before
