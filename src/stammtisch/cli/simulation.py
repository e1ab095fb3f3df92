"""What every ``stammtisch simulate GAME`` shares: checking the bot names and the number of players
(refused with a German and English message, nothing played), and printing the figures as a table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.table import Table

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import bots_for
from stammtisch.cli.console import fail, stdout
from stammtisch.core.protocol import Game
from stammtisch.core.text import Text


def chosen_bots(game: Game[Any], bots: str) -> tuple[list[str], dict[str, Callable[[], Bot]]]:
    """The bot names of ``--bots`` (comma-separated) and the game's bots; an unknown name is refused."""
    available = bots_for(game)
    names = [name.strip() for name in bots.split(",") if name.strip()]
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
