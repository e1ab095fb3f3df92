"""Shared helpers for the Prömpeln tests: play whole runs from values, as a scorer would enter them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import DOPPEL_ORDER, Announce, Landing, Record, Replay, State


def new_state(seats: int = 2, **options: Any) -> State:
    return GAME.start(seats, GAME.configure(options))


def enter(state: State, seat: int, values: Sequence[int], bottles: Sequence[int] | None = None) -> State:
    """Enter the stoppers ``values`` (bottle order 1-7, or the given ``bottles``) for ``seat``."""
    bottles = list(bottles) if bottles is not None else list(range(1, len(values) + 1))
    for bottle, points in zip(bottles, values, strict=True):
        state = GAME.resolve(state, Landing(seat, bottle, points))
    return state


def run(
    state: State, seat: int, values: Sequence[int], move: str = "none", claim: str | None = "none", hand: str = "links"
) -> State:
    """Announce ``move``, enter the seven ``values`` (in bottle order; a D run in its own order)
    and record with ``claim`` (``None``: stop before recording)."""
    state = GAME.act(state, seat, Announce(move, hand if move == "D" else ""))
    if move == "D":
        state = enter(state, seat, [values[b - 1] for b in DOPPEL_ORDER], DOPPEL_ORDER)
    else:
        state = enter(state, seat, values)
    if move == "K":
        state = GAME.act(state, seat, Replay(()))
    if claim is None:
        return state
    return GAME.act(state, seat, Record(claim))


ZEROS = (0,) * 7


def play_rounds(state: State, plan: Mapping[int, Sequence[str]], values: Sequence[int] = (1,) * 7) -> State:
    """Play whole rounds: ``plan[seat]`` is that seat's move per remaining round."""
    index = {seat: 0 for seat in plan}
    while isinstance(GAME.turn(state), Decision) and state.run is None:
        seat = GAME.turn(state).seats[0]  # type: ignore[union-attr]
        if index[seat] >= len(plan[seat]):
            break
        move = plan[seat][index[seat]]
        index[seat] += 1
        state = run(state, seat, values, move)
    return state


def is_chance(state: State) -> bool:
    return isinstance(GAME.turn(state), Chance)
