"""Refusals name the clause the input breaks (issue 9), in plain German and English words without a
clause id inside the sentence: keeping both pairs (K-6.7), a pair where 15 Voll* offers its choice
(S-8.3), a throw after the turn ended (K-6.2), an action by a team that is out (K-11.1).

Steps the framework's generic pre-checks refuse (not your turn, dice due, a decision due) are
refused by ``act``/``resolve`` with the game's subclass of the framework's refusal (the protocol's
``explain_refusal`` hook), which names the clause."""

from __future__ import annotations

import random
import re

import pytest

from stammtisch.core.chance import sample
from stammtisch.core.errors import DecisionPending, NotYourTurn, OutcomePending, RuleViolation
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME, checks
from stammtisch.games.kluempchen.errors import (
    ChoiceRefused,
    DecisionDue,
    DiceDue,
    TeamOut,
    TurnOver,
    UnreadableEntry,
)
from stammtisch.games.kluempchen.model import KeepPair, SetAside, Stop, Throw
from tests.games.kluempchen.helpers import new_state, play, with_scores

PLAYED = ["digital", "table"]
ALL = ["digital", "table", "scoresheet"]
SIX = {"digital": ("throw", "3 4 5 6 6 6", "1 2 3", "stop"), "scoresheet": ("score 6",)}
SIX["table"] = SIX["digital"]


def plain(refusal: RuleViolation) -> None:
    """Both messages are plain words: no clause id, no class name inside the sentence."""
    for message in (refusal.message.de, refusal.message.en):
        assert refusal.clause not in message and "KA-" not in message and "Refused" not in message
        assert message.strip()


@pytest.mark.parametrize("mode", PLAYED)
def test_k67_keeping_both_pairs_is_refused_with_k67(mode: str) -> None:
    """K-6.7: of two pairs (1 2 44 66) exactly one is set aside; "keep 4 6" and setting aside both pairs
    are refused citing K-6.7, and the message names the pairs that may be kept."""
    state = play(new_state(mode=mode), "throw", "1 2 4 4 6 6")
    with pytest.raises(UnreadableEntry) as unread:
        GAME.parse_action("keep 4 6")
    assert unread.value.clause == "K-6.7"
    plain(unread.value)
    with pytest.raises(ChoiceRefused) as error:
        GAME.act(state, 0, SetAside((4, 4, 6, 6)))
    assert error.value.clause == "K-6.7" and "4 or 6" in error.value.message.en
    plain(error.value)
    with pytest.raises(ChoiceRefused) as error:
        GAME.act(state, 0, KeepPair(5))
    assert error.value.clause == "K-6.7"


@pytest.mark.parametrize("mode", PLAYED)
def test_s83_a_pair_at_15_voll_star_is_refused_with_s83(mode: str) -> None:
    """S-8.3: 33 5555 offers a or b; keeping the pair of 3s (or 5s) is refused citing S-8.3."""
    state = play(new_state(mode=mode), "throw", "3 3 5 5 5 5")
    for face in (3, 5):
        with pytest.raises(ChoiceRefused) as error:
            GAME.act(state, 0, KeepPair(face))
        assert error.value.clause == "S-8.3"
        plain(error.value)


@pytest.mark.parametrize("mode", PLAYED)
def test_k62_a_throw_after_the_turn_ended_names_the_clause(mode: str) -> None:
    """K-6.2: seat 0 stopped; his "throw" (or "stop") is refused as his ended turn, not as a generic
    "not on turn"; dice entered now are refused because seat 1 decides first (K-10.3)."""
    state = play(new_state(mode=mode), "throw", "3 4 5 6 6 6", "1 2 3", "stop")
    for action in (Throw(), Stop()):
        with pytest.raises(NotYourTurn) as error:
            GAME.act(state, 0, action)
        refusal = error.value
        assert isinstance(refusal, TurnOver) and refusal.clause == "K-6.2"
        assert refusal.code == "turn/not_your_turn" and "6 points" in refusal.message.en
        plain(refusal)
    with pytest.raises(DecisionPending) as error:
        GAME.resolve(state, GAME.parse_outcome("1 2 3 4 5 5"))
    refusal = error.value
    assert isinstance(refusal, DecisionDue) and refusal.clause == "K-10.3"
    plain(refusal)


@pytest.mark.parametrize("mode", ALL)
def test_k111_an_action_by_a_team_that_is_out_names_the_clause(mode: str) -> None:
    """K-11.1/KA-17: team (0, 1) reached 150 and is out; its members' steps are refused citing K-11.1."""
    state = with_scores(new_state(6, mode=mode), (144, 10, 10))
    state = play(state, *SIX[mode], *SIX[mode])
    assert state.round is not None and state.round.out == (True, False, False)
    action = GAME.parse_action("score 6") if mode == "scoresheet" else Throw()
    for seat in (0, 1):
        with pytest.raises(NotYourTurn) as error:
            GAME.act(state, seat, action)
        refusal = error.value
        assert isinstance(refusal, TeamOut) and refusal.clause == "K-11.1"
        plain(refusal)


def test_k66_a_pair_kept_while_throw_2_is_due_names_the_forced_set_aside() -> None:
    """K-6.6 (E-1): after 1 3 4 5 6 6 the pair is set aside by the rule and throw 2 follows at once;
    "keep 6" then meets the pending dice, explained by K-6.6 instead of the framework's code."""
    state = play(new_state(), "throw", "1 3 4 5 6 6")
    with pytest.raises(OutcomePending) as error:
        GAME.act(state, 0, KeepPair(6))
    refusal = error.value
    assert isinstance(refusal, DiceDue) and refusal.clause == "K-6.6"
    plain(refusal)


def test_explain_refusal_is_none_for_steps_the_pre_checks_let_through() -> None:
    state = new_state()
    assert checks.explain_refusal(state, 0, Throw()) is None


CLAUSE_ID = re.compile(r"\b(K|S|C|KA|E)-\d")
PROBES = tuple(
    GAME.parse_action(text)
    for text in (
        "joker",
        "throw",
        "stop",
        "keep 1",
        "keep 4",
        "aside 6",
        "voll a",
        "voll b",
        "away",
        "standin",
        "absent",
        "team 0 1",
        "redraw",
        "next",
        "close",
        "score 6",
        "score 7 joker",
        "score 12 joker by 1",
        "six",
        "six by 2",
    )
)


@pytest.mark.parametrize("mode", ALL)
def test_every_refusal_is_a_rule_violation_with_plain_bilingual_words(mode: str) -> None:
    """Issue 9: across random evenings, every refused probe is a RuleViolation subclass of this game
    with a clause in its data and German and English messages that contain no clause id."""
    rng = random.Random(7)
    state = new_state(5, teams=[[4], [0, 1], [2, 3]], mode=mode)
    checked = 0
    for _ in range(400):
        now = GAME.turn(state)
        if isinstance(now, Finished):
            break
        if isinstance(now, Chance):
            state = GAME.resolve(state, sample(now.node, rng))
            continue
        for seat in range(5):
            for probe in PROBES:
                try:
                    GAME.act(state, seat, probe)
                except RuleViolation as refusal:
                    explained = refusal
                    assert type(explained).__module__.endswith("kluempchen.errors"), type(explained)
                    assert explained.clause and not CLAUSE_ID.search(explained.message.de + explained.message.en)
                    checked += 1
        seat = now.seats[0]
        legal = GAME.legal_actions(state, seat)
        state = GAME.act(state, seat, legal[rng.randrange(len(legal))])
    assert checked > 100
