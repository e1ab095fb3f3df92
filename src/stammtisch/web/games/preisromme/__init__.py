"""Preisrommé's web part: the digital table's pages (each seat on her own phone, ``presenter.py``,
``templates/table.html`` and ``table_board.html``, drawn by the generic table routes
``web.routes.tables``) and the form that opens a table (``routes.py``)."""

from __future__ import annotations

from pathlib import Path

from stammtisch.core.text import Text
from stammtisch.web.games.preisromme.presenter import present
from stammtisch.web.games.preisromme.routes import router
from stammtisch.web.plugin import StartLink, WebGame

WEB_GAME = WebGame(
    slug="preisromme",
    present=present,
    router=router,
    templates=Path(__file__).parent / "templates",
    static=Path(__file__).parent / "static",
    starts=(
        StartLink(
            "/preisromme/new",
            Text("Preisrommé digital (jede am eigenen Handy)", "Digital Preisrommé (everyone on their own phone)"),
        ),
    ),
)
