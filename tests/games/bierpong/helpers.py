"""Playing Bierpong scenes in tests: notation lines in, states out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import State
from stammtisch.games.bierpong.rack import DEAD, DUE, GONE, LIVE
from stammtisch.games.bierpong.updates import evolve

CODE = {"o": LIVE, "h": DUE, "d": DEAD, "x": GONE}


def begin(seats: int = 2, options: Mapping[str, object] | None = None, first: str = "A", **setup: Any) -> State:
    """A game after the duel: team ``first`` won it and begins; the other team chose the left side."""
    state = GAME.start(seats, GAME.configure(options), setup or None)
    state = GAME.resolve(state, GAME.parse_outcome(f"duel {first}"))
    winner = 0 if first == "A" else 1
    state = GAME.act(state, state.teams[winner][0], GAME.parse_action(f"begin {first}"))
    return GAME.act(state, state.teams[1 - winner][0], GAME.parse_action("side left"))


def play(state: State, *lines: str) -> State:
    """Apply notation lines: ``"3: remove 4"`` is seat 3's action, anything else an outcome."""
    for line in lines:
        head, sep, rest = line.partition(":")
        if sep and head.strip().isdigit():
            state = GAME.act(state, int(head), GAME.parse_action(rest))
        else:
            state = GAME.resolve(state, GAME.parse_outcome(line))
    return state


def rack(state: State, team: int, pattern: str) -> State:
    """``state`` with team's rack set from a pattern per cup: o live, h hit, d dead, x removed."""
    cups = tuple(CODE[c] for c in pattern.replace(" ", ""))
    both = list(state.cups)
    both[team] = cups
    state = evolve(state, cups=(both[0], both[1]))
    if state.round is not None and team != state.round.team:
        state = evolve(state, round=evolve(state.round, start_cups=cups))
    return state


def cups(state: State, team: int) -> str:
    inverse = {v: k for k, v in CODE.items()}
    return "".join(inverse[s] for s in state.cups[team])


def legal(state: State, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def waiting(state: State) -> str:
    """``"chance"``, ``"seats 0 2"`` or ``"over"``."""
    turn = GAME.turn(state)
    if isinstance(turn, Chance):
        return "chance"
    if isinstance(turn, Decision):
        return "seats " + " ".join(map(str, turn.seats))
    return "over"


def thrower(state: State) -> int | None:
    turn = GAME.turn(state)
    return turn.node.seat if isinstance(turn, Chance) else None
