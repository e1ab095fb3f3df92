"""RG-R15 (and RG-8's quoted card): speaking and standing up are table events the table enters:
who spoke during a vote (E-SPRICHT-3: pays 3 chips), standing up before playing a card
(E-AUFSTEHEN: takes 2 chips), who spoke first in the Scoring Round (E-ERSTER-SPRICHT-15)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stammtisch.core.protocol import Decision
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.checks import BadReport, StandingNotCounted
from stammtisch.games.regeln.model import PlayCard, ReportSpeech, State, Transfer, Vote

from .support import ready, take_first, with_chips, with_hand


def table(ereignis: tuple[str, str]) -> State:
    state = replace(ready(3), active=0, ereignis=(ereignis[0], ereignis[1]), abstimm=("A-ERFOLG3", "A-JA1"))
    return with_chips(with_hand(state, 0, "K-W2"), [(2, 0, 0, 1)] * 3)


def test_speaking_during_a_vote_is_entered_and_pays() -> None:
    """RG-8, RG-R15: with E-SPRICHT-3 in force the active player enters who spoke (every subset of
    seats, nobody first); each speaker pays 3 chips once for this vote."""
    state = GAME.act(table(("E-SPRICHT-3", "E-AERMSTER10")), 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(False, 2)), (1, Vote(False, 1)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    assert state.phase == "report_speech" and GAME.turn(state) == Decision((0,))
    legal = GAME.legal_actions(state, 0)
    assert legal[0] == ReportSpeech(()) and len(legal) == 8
    with pytest.raises(BadReport):
        GAME.act(state, 0, ReportSpeech((2, 1)))
    state = GAME.act(state, 0, ReportSpeech((1, 2)))
    assert state.queue == (Transfer(1, -3), Transfer(2, -3))


def test_standing_up_is_offered_only_while_a_card_reacts() -> None:
    """RG-R15: the active player may say he stood up when playing the card; it counts only under an
    Ereignis card that reacts to it (E-AUFSTEHEN: +2 chips in the payment after the vote)."""
    plain = table(("E-AERMSTER10", "E-REICHSTER-10"))
    assert PlayCard("K-W2", True) not in GAME.legal_actions(plain, 0)
    with pytest.raises(StandingNotCounted):
        GAME.act(plain, 0, PlayCard("K-W2", True))
    state = table(("E-AUFSTEHEN", "E-REICHSTER-10"))
    assert PlayCard("K-W2", True) in GAME.legal_actions(state, 0)
    state = GAME.act(state, 0, PlayCard("K-W2", True))
    assert state.queue == (Transfer(0, 2),)  # RG-R15: at once, before the vote


def test_rg_r15_standing_chips_move_at_once_before_the_vote() -> None:
    """RG-R15 (as ruled): the chips for standing up move when it is entered, not with the vote's
    payment: the player takes them, then the vote opens, and the vote's payment does not pay them again."""
    state = GAME.act(table(("E-AUFSTEHEN", "E-REICHSTER-10")), 0, PlayCard("K-W2", True))
    assert state.phase == "payment" and GAME.turn(state) == Decision((0,))
    before = sum(state.chips[0])
    state = take_first(take_first(state))
    assert state.phase == "vote" and sum(state.chips[0]) == before + 2
    for seat, vote in ((0, Vote(False, 2)), (1, Vote(False, 1)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    assert Transfer(0, 2) not in state.queue


def test_rg_r15_speakers_pay_at_once_before_the_abstimm_payments() -> None:
    """RG-R15 (as ruled): the speakers' chips move when the report is entered, before the vote's
    Abstimm payments (which could refill or reset the pool): they are a payment of their own."""
    state = GAME.act(table(("E-SPRICHT-3", "E-AERMSTER10")), 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(True, 2)), (1, Vote(True, 1)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    state = GAME.act(state, 0, ReportSpeech((2,)))
    assert state.queue == (Transfer(2, -3),) and state.queue_context == "speech"
    before = sum(state.chips[2])
    for _ in range(3):
        state = GAME.act(state, 2, GAME.legal_actions(state, 2)[0])
    assert sum(state.chips[2]) == before - 3 and state.queue_context != "speech"
    assert Transfer(2, -3) not in state.queue  # the vote's payment does not charge it again


def test_rg_r15_at_the_digital_table_a_confirmed_report_moves_the_chips_at_once() -> None:
    """RG-R15 (as ruled) with RGO-22 (the digital table confirms reports): once the table has agreed,
    the speakers pay at once, as a payment of their own, before the vote's payment."""
    from stammtisch.games.regeln.model import Confirm

    from .test_rgo22_table_confirms import speech_reported

    state = GAME.act(speech_reported(), 2, ReportSpeech((1,)))
    state = GAME.act(GAME.act(state, 1, Confirm()), 0, Confirm())
    assert state.queue == (Transfer(1, -3),) and state.queue_context == "speech"
