"""What every ``stammtisch simulate GAME`` shares: checking the bot names and the number of players
(refused with a German and English message, nothing played), the progress bar, printing the figures
as a table, and the plain simulation of a game without its own (``CliGame.simulate``): one game to
its end per run, the bots one per seat, cycling and rotated by one seat every game."""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.table import Table

from stammtisch.bots.base import Bot
from stammtisch.bots.playout import SkillModelMissing, play_out
from stammtisch.bots.registry import bot_or_default, bots_for
from stammtisch.cli.console import fail, stdout
from stammtisch.cli.plugin import SimulateRequest, Summary
from stammtisch.core.protocol import Game
from stammtisch.core.text import Text


def chosen_bots(game: Game[Any], bots: str) -> tuple[list[str], dict[str, Callable[[], Bot]]]:
    """The bot names of ``--bots`` (comma-separated) and the game's bots; an unknown name is refused."""
    available = bots_for(game)
    names = [bot_or_default(available, name.strip()) for name in bots.split(",") if name.strip()]
    unknown = [name for name in names if name not in available]
    if not names or unknown:
        wrong, known = ", ".join(unknown) or bots, ", ".join(sorted(available))
        fail(
            Text(
                f"Unbekannter Bot „{wrong}“. Für {game.slug} gibt es: {known}.",
                f"Unknown bot '{wrong}'. Available for {game.slug}: {known}.",
            )
        )
    return names, available


def check_players(game: Game[Any], players: int) -> None:
    """``--players`` must fit the game's table."""
    if not game.min_seats <= players <= game.max_seats:
        fail(
            Text(
                f"{game.slug} braucht {game.min_seats} bis {game.max_seats} Spielerinnen und Spieler, nicht {players}.",
                f"{game.slug} needs {game.min_seats} to {game.max_seats} players, not {players}.",
            )
        )


def print_figures(title: str, figures: dict[str, Any], special: dict[str, Callable[[Any], str]] | None = None) -> None:
    """One row a figure (``game``, ``games`` and ``seed`` are in the title); dicts and lists on one
    line; ``special`` formats named figures its own way."""
    table = Table(title=title)
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        if key in ("game", "games", "seed"):
            continue
        if special and key in special:
            value = special[key](value)
        elif isinstance(value, dict):
            value = ", ".join(f"{k}: {v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join(map(str, value))
        table.add_row(key.replace("_", " "), str(value))
    stdout().print(table)


@contextmanager
def progress(label: str, total: int, *, hidden: bool = False, transient: bool = False) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr (``cli/progress.py``: only on a terminal, none with ``--json`` or when
    ``hidden``); yields "one more done"."""
    from stammtisch.cli.progress import bar, wanted

    with bar(label, total, shown=not hidden and wanted(), transient=transient) as shown:
        yield shown.advance


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def plain_simulate(request: SimulateRequest) -> Summary:
    """Bot games of a game without its own simulation: the average score and step count per bot."""
    game, players, names = request.game, request.players, request.names
    available = bots_for(game)
    scores: dict[str, list[int]] = defaultdict(list)
    actions = 0
    digital = {"mode": "digital"} if any(option.key == "mode" for option in game.options) else {}
    started = time.perf_counter()
    with progress(f"{request.label}: {request.games} games", request.games, hidden=request.as_json) as advance:
        for index in range(request.games):
            seated = [names[(seat + index) % len(names)] for seat in range(players)]
            state = game.start(players, game.configure(digital))
            try:
                done = play_out(
                    game, state, [available[name]() for name in seated], random.Random(f"{request.seed}:{index}")
                )
            except SkillModelMissing:
                fail(
                    Text(
                        f"{request.label} hängt vom Geschick der Spieler ab; ohne Geschicklichkeitsmodell wird nicht "
                        "simuliert.",
                        f"{request.label} depends on the players' skill; it cannot be simulated without a skill model.",
                    )
                )
            actions += done.actions
            for seat, score in enumerate(done.result.scores):
                scores[seated[seat]].append(score)
            advance()
    elapsed = time.perf_counter() - started
    figures = {
        "game": request.label,
        "games": request.games,
        "seed": request.seed,
        "players": players,
        "bots": list(names),
        "average_actions_per_game": round(actions / request.games, 3),
        "average_score_per_bot": {name: _mean(values) for name, values in sorted(scores.items())},
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(request.games / elapsed, 1) if elapsed > 0 else None,
    }
    return Summary(figures, f"{request.label}: {request.games} games, seed {request.seed}")
