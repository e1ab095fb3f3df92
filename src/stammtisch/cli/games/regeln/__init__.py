"""Das Regeln Wir Schon! on the command line: the table as one seat sees it, public news (the reveal
of every vote at once), a hot-seat session that keeps votes and predictions secret, bot games for
``simulate``, and the game's own commands (``stammtisch regeln cards --check FILE``, play and
simulate with the club's card file)."""

from __future__ import annotations

from stammtisch.cli.games.regeln import board, session, simulate
from stammtisch.cli.plugin import CliGame

CLI_GAME = CliGame(
    slug="regeln",
    draw=board.draw,
    news=board.news,
    session=session.SecretVotesSession,
    simulate=simulate.simulate,
    group="stammtisch.cli.games.regeln.commands:app",
)
