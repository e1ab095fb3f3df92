"""RGO-22 (issue 12.4): what people did at the table (who spoke during a vote, who spoke first in the
Scoring Round) is proposed by any player and confirmed by the table: it applies when every other
player confirms; the first objection withdraws it and the objector proposes next; after two withdrawn
proposals the asked player (RGO-1) enters it alone. A silent player confirms when the clock runs
out. Every step is a seat's action, so the log replays it exactly. Without the set-up key the asked
player enters it (RGO-1)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import InvalidSetup, RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.checks import NothingProposed
from stammtisch.games.regeln.model import (
    Confirm,
    Object,
    PlayCard,
    ReportFirstSpeaker,
    ReportSpeech,
    State,
    Transfer,
    Vote,
)

from .support import ready, with_chips, with_hand

CONFIRMING = {"incident_confirmation": "table"}


def speech_reported(seats: int = 3) -> State:
    """A vote just decided under E-SPRICHT-3 at a table that confirms reports: who spoke is due."""
    state = replace(ready(seats), active=0, ereignis=("E-SPRICHT-3", "E-AERMSTER10"), abstimm=("A-ERFOLG3", "A-JA1"))
    state = replace(state, config=replace(state.config, confirm_by_table=True))
    state = with_chips(with_hand(state, 0, "K-W2"), [(2, 0, 0, 1)] * seats)
    state = GAME.act(state, 0, PlayCard("K-W2"))
    for seat in range(seats):
        state = GAME.act(state, seat, Vote(False, 1))
    assert state.phase == "report_speech"
    return state


def test_rgo22_any_player_proposes_and_the_others_confirm() -> None:
    state = speech_reported()
    assert GAME.turn(state) == Decision((0, 1, 2))  # anyone may propose
    state = GAME.act(state, 2, ReportSpeech((1,)))  # seat 3 says seat 2 spoke
    assert GAME.turn(state) == Decision((0, 1))
    assert GAME.legal_actions(state, 0) == (Confirm(), Object())
    assert GAME.view(state, 1)["proposal"] == {"notation": "spoke 2", "proposer": 2, "confirmed": []}
    state = GAME.act(state, 1, Confirm())
    assert GAME.turn(state) == Decision((0,)) and state.queue == ()
    state = GAME.act(state, 0, Confirm())
    assert state.queue == (Transfer(1, -3),) and state.proposal is None  # applied: seat 2 pays 3


def test_rgo22_an_objection_withdraws_the_proposal() -> None:
    state = GAME.act(speech_reported(), 2, ReportSpeech((1,)))
    state = GAME.act(state, 0, Confirm())
    state = GAME.act(state, 1, Object())
    assert state.proposal is None and state.objections == 1 and state.queue == ()
    assert GAME.turn(state) == Decision((1,))  # the objector proposes next
    assert GAME.view(state, 0)["next_proposer"] == 1
    state = GAME.act(state, 1, ReportSpeech(()))
    state = GAME.act(state, 0, Confirm())
    state = GAME.act(state, 2, Confirm())
    assert state.phase != "report_speech" and state.objections == 0


def test_rgo22_after_two_objections_the_active_player_decides_alone() -> None:
    state = speech_reported()
    for proposer, objector in ((1, 2), (2, 1)):  # each objector proposes the next one
        state = GAME.act(state, proposer, ReportSpeech(()))
        state = GAME.act(state, objector, Object())
    assert GAME.turn(state) == Decision((0,))  # RGO-1: the active player, as the referee
    state = GAME.act(state, 0, ReportSpeech((2,)))
    assert state.queue == (Transfer(2, -3),)


def test_rgo22_refusals_say_why_and_change_nothing() -> None:
    state = speech_reported()
    with pytest.raises(NothingProposed) as refused:
        GAME.act(state, 1, Confirm())
    assert refused.value.clause == "RGO-22" and refused.value.message.de and refused.value.message.en
    proposed = GAME.act(state, 2, ReportSpeech((1,)))
    with pytest.raises(RuleViolation):  # the proposer does not answer his own proposal
        GAME.act(proposed, 2, Confirm())
    with pytest.raises(NothingProposed):  # one proposal at a time
        GAME.act(proposed, 1, ReportSpeech(()))
    assert GAME.legal_actions(proposed, 1) == (Confirm(), Object())


def test_rgo22_the_first_speaker_is_confirmed_too() -> None:
    state = replace(speech_reported(), phase="first_speaker", trigger=1, queue=())
    assert GAME.turn(state) == Decision((0, 1, 2))
    state = GAME.act(state, 0, ReportFirstSpeaker(2))
    assert GAME.view(state, None)["proposal"] == {"notation": "first 3", "proposer": 0, "confirmed": []}
    state = GAME.act(state, 1, Confirm())
    state = GAME.act(state, 2, Confirm())
    assert state.phase != "first_speaker" and state.first_speaker == 2


def test_rgo22_the_clock_proposes_nobody_then_silence_confirms() -> None:
    """RGO-8 with RGO-22: only the asked player's silence proposes "nobody spoke"; a silent player
    confirms a pending proposal."""
    state = speech_reported()
    assert [GAME.timeout_action(state, s) for s in range(3)] == [ReportSpeech(()), None, None]
    state = GAME.act(state, 1, ReportSpeech((2,)))
    assert [GAME.timeout_action(state, s) for s in range(3)] == [Confirm(), None, Confirm()]
    state = GAME.act(state, 2, Object())
    assert [GAME.timeout_action(state, s) for s in range(3)] == [None, None, ReportSpeech(())]  # the objector


def test_rgo22_without_the_setup_the_asked_player_enters_alone() -> None:
    """RGO-1 (the scribe of the boxed game, matches started before RGO-22): no confirmation."""
    reported = speech_reported()
    state = replace(reported, config=replace(reported.config, confirm_by_table=False))
    assert GAME.turn(state) == Decision((0,))
    assert GAME.act(state, 0, ReportSpeech((1,))).queue == (Transfer(1, -3),)


def test_rgo22_the_setup_key_is_checked() -> None:
    assert GAME.start(3, GAME.configure(), CONFIRMING).confirm_by_table
    assert not GAME.start(3, GAME.configure(), {"incident_confirmation": "reporter"}).confirm_by_table
    with pytest.raises(InvalidSetup) as refused:
        GAME.start(3, GAME.configure(), {"incident_confirmation": "vote"})
    assert refused.value.clause == "RGO-22" and "'table'" in refused.value.message.en


@settings(max_examples=20)
@given(st.integers(min_value=0, max_value=100_000))
def test_rgo22_random_games_with_confirmation_finish_and_check_agrees(seed: int) -> None:
    """Random games at a confirming table end (at most three proposals per report), every legal
    action is accepted by the checks, and the chips stay conserved."""
    rng = random.Random(seed)
    state = GAME.start(3, GAME.configure(), CONFIRMING)
    total = sum(map(sum, state.chips)) + sum(state.pool)
    for _ in range(5_000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        seat = rng.choice(turn.seats)
        legal = GAME.legal_actions(state, seat)
        action = rng.choice(legal)
        GAME.check_action(state, seat, action)
        state = GAME.act(state, seat, action)
        assert sum(map(sum, state.chips)) + sum(state.pool) == total
        assert state.objections <= 2
    assert isinstance(GAME.turn(state), Finished)
