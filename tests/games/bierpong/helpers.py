"""Playing Bierpong scenes in tests: notation lines in, states out."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import Pair, State
from stammtisch.games.bierpong.rack import DEAD, DUE, GONE, LIVE
from stammtisch.games.bierpong.updates import evolve

CODE = {"o": LIVE, "h": DUE, "d": DEAD, "x": GONE}


def begin(
    seats: int = 2, options: Mapping[str, object] | None = None, first: str = "A", auto_pairs: bool = True, **setup: Any
) -> State:
    """A game after the duel: team ``first`` won it and begins; the other team chose the left side.
    ``auto_pairs``: a team of two throws in its listed order unless a test picks the order itself."""
    state = GAME.start(seats, GAME.configure(options), setup or None)
    state = GAME.resolve(state, GAME.parse_outcome(f"duel {first}"))
    winner = 0 if first == "A" else 1
    state = GAME.act(state, state.teams[winner][0], GAME.parse_action(f"begin {first}"))
    state = GAME.act(state, state.teams[1 - winner][0], GAME.parse_action("side left"))
    return listed_pair(state) if auto_pairs else state


def listed_pair(state: State) -> State:
    """A pending pair choice of a team of two (BP-R18: who throws first) made in the listed order."""
    turn = GAME.turn(state)
    if isinstance(turn, Decision) and len(turn.seats) == 2:
        legal_now = GAME.legal_actions(state, turn.seats[0])
        if legal_now and isinstance(legal_now[0], Pair) and set(turn.seats) in [set(t) for t in state.teams]:
            return GAME.act(state, turn.seats[0], legal_now[0])
    return state


def play(state: State, *lines: str) -> State:
    """Apply notation lines: ``"3: remove 4"`` is seat 3's action, anything else an outcome. Before an
    outcome a team of two that still has to pick who throws first throws in its listed order."""
    for line in lines:
        head, sep, rest = line.partition(":")
        if sep and head.strip().isdigit():
            state = GAME.act(state, int(head), GAME.parse_action(rest))
        else:
            state = GAME.resolve(listed_pair(state), GAME.parse_outcome(line))
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


class _PointMass:
    """A skill model that gives all weight to one outcome of the node (digital play drawing a throw
    the test has chosen: the outcome must be one the node lists)."""

    def __init__(self, outcome: object) -> None:
        self.outcome = outcome

    def probabilities(self, node: Any) -> list[float]:
        return [1.0 if o == self.outcome else 0.0 for o in node.outcomes()]


MODES = ("table", "digital")


def run(mode: str, state: State, *lines: str) -> State:
    """``play`` in table mode (the scribe enters each outcome, checked), or in digital mode (each
    throw drawn from the chance node by a skill model, as a digital table draws it)."""
    if mode == "table":
        return play(state, *lines)
    for line in lines:
        head, sep, rest = line.partition(":")
        if sep and head.strip().isdigit():
            state = GAME.act(state, int(head), GAME.parse_action(rest))
            continue
        state = listed_pair(state)
        turn = GAME.turn(state)
        assert isinstance(turn, Chance), f"no throw is due for {line!r}"
        outcome = sample(turn.node, random.Random(0), _PointMass(GAME.parse_outcome(line)))
        state = GAME.resolve(state, outcome)
    return state
