"""Variants of the toy game (tests/support/toy.py) for the match tests:

* ``OPEN``: the same game without hidden information (every pick public), so decisions can be
  undone and the scribe sees every seat's legal actions;
* ``DEAL``: starts with a chance event before the first decision (like a deal);
* ``SKILL``: the die is a skill outcome without probabilities (a skill model must supply them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.chance import Categorical, ChanceNode, DiceOutcome
from stammtisch.core.options import Options
from stammtisch.core.protocol import Chance, Decision, Finished, GameInfo
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
