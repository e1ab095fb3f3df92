"""Bier-Pong on the command line: both racks drawn in the terminal, throws entered with short keys
(``5b`` = cup 5 with an Aufsetzer) or drawn from skill models, and bot games for ``simulate``."""

from __future__ import annotations

from stammtisch.cli.games.bierpong import board, session, simulate
from stammtisch.cli.plugin import CliGame

CLI_GAME = CliGame(
    slug="bierpong",
    draw=board.draw,
    news=board.news,
    session=session.ThrowSession,
    simulate=simulate.simulate,
)
