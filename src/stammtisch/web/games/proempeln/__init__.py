"""Prömpeln's web part: the new-game form (``/proempeln/new``), the table page built for quick taps
(``presenter.py``), the Kniffel replay form, the advisor card and the statistics page (``routes.py``)."""

from __future__ import annotations

from pathlib import Path

from stammtisch.web.games.proempeln.finale import finale
from stammtisch.web.games.proempeln.follow import scoreboard
from stammtisch.web.games.proempeln.presenter import present
from stammtisch.web.games.proempeln.routes import router
from stammtisch.web.kit import N_
from stammtisch.web.plugin import StartLink, WebGame

WEB_GAME = WebGame(
    slug="proempeln",
    finale=finale,  # the king and the totals (issue 25.1)
    scoreboard=scoreboard,  # names and scores for the follow link (issue 24.2)
    present=present,
    board_template="proempeln/board.html",
    router=router,
    templates=Path(__file__).parent / "templates",
    static=Path(__file__).parent / "static",
    stylesheets=("proempeln.css",),
    starts=(
        StartLink("/proempeln/new", N_("New Prömpeln game")),
        StartLink("/proempeln/stats", N_("Prömpeln statistics"), primary=False),
    ),
)
