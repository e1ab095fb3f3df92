"""What both adapters share: one game of the registry seen the way other tools number things.

* **Games**: every registered game that can be played digitally (``"digital" in info.play_modes``),
  at ``players`` seats (default: four, or the nearest the game allows) under its house rules (the
  rulings' defaults, overridden by ``options``; ``mode`` is ``digital`` where the game has that option).
* **Actions** are numbered by their place in the game's canonical order of legal actions
  (``legal_actions``, documented in each game's rules module): id ``i`` is the ``i``-th legal action
  of the seat on turn, and its text is the game's notation (``discard 7H``). The ids mean "the i-th
  choice now", not a fixed move across states: the games' move sets (a Preisrommé figure is any run or
  set of a hand) have no small fixed numbering. ``ACTION_BOUND`` caps the count (none of the games
  comes near it; a state that would exceed it is refused, never truncated).
* **Chance** events are the protocol's own chance nodes with their exact outcome distributions (a die
  multiset, a card from the stock, a cup hit): outcome id ``i`` is the ``i``-th outcome in the node's
  canonical order. Skill outcomes (a cap landing, a throw) have no probabilities in the rules; here
  every outcome of a skill node is equally likely (the conformance kit's ``UniformSkill``), stated in
  the game's description. A deal is dealt card by card (each card one chance node with at most 53
  outcomes), so no game needs OpenSpiel's sampled-chance mode.
* **Several seats at once** (a knock window, a secret vote): each of them answers in turn, first seat
  first, as the engine keeps them (answers stay hidden until the last, so the order reveals nothing).
* **Observations** are built from ``view(state, seat)`` only, never from the state: the view as compact
  JSON (ASCII, sorted keys) for strings, and the same bytes, zero-padded to ``OBSERVATION_BYTES``, as
  the tensor: a lossless encoding of what the seat may see, not a learned feature design.
* **Returns** come from the result's ranking: a seat gets +1 for every seat ranked below it and -1 for
  every seat ranked above it, divided by ``players - 1``: zero-sum, in [-1, 1], ties 0 (team mates in a
  team game share their place and their return).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.errors import IllegalAction, InvalidSetup
from stammtisch.core.protocol import Chance, Decision, Finished, Game, Result
from stammtisch.core.testing import UniformSkill
from stammtisch.core.text import Text
from stammtisch.games import GAMES

#: The most legal actions (and chance outcomes) one state may offer.
ACTION_BOUND = 1024
#: The length of an observation tensor: a view's JSON, zero-padded.
OBSERVATION_BYTES = 65536
#: OpenSpiel wants a bound on a game's length: random play of every game ends far below it.
MAX_GAME_LENGTH = 200_000
#: The seats a table has unless ``players`` says otherwise (clamped to what the game allows).
DEFAULT_PLAYERS = 4

SKILL = UniformSkill()


def digital_games() -> dict[str, Game[Any]]:
    """The registered games that can be played fully digitally, by slug."""
    return {slug: game for slug, game in GAMES.items() if "digital" in game.info.play_modes}


def default_players(game: Game[Any]) -> int:
    return max(game.min_seats, min(DEFAULT_PLAYERS, game.max_seats))


@dataclass(frozen=True, slots=True)
class Setup:
    """One game at ``players`` seats under ``options`` (the house rules, as given)."""

    game: Game[Any]
    players: int
    options: Mapping[str, object]

    def start(self) -> Any:
        return self.game.start(self.players, self.game.configure(self.options))


def make_setup(slug: str, players: int | None = None, options: Mapping[str, object] | None = None) -> Setup:
    """The table for ``slug``; refuses unknown games and seat counts the game does not allow."""
    games = digital_games()
    game = games.get(slug)
    if game is None:
        known = ", ".join(sorted(games))
        raise InvalidSetup(
            "interop/games",
            Text(
                f"Das Spiel „{slug}“ gibt es digital nicht; möglich: {known}.",
                f"There is no digital game '{slug}'; possible: {known}.",
            ),
        )
    seats = default_players(game) if players is None else players
    if not game.min_seats <= seats <= game.max_seats:
        raise InvalidSetup(
            "interop/players",
            Text(
                f"{slug} braucht {game.min_seats} bis {game.max_seats} Plätze, nicht {seats}.",
                f"{slug} needs {game.min_seats} to {game.max_seats} seats, not {seats}.",
            ),
        )
    given = dict(options or {})
    if any(option.key == "mode" for option in game.options):
        given.setdefault("mode", "digital")
    setup = Setup(game, seats, given)
    setup.start()  # refuses invalid options now, with the game's own message
    return setup


def seat_on_turn(game: Game[Any], state: Any) -> int | None:
    """The seat that acts next (the first of several), or ``None`` at chance and at the end."""
    turn = game.turn(state)
    return turn.seats[0] if isinstance(turn, Decision) else None


def chance_outcomes(turn: Chance) -> list[tuple[int, float]]:
    """(outcome id, probability) of a chance node: exact ones as floats, skill ones equal."""
    node = turn.node
    outcomes = node.outcomes()
    if len(outcomes) > ACTION_BOUND:
        raise IllegalAction("interop/chance", _too_many(len(outcomes)))
    if not node.distribution.has_probabilities:
        weights = list(SKILL.probabilities(node))
        total = sum(weights)
        return [(index, weight / total) for index, weight in enumerate(weights)]
    return [(index, float(node.probability(outcome) or 0)) for index, outcome in enumerate(outcomes)]


def legal(game: Game[Any], state: Any, seat: int) -> tuple[Any, ...]:
    """The seat's legal actions in canonical order (ids are their places); () when it is not on turn."""
    if seat_on_turn(game, state) != seat:
        return ()
    actions = game.legal_actions(state, seat)
    if type(game).seat_count is not Game.seat_count:
        actions = _fixed_seats(game, state, seat, actions)
    if len(actions) > ACTION_BOUND:
        raise IllegalAction("interop/actions", _too_many(len(actions)))
    return actions


