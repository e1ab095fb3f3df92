"""The ``stammtisch`` command: one Typer app, one module per command.

``main`` is the console script. Typer's pretty tracebacks are off: every expected problem ends in
a bilingual message and a non-zero exit code (see :mod:`stammtisch.cli.console`).
"""

from __future__ import annotations

from typing import Annotated

import typer

import stammtisch
from stammtisch.cli import advise, play, rules, serve, simulate, tournament
from stammtisch.cli.console import stdout

app = typer.Typer(
    name="stammtisch",
    help="Stammtisch: referee, scorekeeper and digital table for a club's house-rule games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _print_version(value: bool) -> None:
    if value:
        stdout().print(f"stammtisch {stammtisch.__version__}")
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
app.command("advise")(advise.advise)
app.add_typer(tournament.app, name="tournament")


def main() -> None:
    app()
