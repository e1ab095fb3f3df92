"""Every digital game as a registered OpenSpiel Python game: ``stammtisch_<slug>``.

>>> import pyspiel, stammtisch.interop.openspiel  # registers the games  # doctest: +SKIP
>>> slug = next(iter(stammtisch.games.GAMES))  # any registered game  # doctest: +SKIP
>>> game = pyspiel.load_game(f"stammtisch_{slug}", {"players": 4, "options": "{}"})  # doctest: +SKIP

Parameters: ``players`` (int; 0 = the default, four or the nearest the game allows) and ``options``
(the house rules as a JSON object, e.g. ``{"games_per_pass": 1}``; empty = the rulings' defaults).
Sequential, explicit chance (the protocol's own chance nodes and distributions), imperfect
information, zero-sum returns from the ranking, terminal rewards; observations (string and tensor)
from the seat's view only. The numbering of actions and outcomes and everything else the two adapters
share: ``interop/table.py``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints

from stammtisch.core.errors import InvalidOption
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.text import Text
from stammtisch.interop import table
from stammtisch.interop.table import Setup


def short_name(slug: str) -> str:
    return f"stammtisch_{slug}"


def _game_type(setup: Setup) -> pyspiel.GameType:
    game = setup.game
    return pyspiel.GameType(
        short_name=short_name(game.slug),
        long_name=f"Stammtisch {game.title.en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if game.info.hidden_information or game.info.simultaneous_moves
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_seats,
        min_num_players=game.min_seats,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 0, "options": ""},
    )


def _game_info(setup: Setup) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=table.ACTION_BOUND,
        max_chance_outcomes=table.ACTION_BOUND,
        num_players=setup.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=table.MAX_GAME_LENGTH,
    )


def _setup(slug: str, params: dict[str, Any] | None) -> Setup:
    params = params or {}
    players = int(params.get("players", 0)) or None
    text = str(params.get("options", "") or "")
    try:
        options = json.loads(text) if text else {}
    except json.JSONDecodeError:
        options = None
    if not isinstance(options, dict):
        raise InvalidOption(
            "interop/options",
            Text(
                f'options muss ein JSON-Objekt sein, z. B. {{"games_per_pass": 1}}, nicht {text!r}.',
                f'options must be a JSON object, e.g. {{"games_per_pass": 1}}, not {text!r}.',
            ),
        )
    return table.make_setup(slug, players, options)


class StammtischGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One registered game at the table ``params`` describe."""

    slug: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.setup = _setup(self.slug, params)
        super().__init__(_game_type(self.setup), _game_info(self.setup), params or {})

    def new_initial_state(self) -> StammtischState:
        return StammtischState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self.setup, params)


class _Shared:
    """Holds what clones may share: the table set-up and the immutable protocol state. OpenSpiel clones a
    Python state with ``copy.deepcopy``; copying immutable values would only cost time."""

    __slots__ = ("setup", "value")

    def __init__(self, setup: Setup, value: Any) -> None:
        self.setup = setup
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return _Shared(self.setup, self.value)


class StammtischState(pyspiel.State):  # type: ignore[misc]
    """The protocol's immutable state behind OpenSpiel's mutable one."""

    def __init__(self, game: StammtischGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.setup, game.setup.start())

    @property
    def setup(self) -> Setup:
        return self._shared.setup

    @property
    def value(self) -> Any:
        """The protocol state (immutable)."""
        return self._shared.value

    @value.setter
    def value(self, new: Any) -> None:
        self._shared.value = new

    def current_player(self) -> int:
        turn = self.setup.game.turn(self.value)
        if isinstance(turn, Finished):
            return int(pyspiel.PlayerId.TERMINAL)
        if isinstance(turn, Chance):
            return int(pyspiel.PlayerId.CHANCE)
        return int(turn.seats[0])

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(table.legal(self.setup.game, self.value, player))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        turn = self.setup.game.turn(self.value)
        return table.chance_outcomes(turn) if isinstance(turn, Chance) else []

    def _apply_action(self, action: int) -> None:
        self.value = table.step(self.setup.game, self.value, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        seat = None if player == pyspiel.PlayerId.CHANCE else player
        return table.describe(self.setup.game, self.value, int(action), seat)

    def is_terminal(self) -> bool:
        return isinstance(self.setup.game.turn(self.value), Finished)

    def returns(self) -> list[float]:
        return table.returns(self.setup.game.result(self.value), self.setup.players)

    def __str__(self) -> str:
        return table.observation_text(self.setup.game, self.value, None)


class ViewObserver:
    """OpenSpiel's observer: a seat's view as a string and as the zero-padded bytes of that string."""

    def __init__(self, setup: Setup, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self.setup = setup
        self.tensor = np.zeros(table.OBSERVATION_BYTES, np.float32)
        self.dict = {"view_json": self.tensor}

    def set_from(self, state: StammtischState, player: int) -> None:
        data = table.observation_bytes(self.setup.game, state.value, player)
        self.tensor.fill(0)
        self.tensor[: len(data)] = np.frombuffer(data, np.uint8)

    def string_from(self, state: StammtischState, player: int) -> str:
        return table.observation_text(self.setup.game, state.value, player)


def _game_class(slug: str) -> type[StammtischGame]:
    return type(f"Stammtisch_{slug}", (StammtischGame,), {"slug": slug, "__module__": __name__})


def register_all() -> tuple[str, ...]:
    """Register every digital game with OpenSpiel (once per process); the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for slug in table.digital_games():
        name = short_name(slug)
        if name not in registered:
            pyspiel.register_game(_game_type(table.make_setup(slug)), _game_class(slug))
        names.append(name)
    return tuple(names)


GAME_NAMES = register_all()
