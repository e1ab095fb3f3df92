"""A tiny game that exercises every part of the protocol: secret simultaneous picks (hidden
information), a dice chance event, options and notation. Used by the core and match tests so
they do not depend on a real game's rules.

Rules: each of ``rounds`` rounds, every seat secretly picks 1, 2 or 3. When the last pick is in,
one die is rolled; every seat whose pick is at most the die scores its pick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.errors import IllegalAction, InvalidNotation, InvalidSetup
from stammtisch.core.options import Option, Options
from stammtisch.core.protocol import Chance, Decision, Finished, Game, GameInfo, Result
from stammtisch.core.text import Text


@dataclass(frozen=True, slots=True)
class Pick:
    number: int


@dataclass(frozen=True, slots=True)
class State:
    rounds: int
    round: int
    picks: tuple[int | None, ...]
    scores: tuple[int, ...]
    last_reveal: tuple[int, ...] = ()


DIE = ChanceNode(DiceRoll(1), Text("Würfel", "the die"))


class Toy(Game[State]):
    slug = "toy"
    title = Text("Geheimzahl", "Secret number")
    min_seats = 2
    max_seats = 4
    info = GameInfo(hidden_information=True, simultaneous_moves=True, chance_kinds=("dice",), play_modes=("digital",))
    options = (Option("rounds", 3, "T-1", Text("Runden", "rounds"), minimum=1, maximum=9),)
    action_types = (Pick,)
    outcome_types = (DiceOutcome,)

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidSetup("T-0", Text("2 bis 4 Plätze", "2 to 4 seats"))
        return State(options["rounds"], 0, (None,) * seats, (0,) * seats)

    def turn(self, state: State) -> Decision | Chance | Finished:
        if state.round == state.rounds:
            best = max(state.scores)
            ranking = tuple(
                tuple(s for s, score in enumerate(state.scores) if score == value)
                for value in sorted(set(state.scores), reverse=True)
            )
            return Finished(Result(state.scores, ranking, {"best": best}))
        waiting = tuple(seat for seat, pick in enumerate(state.picks) if pick is None)
        return Decision(waiting) if waiting else Chance(DIE)

    def legal_actions(self, state: State, seat: int) -> tuple[Pick, ...]:
        turn = self.turn(state)
        if isinstance(turn, Decision) and seat in turn.seats:
            return (Pick(1), Pick(2), Pick(3))
        return ()

    def check_action(self, state: State, seat: int, action: object) -> None:
        if not isinstance(action, Pick) or action.number not in (1, 2, 3):
            raise IllegalAction("T-2", Text("Wähle 1, 2 oder 3.", "Pick 1, 2 or 3."))

    def apply_action(self, state: State, seat: int, action: Pick) -> State:
        picks = list(state.picks)
        picks[seat] = action.number
        return replace(state, picks=tuple(picks))

    def apply_outcome(self, state: State, outcome: DiceOutcome) -> State:
        die = outcome.faces[0]
        picks = tuple(p or 0 for p in state.picks)
        scores = tuple(score + (pick if pick <= die else 0) for score, pick in zip(state.scores, picks, strict=True))
        return State(state.rounds, state.round + 1, (None,) * len(picks), scores, picks)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "round": state.round,
            "scores": list(state.scores),
            "picked": [pick is not None for pick in state.picks],
            "my_pick": state.picks[seat] if seat is not None else None,
            "last_reveal": list(state.last_reveal),
        }

    def hide_others(self, state: State, seat: int | None, seed: int) -> State:
        picks = tuple(p if s == seat or p is None else 1 + (seed + s) % 3 for s, p in enumerate(state.picks))
        return replace(state, picks=picks)

    def format_action(self, action: Pick) -> str:
        return f"pick {action.number}"

    def parse_action(self, text: str) -> Pick:
        word, _, number = text.strip().partition(" ")
        if word != "pick" or not number.strip().isdigit():
            raise InvalidNotation("T-2", Text(f"unlesbar: {text!r}", f"cannot read {text!r}"))
        return Pick(int(number))

    def format_outcome(self, outcome: DiceOutcome) -> str:
        return " ".join(map(str, outcome.faces))

    def parse_outcome(self, text: str) -> DiceOutcome:
        try:
            return DiceOutcome(tuple(int(part) for part in text.split()))
        except ValueError:
            raise InvalidNotation("T-3", Text(f"unlesbar: {text!r}", f"cannot read {text!r}")) from None


GAME = Toy()
