"""Das Regeln Wir Schon!'s web part: the digital table's pages (each seat on her own phone with the
secret tile picker, the shared table screen; ``presenter.py``, ``templates/table.html`` and
``table_board.html``, drawn by the generic table routes ``web.routes.tables``), the scribe's page of
table mode (``templates/scribe.html`` inside the generic match page ``/m/{id}``), and the form that
opens a table, with the club's own card file if it has one (``routes.py``)."""

from __future__ import annotations

from pathlib import Path

from stammtisch.core.text import Text
from stammtisch.web.games.regeln.presenter import present
from stammtisch.web.games.regeln.routes import router
from stammtisch.web.plugin import StartLink, WebGame

WEB_GAME = WebGame(
    slug="regeln",
    present=present,
    board_template="regeln/scribe.html",
    router=router,
    templates=Path(__file__).parent / "templates",
    static=Path(__file__).parent / "static",
    stylesheets=("regeln.css",),
    starts=(
        StartLink(
            "/regeln/new",
            Text(
                "Neuer Tisch (am eigenen Handy oder mit der Schachtel)",
                "New table (on your own phones or with the boxed game)",
            ),
        ),
    ),
)
