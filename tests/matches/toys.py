"""Variants of the toy game (tests/support/toy.py) for the match tests:

* ``OPEN``: the same game without hidden information (every pick public), so decisions can be
  undone and the scribe sees every seat's legal actions;
* ``DEAL``: starts with a chance event before the first decision (like a deal);
* ``SKILL``: the die is a skill outcome without probabilities (a skill model must supply them);
* ``VOTE``: a secret simultaneous vote with a deadline hook (``timeout_action``), for the digital table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from stammtisch.core.chance import Categorical, ChanceNode, DiceOutcome
from stammtisch.core.errors import IllegalAction, InvalidNotation, InvalidSetup
from stammtisch.core.options import Option, Options
from stammtisch.core.protocol import Chance, Decision, Finished, Game, GameInfo, Result
from stammtisch.core.text import Text
from tests.support.toy import State, Toy


class OpenToy(Toy):
    slug = "toy-open"
    info = GameInfo(
        hidden_information=False, simultaneous_moves=True, chance_kinds=("dice",), play_modes=("digital", "table")
    )

    def hide_others(self, state: State, seat: int | None, seed: int) -> None:
        return None


class DealToy(OpenToy):
    """One extra chance event first: round 0 has every pick at 0 already."""

    slug = "toy-deal"

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        state = super().start(seats, options, setup)
        return State(state.rounds + 1, 0, (0,) * seats, state.scores)


SKILL_NODE = ChanceNode(
    Categorical.skill(tuple(DiceOutcome((face,)) for face in range(1, 7))), Text("Wurf", "the throw"), seat=None
)


class SkillToy(OpenToy):
    slug = "toy-skill"

    def turn(self, state: State) -> Decision | Chance | Finished:
        turn = super().turn(state)
        return Chance(SKILL_NODE) if isinstance(turn, Chance) else turn


OPEN = OpenToy()
DEAL = DealToy()
SKILL = SkillToy()


@dataclass(frozen=True, slots=True)
class Vote:
    yes: bool


@dataclass(frozen=True, slots=True)
class VoteState:
    rounds: int
    round: int
    votes: tuple[bool | None, ...]
    scores: tuple[int, ...]
    last_votes: tuple[bool, ...] = ()


class VoteToy(Game[VoteState]):
    """A secret simultaneous vote (like Regeln's): each round every seat secretly votes yes or no; the
    votes are revealed when the last one is in; a seat scores when it voted with the majority. The
    public view says who has voted (the ``Decision`` names the seats still due anyway), never how.
    A deadline votes ``no`` for a seat that has not voted (``timeout_action``)."""

    slug = "toy-vote"
    title = Text("Abstimmung", "Vote")
    min_seats = 2
    max_seats = 5
    info = GameInfo(hidden_information=True, simultaneous_moves=True, chance_kinds=(), play_modes=("digital",))
    options = (Option("rounds", 2, "V-1", Text("Runden", "rounds"), minimum=1, maximum=9),)
    action_types = (Vote,)
    outcome_types = ()

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> VoteState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidSetup("V-0", Text("2 bis 5 Plätze", "2 to 5 seats"))
        return VoteState(options["rounds"], 0, (None,) * seats, (0,) * seats)

    def turn(self, state: VoteState) -> Decision | Chance | Finished:
        if state.round == state.rounds:
            ranking = tuple(
                tuple(s for s, score in enumerate(state.scores) if score == value)
                for value in sorted(set(state.scores), reverse=True)
            )
            return Finished(Result(state.scores, ranking, {}))
        return Decision(tuple(seat for seat, vote in enumerate(state.votes) if vote is None))

    def legal_actions(self, state: VoteState, seat: int) -> tuple[Vote, ...]:
        turn = self.turn(state)
        return (Vote(True), Vote(False)) if isinstance(turn, Decision) and seat in turn.seats else ()

    def check_action(self, state: VoteState, seat: int, action: object) -> None:
        if not isinstance(action, Vote):
            raise IllegalAction("V-2", Text("Stimme mit ja oder nein.", "Vote yes or no."))

    def apply_action(self, state: VoteState, seat: int, action: Vote) -> VoteState:
        votes = list(state.votes)
        votes[seat] = action.yes
        if any(vote is None for vote in votes):
            return replace(state, votes=tuple(votes))
        cast = tuple(bool(vote) for vote in votes)
        majority = 2 * sum(cast) > len(cast)
        scores = tuple(score + (vote == majority) for score, vote in zip(state.scores, cast, strict=True))
        return VoteState(state.rounds, state.round + 1, (None,) * len(votes), scores, cast)

    def apply_outcome(self, state: VoteState, outcome: Any) -> VoteState:
        raise IllegalAction("V-3", Text("Hier wird nicht gewürfelt.", "There is no chance here."))

    def view(self, state: VoteState, seat: int | None) -> dict[str, Any]:
        return {
            "round": state.round,
            "scores": list(state.scores),
            "voted": [vote is not None for vote in state.votes],
            "my_vote": state.votes[seat] if seat is not None else None,
            "last_votes": list(state.last_votes),
        }

    def hide_others(self, state: VoteState, seat: int | None, seed: int) -> VoteState:
        votes = tuple(v if s == seat or v is None else (seed + s) % 2 == 0 for s, v in enumerate(state.votes))
        return replace(state, votes=votes)

    def timeout_action(self, state: VoteState, seat: int) -> Vote | None:
        """A seat that lets the deadline pass votes no."""
        return Vote(False) if state.round < state.rounds and state.votes[seat] is None else None

    def format_action(self, action: Vote) -> str:
        return "vote yes" if action.yes else "vote no"

    def parse_action(self, text: str) -> Vote:
        words = text.split()
        if len(words) != 2 or words[0] != "vote" or words[1] not in ("yes", "no"):
            raise InvalidNotation("V-2", Text(f"unlesbar: {text!r}", f"cannot read {text!r}"))
        return Vote(words[1] == "yes")

    def format_outcome(self, outcome: Any) -> str:
        raise InvalidNotation("V-3", Text("keine Zufallsereignisse", "no chance events"))

    def parse_outcome(self, text: str) -> Any:
        raise InvalidNotation("V-3", Text("keine Zufallsereignisse", "no chance events"))


VOTE = VoteToy()
