"""A small club's games for the statistics tests, computed by hand.

``SHEET``: a Klümpchen evening in scoresheet mode (KA-36), four seats, teams 0+1 against 2+3 (team
0+1 starts). Each entry is one Wurf's result as the Schreiber writes it down (a joker's result is
already doubled, K-10.4):

=====  ======================  ==========================================
seat   Würfe (points)          what else
=====  ======================  ==========================================
0      40 (joker), 24, 30      3 Würfe, 94 points, best 40
1      36 (1 Straße), 12, 12   3 Würfe, 60 points, best 36, 1 Straße, joker unused
2      36, 36                  2 Würfe, 72 points, best 36, joker unused
3      0, 0                    2 Würfe, 0 points, best 0, joker unused
=====  ======================  ==========================================

Team 0+1 gains 76, 36, 42 = 154 and is out (KA-17); team 2+3 ends on 0 (its P2 scored 0 each time,
K-5.1) and loses the round: seats 2 and 3 pay lost, Schuster (below 75) and Schwarz (on 0), K-11/K-12;
seats 1, 2 and 3 bury their jokers (K-13). The Schreiber closes after the round (A.3).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.replay import ActionStep, Step
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CloseEvening

SHEET = (
    "score 40 joker",
    "score 36 strassen 1",
    "score 36",
    "score 0",
    "score 24",
    "score 12",
    "score 36",
    "score 0",
    "score 30",
    "score 12",
)
OPTIONS = {"mode": "scoresheet", "team_draw": "manual"}
SETUP = {"teams": [[0, 1], [2, 3]]}


def initial() -> Any:
    return GAME.start(4, GAME.configure(OPTIONS), SETUP)


def sheet_steps(close: bool = True) -> list[Step]:
    """The evening's steps (the seat on turn enters each result; seat 0 closes)."""
    state = initial()
    steps: list[Step] = []
    for text in SHEET:
        seat = GAME.turn(state).seats[0]
        step = ActionStep(seat, GAME.parse_action(text))
        state = GAME.act(state, seat, step.action)
        steps.append(step)
    if close:
        steps.append(ActionStep(0, CloseEvening()))
    return steps


def fold(steps: list[Step]) -> Any:
    state = initial()
    for step in steps:
        assert isinstance(step, ActionStep)
        state = GAME.act(state, step.seat, step.action)
    return state
