"""A web game for the toy engine (``tests/support/toy.py``), registered only by the plug-in test: what
a sixth game's web part looks like with nothing but its own package (and one registry line)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse

from stammtisch.core.text import Text
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.plugin import StartLink, WebGame
from stammtisch.web.presenters import seat_legal

router = APIRouter()


@router.get("/toy/new", response_class=HTMLResponse)
async def new_toy(request: Request, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    return renderer.response("toy/new.html", request, lang)


def present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]:
    """The toy's page model: its scores and how many picks this page may send."""
    view = snap.get("view") or {}
    return {"scores": list(view.get("scores") or []), "picks": len(seat_legal(snap, seat))}


WEB_GAME = WebGame(
    slug="toy",
    present=present,
    board_template="toy/board.html",
    router=router,
    templates=Path(__file__).parent / "templates",
    static=Path(__file__).parent / "static",
    stylesheets=("toy.css",),
    starts=(StartLink("/toy/new", Text("Neue Geheimzahl", "New secret number")),),
)
