"""Bier-Pong's web part: the new-game form (``/bierpong/new``), the table page built for the scribe's
taps (``presenter.py``: the racks as they stand, cups as tap targets), the hit and knock-over forms
(``routes.py``), the statistics page and the Bier-Pong evenings (``evening.py``)."""

from __future__ import annotations

from pathlib import Path

from stammtisch.core.text import Text
from stammtisch.web.games.bierpong.evening import router as evening_router
from stammtisch.web.games.bierpong.evening_follow import router as evening_follow_router
from stammtisch.web.games.bierpong.finale import finale
from stammtisch.web.games.bierpong.follow import scoreboard
from stammtisch.web.games.bierpong.presenter import present
from stammtisch.web.games.bierpong.routes import router
from stammtisch.web.plugin import StartLink, WebGame

WEB_GAME = WebGame(
    slug="bierpong",
    scoreboard=scoreboard,  # names and scores for the follow link (issue 24.2)
    present=present,
    finale=finale,  # winner, cups left, drinks per player (issue 25.1)
    board_template="bierpong/board.html",
    router=router,
    templates=Path(__file__).parent / "templates",
    static=Path(__file__).parent / "static",
    stylesheets=("bierpong.css",),
    starts=(
        StartLink("/bierpong/new", Text("Neues Bier-Pong-Spiel", "New Bier-Pong game")),
        StartLink("/bierpong/evenings", Text("Bier-Pong-Abend", "Bier-Pong evening")),
        StartLink("/bierpong/stats", Text("Bier-Pong-Statistik", "Bier-Pong statistics"), primary=False),
    ),
)
router.include_router(evening_router)
router.include_router(evening_follow_router)  # one follow link for the whole evening (LK-7)
