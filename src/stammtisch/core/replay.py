"""Steps and folding: a match's log rebuilds its state exactly.

A ``Step`` is one recorded thing that moved the game: a seat's action or a chance outcome.
Sampled outcomes are recorded like entered ones, so a log alone (no seed) rebuilds every state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from stammtisch.core.protocol import Game

State = TypeVar("State")


@dataclass(frozen=True, slots=True)
class ActionStep:
    seat: int
    action: Any


@dataclass(frozen=True, slots=True)
class OutcomeStep:
    outcome: Any


Step = ActionStep | OutcomeStep


def apply_step(game: Game[State], state: State, step: Step) -> State:
    """The state after ``step``, validated by the rules exactly as live play is."""
    if isinstance(step, ActionStep):
        return game.act(state, step.seat, step.action)
    return game.resolve(state, step.outcome)


def fold(game: Game[State], initial: State, steps: Iterable[Step]) -> State:
    """Replay ``steps`` from ``initial``."""
    state = initial
    for step in steps:
        state = apply_step(game, state, step)
    return state


def step_to_json(game: Game[Any], step: Step) -> dict[str, Any]:
    if isinstance(step, ActionStep):
        return {"kind": "action", "seat": step.seat, "action": game.action_to_json(step.action)}
    return {"kind": "outcome", "outcome": game.outcome_to_json(step.outcome)}


def step_from_json(game: Game[Any], data: dict[str, Any]) -> Step:
    if data.get("kind") == "action":
        return ActionStep(int(data["seat"]), game.action_from_json(data["action"]))
    return OutcomeStep(game.outcome_from_json(data["outcome"]))
