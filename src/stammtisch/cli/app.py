"""The ``stammtisch`` command: one Typer app, one module per command.

``main`` is the console script. Typer's pretty tracebacks are off: every expected problem ends in
a bilingual message and a non-zero exit code (see :mod:`stammtisch.cli.console`).

The CLI starts fast: the command modules define only their signatures at import time and import
engines, bots, the store and the web stack inside the command that needs them; games are found
by slug through ``cli/games/`` when a command runs. ``tests/cli/test_start.py`` keeps it so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from typer.core import TyperGroup

import stammtisch
from stammtisch.cli import (
    advise,
    backup,
    club,
    lab,
    play,
    read_models,
    rules,
    serve,
    simulate,
    solve,
    tournament,
    users,
)
from stammtisch.cli import bank as bank_commands

if TYPE_CHECKING:  # typer vendors click; its Command has no public name
    from typer._click import Command, Context


class GameCommands(TyperGroup):
    """The top-level commands, then a game's own command group by its slug
    (``stammtisch <slug> ...``: ``CliGame.group``, imported only when it runs)."""

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        from stammtisch.cli.games import cli_game, load_object

        path = cli_game(cmd_name).group
        if path is None:
            return None
        command = typer.main.get_command(load_object(path))
        command.name = cmd_name
        return command


app = typer.Typer(
    name="stammtisch",
    cls=GameCommands,
    help="Stammtisch: referee, scorekeeper and digital table for a club's house-rule games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    # Plain Click help: Typer's Rich help imports Markdown and friends, about 0.15 s at every --help.
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"stammtisch {stammtisch.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Stammtisch: referee, scorekeeper and digital table for a club's house-rule games."""


app.command("serve")(serve.serve)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("rules")(rules.rules)
app.command("solve")(solve.solve)
app.command("lab")(lab.lab)
app.add_typer(advise.app, name="advise")
app.add_typer(tournament.app, name="tournament")
app.add_typer(club.app, name="club")
app.add_typer(users.app, name="user")
app.add_typer(users.tokens, name="token")
app.add_typer(bank_commands.app, name="bank")
app.command("export")(bank_commands.export)
app.command("backup")(backup.backup)
app.command("restore")(backup.restore)
app.command("rebuild-views")(read_models.rebuild_views)


def main() -> None:
    app()
