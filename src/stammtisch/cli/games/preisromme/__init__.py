"""Preisrommé on the command line: the table as one seat sees it, public news, a play session that
keeps hands secret, and bot passes for ``simulate``."""

from __future__ import annotations

from stammtisch.cli.games.preisromme import board, session, simulate
from stammtisch.cli.plugin import CliGame

CLI_GAME = CliGame(
    slug="preisromme",
    draw=board.draw,
    news=board.news,
    session=session.HiddenHandsSession,
    simulate=simulate.simulate,
)
