"""Pig to 30 with one die: the small dice game the guide's walkthrough adds (docs/adding-a-game.md).

Rules (clause ids P-…): on your turn you roll the die as often as you like (P-1). A 1 ends the turn and
the points of this turn are lost; any other face adds to the turn's points (P-2). Holding (only after a
roll) banks the turn's points and passes the die on (P-3). Whoever has banked ``target`` points first
wins at once (P-4; a house rule, 30 by default).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.errors import IllegalAction, InvalidNotation, InvalidSetup
from stammtisch.core.options import Option, Options
from stammtisch.core.protocol import Chance, ChanceKind, Decision, Finished, Game, GameInfo, PlayMode, Result
from stammtisch.core.text import Text


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the die once more."""


@dataclass(frozen=True, slots=True)
class Hold:
    """Bank this turn's points."""


@dataclass(frozen=True, slots=True)
class State:
    target: int
    banked: tuple[int, ...]
    seat: int
    turn_points: int = 0
    rolling: bool = False  # a roll was called and the die is on the table


class Pig(Game[State]):
    slug = "pig"
    title = Text("Schweinerei", "Pig")
    min_seats = 2
    max_seats = 4
    info = GameInfo(
        hidden_information=False,
        simultaneous_moves=False,
        chance_kinds=(ChanceKind.DICE,),
        play_modes=(PlayMode.TABLE, PlayMode.DIGITAL),
    )
    options = (Option("target", 30, "P-4", Text("Punkte zum Sieg", "points to win"), minimum=10, maximum=100),)
    action_types = (Roll, Hold)
    outcome_types = (DiceOutcome,)

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidSetup("P-0", Text("2 bis 4 Plätze", "2 to 4 seats"))
        return State(options["target"], (0,) * seats, 0)

    def turn(self, state: State) -> Decision | Chance | Finished:
        best = max(state.banked)
        if best >= state.target:
            winner = state.banked.index(best)
            others = tuple(seat for seat in range(len(state.banked)) if seat != winner)
            return Finished(Result(state.banked, ((winner,), others), {"target": state.target}))
        if state.rolling:
            return Chance(ChanceNode(DiceRoll(1), Text("Würfel", "the die"), seat=state.seat))
        return Decision((state.seat,))

    def legal_actions(self, state: State, seat: int) -> tuple[Roll | Hold, ...]:
        if state.rolling or seat != state.seat or isinstance(self.turn(state), Finished):
            return ()
        return (Roll(), Hold()) if state.turn_points else (Roll(),)

    def check_action(self, state: State, seat: int, action: object) -> None:
        if isinstance(action, Hold) and not state.turn_points:
            raise IllegalAction("P-3", Text("Erst würfeln, dann halten.", "Roll before you hold."))
        if not isinstance(action, Roll | Hold):
            raise IllegalAction("P-1", Text("Würfeln oder halten.", "Roll or hold."))

    def apply_action(self, state: State, seat: int, action: Roll | Hold) -> State:
        if isinstance(action, Roll):
            return replace(state, rolling=True)
        banked = list(state.banked)
        banked[seat] += state.turn_points
        return State(state.target, tuple(banked), (seat + 1) % len(banked))

    def apply_outcome(self, state: State, outcome: DiceOutcome) -> State:
        face = outcome.faces[0]
        if face == 1:
            return State(state.target, state.banked, (state.seat + 1) % len(state.banked))
        return replace(state, turn_points=state.turn_points + face, rolling=False)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"banked": list(state.banked), "turn_points": state.turn_points, "target": state.target}

    def format_action(self, action: Roll | Hold) -> str:
        return "roll" if isinstance(action, Roll) else "hold"

    def parse_action(self, text: str) -> Roll | Hold:
        word = text.strip().lower()
        if word == "roll":
            return Roll()
        if word == "hold":
            return Hold()
        raise InvalidNotation("P-1", Text(f"unlesbar: {text!r}", f"cannot read {text!r}"))

    def describe_action(self, state: State, action: Roll | Hold) -> Text:
        return Text("Würfeln", "Roll") if isinstance(action, Roll) else Text("Halten", "Hold")

    def format_outcome(self, outcome: DiceOutcome) -> str:
        return " ".join(map(str, outcome.faces))

    def parse_outcome(self, text: str) -> DiceOutcome:
        try:
            return DiceOutcome(tuple(int(part) for part in text.split()))
        except ValueError:
            raise InvalidNotation("P-2", Text(f"unlesbar: {text!r}", f"cannot read {text!r}")) from None


GAME = Pig()
