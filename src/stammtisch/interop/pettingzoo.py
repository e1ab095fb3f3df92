"""Every digital game as a PettingZoo AEC environment.

>>> from stammtisch.interop.pettingzoo import env  # doctest: +SKIP
>>> table = env(slug, players=4, options={})  # slug: any key of stammtisch.games.GAMES  # doctest: +SKIP
>>> table.reset(seed=7)  # doctest: +SKIP

Agents are ``seat_0`` .. ``seat_<n-1>``; the agent selected is the seat the game waits for (the first of
several in a knock window or a secret vote). Chance events are resolved inside the environment, drawn
from the generator ``reset(seed=...)`` seeds (skill outcomes equally likely). An action is the id of a
legal action (``Discrete(ACTION_BOUND)``; the ``action_mask`` in the observation marks the legal ids of
the agent on turn, none for the others). The observation is a dict: ``observation``, the seat's view
as zero-padded JSON bytes (``Box(0, 255, (OBSERVATION_BYTES,), uint8)``; ``observation_text`` gives the
JSON itself), and ``action_mask``. Rewards come at the end: the zero-sum ranking returns of
``interop/table.py``, where the numbering and the rest are described.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # no type hints shipped

from stammtisch.interop import table


def env(
    slug: str, players: int | None = None, options: Mapping[str, object] | None = None, render_mode: str | None = None
) -> StammtischEnv:
    """The AEC environment of game ``slug`` at ``players`` seats under the house rules ``options``."""
    return StammtischEnv(table.make_setup(slug, players, options), render_mode)


class StammtischEnv(AECEnv):  # type: ignore[misc]  # pettingzoo's base class is untyped
    """One game of the registry as an agent-environment-cycle game (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, setup: table.Setup, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' or None")
        self.setup = setup
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"stammtisch_{setup.game.slug}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(setup.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        mask = spaces.Box(0, 1, (table.ACTION_BOUND,), np.int8)
        view = spaces.Box(0, 255, (table.OBSERVATION_BYTES,), np.uint8)
        self._observation_space = spaces.Dict({"observation": view, "action_mask": mask})
        self._action_space = spaces.Discrete(table.ACTION_BOUND)
        self.observation_spaces = {agent: self._observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: self._action_space for agent in self.possible_agents}
        self._rng = random.Random()
        self.value: Any = None

    @functools.cache  # noqa: B019 - PettingZoo wants the very same space object per agent
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the cycle ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.value = table.play_chance(self.setup.game, self.setup.start(), self._rng)
        self._select()

    def _select(self) -> None:
        seat = table.seat_on_turn(self.setup.game, self.value)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        game = self.setup.game
        self.value = table.play_chance(game, table.step(game, self.value, int(action)), self._rng)
        result = game.result(self.value)
        if result is not None:
            for agent_name, reward in zip(self.agents, table.returns(result, self.setup.players), strict=True):
                self.rewards[agent_name] = reward
                self.terminations[agent_name] = True
            self._accumulate_rewards()
            # the dead agents step out one by one, in seat order
            self.agent_selection = self.agents[0]
        else:
            self._clear_rewards()
            self._select()
        if self.render_mode == "ansi":
            print(self.render())

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self._seat[agent]
        data = table.observation_bytes(self.setup.game, self.value, seat)
        observation = np.zeros(table.OBSERVATION_BYTES, np.uint8)
        observation[: len(data)] = np.frombuffer(data, np.uint8)
        mask = np.zeros(table.ACTION_BOUND, np.int8)
        mask[: len(table.legal(self.setup.game, self.value, seat))] = 1
        return {"observation": observation, "action_mask": mask}

    def observation_text(self, agent: str) -> str:
        """The agent's view as JSON (what ``observe`` encodes as bytes)."""
        return table.observation_text(self.setup.game, self.value, self._seat[agent])

    def render(self) -> str:
        """The public table as JSON (``ansi``)."""
        return table.observation_text(self.setup.game, self.value, None)

    def close(self) -> None:
        pass
