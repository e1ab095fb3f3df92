"""Klümpchen on the command line: the dice table, the news after each throw, the evening's result,
and bot evenings for ``simulate``."""

from __future__ import annotations

from stammtisch.cli.games.kluempchen import board, simulate
from stammtisch.cli.plugin import CliGame

CLI_GAME = CliGame(
    slug="kluempchen",
    draw=board.draw,
    news=board.news,
    final=board.final,
    simulate=simulate.simulate,
    commands={"advise": "stammtisch.cli.games.kluempchen.advise:app"},
)
