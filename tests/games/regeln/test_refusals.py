"""Every refusal (issue 12 "Bad input"): a RuleViolation with a stable code, the clause in its data
and never in the sentence, a German and an English message, and nothing changed."""

from __future__ import annotations

import random
import re
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import (
    ChooseRule,
    Cover,
    Decide,
    PayChip,
    PlayCard,
    Predict,
    ReportFirstSpeaker,
    ReportSpeech,
    TakeChip,
    Vote,
)

PROBES: tuple[Any, ...] = (
    PlayCard("K-W0"),
    PlayCard("E-AUFSTEHEN", True),
    PlayCard("NOPE"),
    Vote(True, 0),
    Vote(False, 9),
    Vote(True, 1),
    Decide(True),
    ReportSpeech((1, 0)),
    ReportSpeech((7,)),
    ReportFirstSpeaker(9),
    TakeChip("red"),
    TakeChip("white"),
    PayChip("green"),
    Cover(5),
    Cover(1),
    ChooseRule("K-W0"),
    ChooseRule("W-EINFACH"),
    Predict(9),
    Predict(1, "green"),
    Predict(1),
)
CLAUSE = re.compile(r"RG-[0-9R]")


def test_refusals_are_bilingual_cite_the_clause_and_change_nothing() -> None:
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.start(3 + seed, GAME.configure())
        while not isinstance(GAME.turn(state), Finished):
            turn = GAME.turn(state)
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
                continue
            assert isinstance(turn, Decision)
            seat = turn.seats[0]
            for action in PROBES:
                if action in GAME.legal_actions(state, seat):
                    continue
                before = state
                try:
                    GAME.act(state, seat, action)
                except RuleViolation as error:
                    assert state == before
                    assert error.clause and error.code
                    assert error.message.de and error.message.en and error.message.de != error.message.en
                    assert not CLAUSE.search(error.message.de) and not CLAUSE.search(error.message.en)
                    seen.add(error.code)
                else:
                    raise AssertionError(f"{action} accepted in {state.phase}")
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert {"regeln/wrong_step", "regeln/card_not_in_hand", "regeln/bad_vote", "regeln/chip_unavailable"} <= seen
