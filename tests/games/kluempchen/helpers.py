"""Helpers for the Klümpchen tests: start a table-mode evening with fixed teams and play a script."""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import PlayerTurn, Round, State

TEAMS = {
    4: [[0, 1], [2, 3]],
    5: [[0, 1], [2, 3], [4]],
    6: [[0, 1], [2, 3], [4, 5]],
    7: [[0, 1], [2, 3], [4, 5], [6]],
    8: [[0, 1], [2, 3], [4, 5], [6, 7]],
}


def new_state(
    seats: int = 4, teams: list[list[int]] | None = None, externals: tuple[int, ...] = (), **options: Any
) -> State:
    """A table-mode evening with manual teams (first listed team starts)."""
    given = {"team_draw": "manual", "mode": "table", **options}
    setup: dict[str, Any] = {"teams": teams or TEAMS[seats]}
    if externals:
        setup["externals"] = list(externals)
    return GAME.start(seats, GAME.configure(given), setup)


def play(state: State, *moves: str) -> State:
    """Apply moves in notation: outcomes are resolved, actions are taken by the first seat on turn.
    ``"standin@1"`` acts as seat 1."""
    for move in moves:
        turn = GAME.turn(state)
        text, _, at = move.partition("@")
        if isinstance(turn, Chance):
            state = GAME.resolve(state, GAME.parse_outcome(text))
        else:
            assert isinstance(turn, Decision), f"{move!r}: the game is over"
            seat = int(at) if at else turn.seats[0]
            state = GAME.act(state, seat, GAME.parse_action(text))
    return state


def current(state: State) -> PlayerTurn:
    assert state.round is not None and state.round.turn is not None
    return state.round.turn


def rnd(state: State) -> Round:
    assert state.round is not None
    return state.round


def with_scores(state: State, scores: tuple[int, ...]) -> State:
    """The same state with the round's team scores set (for end-of-round scenarios)."""
    return state._replace(round=rnd(state)._replace(scores=scores))


def view(state: State) -> dict[str, Any]:
    return GAME.view(state, None)


def turn_value(state: State) -> int:
    return view(state)["turn"]["value"]
