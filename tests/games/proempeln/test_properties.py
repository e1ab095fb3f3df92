"""Hypothesis invariants (A.4 of the rulings): totals are the sum of the round scores; every
player has played all specials by round 6 (PR-2.6, PR-R08); round 7 is always D (PR-2.7); no King
from a Kniffel (PR-4.2); replaying the log rebuilds the live state; notation and JSON round-trip."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.replay import ActionStep, OutcomeStep, Step, fold, step_from_json, step_to_json
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Slip, State

HOUSE_RULES = st.sampled_from(
    [
        {},
        {"king_ends": "finish_round", "tiebreak_mode": "all_replay"},
        {"announce_deadline": "before_round_start", "rotate_start_player": True},
        {"auto_claim_passive": True, "invalid_attempt": "repeat"},
    ]
)


def check_invariants(state: State) -> None:
    assert state.totals == tuple(sum(scores) for scores in state.scores)
    view = GAME.view(state, None)
    assert [p["total"] for p in view["players"]] == list(state.totals)
    assert [p["round_scores"] for p in view["players"]] == [list(s) for s in state.scores]
    for seat in range(state.seats):
        moves = state.moves[seat]
        if len(moves) >= 6:
            assert sorted(state.used[seat]) == ["K", "L", "P"], (seat, moves)
        if len(moves) == 7:
            assert moves[6] == "D"
        assert "D" not in moves[:6]
    if state.end_reason == "king":
        assert state.winner is not None and state.moves[state.winner][-1] not in ("K",)
        assert state.scores[state.winner][-1] in (21, 42, 30, 54)


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(2, 7), options=HOUSE_RULES, seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(seats: int, options: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    state = initial = GAME.start(seats, GAME.configure(options))
    steps: list[Step] = []
    for _ in range(5000):
        check_invariants(state)
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        step: Step
        if isinstance(turn, Chance):
            step = OutcomeStep(rng.choice(turn.node.outcomes()))
            assert GAME.parse_outcome(GAME.format_outcome(step.outcome)) == step.outcome
        else:
            seat = turn.seats[0]
            legal = [a for a in GAME.legal_actions(state, seat) if not isinstance(a, Slip)]
            if isinstance(legal[0], Announce) and state.round <= 6:
                legal = [a for a in legal if a.correct]  # botched ones are tested on their own
            step = ActionStep(seat, rng.choice(legal))
            assert GAME.parse_action(GAME.format_action(step.action)) == step.action
        assert step_from_json(GAME, json.loads(json.dumps(step_to_json(GAME, step)))) == step
        state = (
            GAME.act(state, step.seat, step.action)
            if isinstance(step, ActionStep)
            else GAME.resolve(state, step.outcome)
        )
        steps.append(step)
    else:
        raise AssertionError("the game did not finish")
    assert fold(GAME, initial, steps) == state
    result = GAME.result(state)
    assert result is not None and result.scores == state.totals
