"""Klümpchen's web part: the evening form (``/evenings/new``), the board with the dice tap pad, the
score-sheet entry and the settlement of each round (``presenter.py``, ``templates/``)."""

from __future__ import annotations

from pathlib import Path

from stammtisch.web.games.kluempchen.advice import router as advice_router
from stammtisch.web.games.kluempchen.advice import warm_up
from stammtisch.web.games.kluempchen.finale import finale
from stammtisch.web.games.kluempchen.follow import scoreboard
from stammtisch.web.games.kluempchen.presenter import present
from stammtisch.web.games.kluempchen.routes import router
from stammtisch.web.kit import N_
from stammtisch.web.plugin import StartLink, WebGame

router.include_router(advice_router)

WEB_GAME = WebGame(
    slug="kluempchen",
    scoreboard=scoreboard,  # names and scores for the follow link (issue 24.2)
    present=present,
    finale=finale,  # the closed evening in euros (issue 25.1)
    board_template="kluempchen/board.html",
    router=router,
    templates=Path(__file__).parent / "templates",
    static=Path(__file__).parent / "static",
    stylesheets=("kluempchen.css",),
    starts=(StartLink("/evenings/new", N_("Start a new Klümpchen evening")),),
    warm_up=warm_up,
)