def _fixed_seats(game: Game[Any], state: Any, seat: int, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """The actions that keep the number of seats: OpenSpiel and PettingZoo play with a fixed set of
    players, so a step that seats someone new in a running match (Klümpchen E-26) is not offered."""
    seats = game.seat_count(state, 0)
    return tuple(action for action in actions if game.seat_count(game.act(state, seat, action), 0) == seats)


def _too_many(count: int) -> Text:
    return Text(
        f"{count} Möglichkeiten auf einmal: die Schnittstelle nummeriert höchstens {ACTION_BOUND}.",
        f"{count} choices at once: the interface numbers at most {ACTION_BOUND}.",
    )


def step(game: Game[Any], state: Any, index: int) -> Any:
    """Apply action id ``index`` of the seat on turn, or outcome id ``index`` at a chance node."""
    turn = game.turn(state)
    if isinstance(turn, Finished):
        raise IllegalAction(f"{game.slug}/protocol", Text("Das Spiel ist zu Ende.", "The game is over."))
    if isinstance(turn, Chance):
        outcomes = turn.node.outcomes()
        if not 0 <= index < len(outcomes):
            raise IllegalAction(f"{game.slug}/protocol", _no_such("Ergebnis", "outcome", index, len(outcomes)))
        return game.resolve(state, outcomes[index])
    seat = turn.seats[0]
    actions = legal(game, state, seat)
    if not 0 <= index < len(actions):
        raise IllegalAction(f"{game.slug}/protocol", _no_such("Zug", "action", index, len(actions)))
    return game.act(state, seat, actions[index])


def _no_such(de: str, en: str, index: int, count: int) -> Text:
    return Text(
        f"{de} Nummer {index} gibt es hier nicht: erlaubt sind 0 bis {count - 1}.",
        f"There is no {en} number {index} here: allowed are 0 to {count - 1}.",
    )


def play_chance(game: Game[Any], state: Any, rng: random.Random) -> Any:
    """Resolve chance nodes (drawn from ``rng``, skill outcomes equally likely) until a seat decides or
    the game ends."""
    turn = game.turn(state)
    while isinstance(turn, Chance):
        state = game.resolve(state, sample(turn.node, rng, SKILL))
        turn = game.turn(state)
    return state


def describe(game: Game[Any], state: Any, index: int, seat: int | None) -> str:
    """The notation of action (``seat`` given) or outcome (``seat`` None) id ``index`` in ``state``."""
    turn = game.turn(state)
    if seat is None and isinstance(turn, Chance):
        outcomes = turn.node.outcomes()
        return game.format_outcome(outcomes[index]) if 0 <= index < len(outcomes) else f"outcome #{index}"
    actions = game.legal_actions(state, seat) if seat is not None and isinstance(turn, Decision) else ()
    return game.format_action(actions[index]) if 0 <= index < len(actions) else f"action #{index}"


def observation_text(game: Game[Any], state: Any, seat: int | None) -> str:
    """What ``seat`` sees (``None``: the public table), as compact JSON with sorted keys, ASCII only."""
    return json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def observation_bytes(game: Game[Any], state: Any, seat: int | None) -> bytes:
    """``observation_text`` as bytes; refused (never cut) when longer than ``OBSERVATION_BYTES``."""
    data = observation_text(game, state, seat).encode("ascii")
    if len(data) > OBSERVATION_BYTES:
        raise IllegalAction(
            "interop/observation",
            Text(
                f"Die Sicht ist {len(data)} Bytes lang, die Schnittstelle fasst {OBSERVATION_BYTES}.",
                f"The view is {len(data)} bytes long; the interface holds {OBSERVATION_BYTES}.",
            ),
        )
    return data


def returns(result: Result | None, players: int) -> list[float]:
    """Zero-sum returns from the ranking (see the module docstring); zeros before the end."""
    if result is None:
        return [0.0] * players
    place = {seat: rank for rank, group in enumerate(result.ranking) for seat in group}
    scale = max(players - 1, 1)
    return [
        sum((place[seat] < place[other]) - (place[seat] > place[other]) for other in range(players)) / scale
        for seat in range(players)
    ]
