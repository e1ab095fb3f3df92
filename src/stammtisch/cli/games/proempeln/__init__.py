"""Prömpeln on the command line: the score sheet and the run in progress, one-key stoppers and
skill models in play, bot games for ``simulate``, and ``stammtisch advise proempeln``."""

from __future__ import annotations

from stammtisch.cli.games.proempeln import board, session, simulate
from stammtisch.cli.plugin import CliGame

CLI_GAME = CliGame(
    slug="proempeln",
    draw=board.draw,
    news=board.news,
    session=session.StopperSession,
    simulate=simulate.simulate,
    commands={"advise": "stammtisch.cli.games.proempeln.advise:app"},
)
