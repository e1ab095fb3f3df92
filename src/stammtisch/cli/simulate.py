"""``stammtisch simulate GAME``: bot-vs-bot digital games, reproducible for a seed.

The game is found through the registry (``cli/games/``); its ``simulate`` plays the games and
returns the figures (``cli/plugin.py``), a game without one gets the plain simulation of
``cli/simulation.py``. This command checks the bot names (``--bots``, comma-separated) and the
number of players for every game alike, then prints the figures as a table or, with ``--json``, as
one JSON object. What each game's figures mean is said in its ``cli/games/<slug>`` module.
Everything but the signature is imported when the command runs, so the CLI starts fast.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from stammtisch.cli.games import SLUG_HELP


class Teams(StrEnum):
    fixed = "fixed"
    drawn = "drawn"


def simulate(
    game: Annotated[str, typer.Argument(help=SLUG_HELP)],
    games: Annotated[int, typer.Option("--games", min=1, help="How many games (evenings) to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed plays the same games.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object, no progress bar.")] = False,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots per team, e.g. heuristic,random.")] = (
        "heuristic,random"
    ),
    players: Annotated[int, typer.Option("--players", min=1, help="Players at the table.")] = 4,
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Rounds per evening (games played in evenings).")] = 1,
    teams: Annotated[Teams, typer.Option("--teams", help="fixed: seats 0+1, 2+3, ...; drawn: the team draw.")] = (
        Teams.fixed
    ),
    skill: Annotated[
        list[str] | None,
        typer.Option("--skill", help="Skill games, per seat: a player's name (learned model) or counts c0,c1,c2,c3."),
    ] = None,
) -> None:
    """Let bots play each other and report averages (reproducible for a seed)."""
    import json

    from stammtisch.cli.console import fail
    from stammtisch.cli.games import require_game
    from stammtisch.cli.plugin import SimulateRequest
    from stammtisch.cli.progress import QUIET
    from stammtisch.cli.simulation import check_players, chosen_bots, plain_simulate, print_figures
    from stammtisch.core.errors import RuleViolation

    chosen, cli = require_game(game)
    names, _ = chosen_bots(chosen, bots)
    check_players(chosen, players)
    request = SimulateRequest(
        chosen, game, games, seed, as_json, tuple(names), players, rounds, teams.value, tuple(skill or ())
    )
    quiet = QUIET.set(as_json)  # no bar with --json, whatever a game's own simulation asks for
    try:
        summary = (cli.simulate or plain_simulate)(request)
    except RuleViolation as error:
        fail(error.message)
    finally:
        QUIET.reset(quiet)
    if as_json:
        typer.echo(json.dumps(summary.figures, ensure_ascii=False))
        return
    print_figures(summary.title, summary.figures, dict(summary.special))
