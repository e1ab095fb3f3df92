"""Scenario transcript: a whole two-player game in notation, with totals scored by hand
(PR-3.5 running totals, PR-4.1-4.4, PR-5.1, PR-R04, PR-R08, PR-2.8). Also the module's doctest."""

from __future__ import annotations

import doctest
from pathlib import Path

import stammtisch.games.proempeln as package
from stammtisch.core.replay import ActionStep, OutcomeStep, Step, fold
from stammtisch.games.proempeln import GAME

SCENARIO = Path(__file__).parent / "data" / "scenario_two_players.txt"


def test_two_player_transcript_scores_as_by_hand() -> None:
    state = initial = GAME.start(2, GAME.configure())
    steps: list[Step] = []
    for line in SCENARIO.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(" ")
        if head == "!":
            if rest.startswith("winner"):
                result = GAME.result(state)
                assert result is not None and result.details["winner"] == int(rest.split()[1])
            else:
                assert list(state.totals) == [int(x) for x in rest.split()], line
            continue
        step: Step = (
            OutcomeStep(GAME.parse_outcome(rest)) if head == "=" else ActionStep(int(head), GAME.parse_action(rest))
        )
        state = (
            GAME.act(state, step.seat, step.action)
            if isinstance(step, ActionStep)
            else GAME.resolve(state, step.outcome)
        )
        steps.append(step)
    assert fold(GAME, initial, steps) == state
    assert GAME.result(state) is not None


def test_package_walkthrough_doctest() -> None:
    failures, tried = doctest.testmod(package)
    assert tried > 0 and failures == 0
