"""``stammtisch simulate kluempchen``: bot evenings, reproducible for a seed.

Each simulated game is one digital evening of ``--rounds`` rounds. Dice come from
``core.chance.sample`` with a ``random.Random`` derived from the seed and the game's index, so a
seed fixes every game and the figures (except the timings).

Bots (``--bots``, comma-separated names) are seated per team: seats 0+1 get the first name, 2+3 the
second, and so on, cycling; a list with one name per player seats them one by one instead. The
list is rotated by one team every game, so no bot kind always has the first turn.

Figures (``--json`` prints them as one object):

* ``rounds``: rounds played in all games; ``average_turns``: joint turns (score-sheet lines) per round.
* ``average_points_per_team_position``: the average final round score of the team that started the
  round (position 1), the next team in playing order (position 2), ...
* ``average_points_per_bot``: for every seat, its team's final round score, averaged by the seat's bot.
* ``loss_rate_per_bot``: the share of seat-rounds in which a seat with that bot was in the losing team.
* ``average_net_cents_per_bot``: the evening's money result (received - paid) per seat, by bot.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.games.kluempchen import play_evening, start_evening
from stammtisch.bots.registry import bots_for
from stammtisch.cli.plugin import SimulateRequest, Summary
from stammtisch.cli.simulation import progress
from stammtisch.core.protocol import Game, Result


@dataclass(frozen=True, slots=True)
class Played:
    """One simulated evening: its result, round-end views and step counts."""

    result: Result
    round_views: tuple[Mapping[str, Any], ...]
    actions: int
    outcomes: int


Runner = Callable[[int, Sequence[Bot], random.Random], Played]


def seat_bots(names: Sequence[str], players: int, shift: int) -> list[str]:
    """Bot names per seat: one per player if the list has that many, else per team (seat pairs), cycling."""
    if len(names) == players:
        return [names[(seat + 2 * shift) % players] for seat in range(players)]
    return [names[(seat // 2 + shift) % len(names)] for seat in range(players)]


def runner_for(game: Game[Any], rounds: int, fixed_teams: bool) -> Runner:
    """How to play one evening of ``rounds`` rounds with bots."""

    def evening(players: int, bots: Sequence[Bot], rng: random.Random) -> Played:
        state, fixed = start_evening(game, players, fixed_teams=fixed_teams)
        done = play_evening(game, state, bots, rng, rounds=rounds, teams=fixed)
        return Played(done.result, done.round_views, done.actions, done.outcomes)

    return evening


@dataclass
class Tally:
    """Running sums for the summary."""

    rounds: int = 0
    joint_turns: int = 0
    actions: int = 0

    def __post_init__(self) -> None:
        self.position_points: dict[int, list[int]] = defaultdict(list)
        self.bot_points: dict[str, list[int]] = defaultdict(list)
        self.bot_losses: dict[str, list[int]] = defaultdict(list)
        self.bot_net: dict[str, list[int]] = defaultdict(list)

    def add(self, played: Played, names: Sequence[str]) -> None:
        self.actions += played.actions
        for seat, score in enumerate(played.result.scores):
            self.bot_net[names[seat]].append(score)
        for view in played.round_views:
            self._add_round(view, names)

    def _add_round(self, view: Mapping[str, Any], names: Sequence[str]) -> None:
        self.rounds += 1
        sheet = view["sheet"]
        self.joint_turns += len(sheet)
        teams = view["teams"]
        starter = sheet[0]["team"] if sheet else view["on_turn"]["team"] if view.get("on_turn") else 0
        for offset in range(len(teams)):
            team = teams[(starter + offset) % len(teams)]
            self.position_points[offset + 1].append(team["score"])
        loser = view["rounds"][-1]["loser"]
        for index, team in enumerate(teams):
            for seat in team["members"]:
                self.bot_points[names[seat]].append(team["score"])
                self.bot_losses[names[seat]].append(1 if index == loser else 0)


def _mean(values: Sequence[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def summary(
    slug: str, games: int, seed: int, players: int, names: Sequence[str], tally: Tally, elapsed: float
) -> dict[str, Any]:
    return {
        "game": slug,
        "games": games,
        "seed": seed,
        "players": players,
        "bots": list(names),
        "rounds": tally.rounds,
        "average_turns": round(tally.joint_turns / tally.rounds, 3) if tally.rounds else 0.0,
        "average_actions_per_game": round(tally.actions / games, 3) if games else 0.0,
        "average_points_per_team_position": {
            str(position): _mean(points) for position, points in sorted(tally.position_points.items())
        },
        "average_points_per_bot": {name: _mean(points) for name, points in sorted(tally.bot_points.items())},
        "loss_rate_per_bot": {name: _mean(losses) for name, losses in sorted(tally.bot_losses.items())},
        "average_net_cents_per_bot": {name: _mean(net) for name, net in sorted(tally.bot_net.items())},
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }


def simulate(request: SimulateRequest) -> Summary:
    """The ``simulate kluempchen`` figures (see the module docstring)."""
    names, available = request.names, bots_for(request.game)
    run = runner_for(request.game, request.rounds, request.teams == "fixed")
    tally = Tally()
    started = time.perf_counter()
    with progress(f"{request.label}: {request.games} games", request.games, hidden=request.as_json) as advance:
        for index in range(request.games):
            _play_one(run, index, request.seed, request.players, names, available, tally)
            advance()
    elapsed = time.perf_counter() - started
    figures = summary(request.label, request.games, request.seed, request.players, names, tally, elapsed)
    return Summary(figures, f"{figures['game']}: {figures['games']} games, seed {figures['seed']}")


def _play_one(
    run: Runner,
    index: int,
    seed: int,
    players: int,
    names: Sequence[str],
    available: dict[str, Callable[[], Bot]],
    tally: Tally,
) -> None:
    seated = seat_bots(names, players, index)
    # A string seed is hashed deterministically: game ``index`` of ``seed`` is always the same game.
    played = run(players, [available[name]() for name in seated], random.Random(f"{seed}:{index}"))
    tally.add(played, seated)
