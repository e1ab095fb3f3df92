"""``stammtisch simulate GAME``: bot-vs-bot digital games, reproducible for a seed.

Each simulated game is one digital evening of ``--rounds`` rounds (for games without evenings: one
game to its end). Dice come from ``core.chance.sample`` with a ``random.Random`` derived from the seed
and the game's index, so a seed fixes every game and the figures (except the timings).

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

import json
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.progress import Progress

from stammtisch.bots.base import Bot
from stammtisch.bots.kluempchen import play_evening, start_evening
from stammtisch.bots.playout import SkillModelMissing, play_out
from stammtisch.cli.console import fail, stderr
from stammtisch.cli.games import require_game
from stammtisch.cli.simulation import check_players, chosen_bots, print_figures
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Game, Result
from stammtisch.core.text import Text


class Teams(StrEnum):
    fixed = "fixed"
    drawn = "drawn"


@dataclass(frozen=True, slots=True)
class Played:
    """One simulated game, whatever the game: its result, round-end views and step counts."""

    result: Result
    round_views: tuple[dict[str, Any], ...]
    actions: int
    outcomes: int


Runner = Callable[[int, Sequence[Bot], random.Random], Played]


def seat_bots(names: Sequence[str], players: int, shift: int) -> list[str]:
    """Bot names per seat: one per player if the list has that many, else per team (seat pairs), cycling."""
    if len(names) == players:
        return [names[(seat + 2 * shift) % players] for seat in range(players)]
    return [names[(seat // 2 + shift) % len(names)] for seat in range(players)]


def runner_for(game: Game[Any], rounds: int, teams: Teams) -> Runner:
    """How to play one game of ``game`` with bots (Klümpchen: an evening; others: one game)."""
    if game.slug == "kluempchen":

        def evening(players: int, bots: Sequence[Bot], rng: random.Random) -> Played:
            state, fixed = start_evening(game, players, fixed_teams=teams is Teams.fixed)
            done = play_evening(game, state, bots, rng, rounds=rounds, teams=fixed)
            return Played(done.result, done.round_views, done.actions, done.outcomes)

        return evening

    def generic(players: int, bots: Sequence[Bot], rng: random.Random) -> Played:
        digital = {"mode": "digital"} if any(option.key == "mode" for option in game.options) else {}
        state = game.start(players, game.configure(digital))
        done = play_out(game, state, bots, rng)
        return Played(done.result, (), done.actions, done.outcomes)

    return generic


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

    def _add_round(self, view: dict[str, Any], names: Sequence[str]) -> None:
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


def simulate(
    game: Annotated[str, typer.Argument(help="Game slug, e.g. kluempchen.")],
    games: Annotated[int, typer.Option("--games", min=1, help="How many games (evenings) to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed plays the same games.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object, no progress bar.")] = False,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots per team, e.g. heuristic,random.")] = (
        "heuristic,random"
    ),
    players: Annotated[int, typer.Option("--players", min=1, help="Players at the table.")] = 4,
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Rounds per evening (Klümpchen).")] = 1,
    teams: Annotated[Teams, typer.Option("--teams", help="fixed: seats 0+1, 2+3, ...; drawn: the team draw.")] = (
        Teams.fixed
    ),
    skill: Annotated[
        list[str] | None,
        typer.Option("--skill", help="Prömpeln, per seat: a player's name (learned model) or counts c0,c1,c2,c3."),
    ] = None,
) -> None:
    """Let bots play each other and report averages (reproducible for a seed)."""
    chosen = require_game(game)
    if chosen.slug == "proempeln":
        from stammtisch.cli import proempeln_simulate  # imported here: only this game needs it

        proempeln_simulate.simulate(games, seed, as_json, bots, players, skill or [])
        return
    if chosen.slug == "preisromme":
        from stammtisch.cli import preisromme_simulate  # imported here: only this game needs it

        preisromme_simulate.simulate(games, seed, as_json, bots, players)
        return
    names, available = chosen_bots(chosen, bots)
    check_players(chosen, players)
    run = runner_for(chosen, rounds, teams)
    tally = Tally()
    started = time.perf_counter()
    try:
        if as_json:
            for index in range(games):
                _play_one(run, index, seed, players, names, available, tally)
        else:
            with Progress(console=stderr(), transient=False) as progress:
                task = progress.add_task(f"{game}: {games} games", total=games)
                for index in range(games):
                    _play_one(run, index, seed, players, names, available, tally)
                    progress.advance(task)
    except RuleViolation as error:
        fail(error.message)
    except SkillModelMissing:
        fail(
            Text(
                f"{game} hängt vom Geschick der Spieler ab; ohne Geschicklichkeitsmodell wird nicht simuliert.",
                f"{game} depends on the players' skill; it cannot be simulated without a skill model.",
            )
        )
    elapsed = time.perf_counter() - started
    figures = summary(game, games, seed, players, names, tally, elapsed)
    if as_json:
        typer.echo(json.dumps(figures, ensure_ascii=False))
        return
    print_figures(f"{figures['game']}: {figures['games']} games, seed {figures['seed']}", figures)


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
