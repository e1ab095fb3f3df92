"""One name for each thing tests do with any game: ``new_state`` (a game's initial state from
options), ``random_game`` (play on at random until the end or until ``stop``) and ``Deal`` (play on with
a chooser per decision, seeing each move). Per-game helper modules keep only what is specific to their
game (notation scripts, positions)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from stammtisch.core.chance import SkillModel, sample
from stammtisch.core.protocol import Chance, Finished, Game
from stammtisch.core.testing import UniformSkill


def new_state(
    game: Game[Any],
    seats: int | None = None,
    options: Mapping[str, object] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> Any:
    """The initial state of ``game`` for ``seats`` (default: the fewest it allows) under ``options``."""
    return game.start(game.min_seats if seats is None else seats, game.configure(options), setup)


def random_game(
    game: Game[Any],
    state: Any,
    rng: random.Random,
    stop: Callable[[Any], bool] = lambda state: False,
    skill: SkillModel | None = None,
    max_steps: int = 100_000,
) -> Any:
    """Play uniformly random legal actions and sampled outcomes (skill nodes: ``skill``, else uniform)
    from ``state`` until the game finishes or ``stop(state)``; the state reached."""
    model = skill or UniformSkill()
    for _ in range(max_steps):
        if stop(state):
            return state
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return state
        if isinstance(turn, Chance):
            state = game.resolve(state, sample(turn.node, rng, model))
        else:
            seat = rng.choice(turn.seats)
            state = game.act(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError(f"{game.slug}: no end within {max_steps} steps")


#: ``choose(state, seat, legal) -> action`` for the first seat on turn.
Choose = Callable[[Any, int, tuple[Any, ...]], Any]


@dataclass(frozen=True, slots=True)
class Move:
    """A decision as it is taken: the state before it, the seat, its legal actions, the action chosen."""

    state: Any
    seat: int
    legal: tuple[Any, ...]
    action: Any


class Deal:
    """Play on from ``state``: chance outcomes sampled with ``rng``, each decision by ``choose`` for the first
    seat on turn, until the game finishes or ``stop(state)``. Iterating yields each ``Move`` before it is
    played; ``state`` is then where the play stopped. More than ``max_steps`` steps fail the test (a deal
    that never ends)."""

    def __init__(
        self,
        game: Game[Any],
        state: Any,
        rng: random.Random,
        choose: Choose,
        stop: Callable[[Any], bool] = lambda state: False,
        max_steps: int = 100_000,
    ) -> None:
        self.game, self.state, self.rng, self.choose = game, state, rng, choose
        self.stop, self.max_steps = stop, max_steps
        self.finished = False

    def __iter__(self) -> Iterator[Move]:
        game = self.game
        for _ in range(self.max_steps):
            if self.stop(self.state):
                return
            turn = game.turn(self.state)
            if isinstance(turn, Finished):
                self.finished = True
                return
            if isinstance(turn, Chance):
                self.state = game.resolve(self.state, sample(turn.node, self.rng))
                continue
            seat = turn.seats[0]
            legal = tuple(game.legal_actions(self.state, seat))
            move = Move(self.state, seat, legal, self.choose(self.state, seat, legal))
            yield move
            self.state = game.act(self.state, seat, move.action)
        raise AssertionError(f"{game.slug}: no end within {self.max_steps} steps")

    def play(self) -> Any:
        """Play to the end (or ``stop``); the state reached."""
        for _ in self:
            pass
        return self.state
