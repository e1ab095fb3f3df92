"""Bots playing a game to its end: the loop behind ``simulate`` and the bot tests.

Chance nodes are drawn with :func:`stammtisch.core.chance.sample` from the given ``rng``; decisions
go to the bot seated there, which sees only ``game.view(state, seat)`` and the legal actions. One
``rng`` drives both, so a seed fixes the whole game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.core.chance import SkillModel, sample
from stammtisch.core.protocol import Chance, Finished, Game, Result


@dataclass(frozen=True, slots=True)
class Playout:
    """How a bot game went: the final state and result, and how many steps it took."""

    final: Any
    result: Result
    actions: int
    outcomes: int


class SkillModelMissing(Exception):
    """A chance node is a skill outcome (a cap landing, a throw) and no skill model was given."""


class BotMistake(AssertionError):
    """A bot answered with something that is not among the legal actions (a bug in the bot)."""


def play_out(
    game: Game[Any],
    state: Any,
    bots: Sequence[Bot],
    rng: random.Random,
    max_steps: int = 1_000_000,
    skill: SkillModel | None = None,
) -> Playout:
    """Play from ``state`` until the game is finished; ``bots[seat]`` decides for ``seat``.
    Skill outcomes need ``skill``; without it ``SkillModelMissing`` is raised (never a guess)."""
    actions = outcomes = 0
    for _ in range(max_steps):
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return Playout(state, turn.result, actions, outcomes)
        if isinstance(turn, Chance):
            if skill is None and not turn.node.distribution.has_probabilities:
                raise SkillModelMissing(turn.node.label.en)
            state = game.resolve(state, sample(turn.node, rng, skill))
            outcomes += 1
            continue
        seat = turn.seats[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(game.view(state, seat), legal, rng)
        if action not in legal:
            raise BotMistake(f"{type(bots[seat]).__name__} chose {action!r}, not one of {legal!r}")
        state = game.act(state, seat, action)
        actions += 1
    raise RuntimeError(f"{game.slug}: the game did not finish within {max_steps} steps")
