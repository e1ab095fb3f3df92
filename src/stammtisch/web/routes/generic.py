"""The generic new-match page of any registered game (``web.generic_game``): the home page offers it for
every game without a web plug-in of its own.

* ``GET /games/{slug}/new`` – players (the engine's seat range), the declared house rules with their
  clauses and defaults, the play mode;
* ``POST /games/{slug}`` – starts the match and opens it (``/m/{id}``); a refusal comes back as the form
  with everything typed and the reason in words.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from starlette.responses import HTMLResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Game
from stammtisch.web.deps import BroadcasterDep, LangDep, RendererDep, ServiceDep
from stammtisch.web.errors import BadInput
from stammtisch.web.generic_game import new_match_form, read_new_match
from stammtisch.web.new_match import start_match
from stammtisch.web.rendering import Renderer

router = APIRouter()


def _engine(games: Any, slug: str) -> Game[Any]:
    engine = games.get(slug)
    if engine is None:
        raise HTTPException(status_code=404)
    return engine  # type: ignore[no-any-return]


def _form_page(
    request: Request, renderer: Renderer, lang: str, form: dict[str, Any], error: str | None, status: int
) -> HTMLResponse:
    return renderer.response("generic_new.html", request, lang, status_code=status, form=form, error=error)


@router.get("/games/{slug}/new", response_class=HTMLResponse)
async def new_match(request: Request, slug: str, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> Response:
    engine = _engine(service.games, slug)
    return _form_page(request, renderer, lang, new_match_form(engine, lang), None, 200)


@router.post("/games/{slug}")
async def create_match(
    request: Request, slug: str, service: ServiceDep, renderer: RendererDep, broadcaster: BroadcasterDep, lang: LangDep
) -> Response:
    engine = _engine(service.games, slug)
    data = await request.form()
    asked = read_new_match(engine, data, [str(value) for value in data.getlist("player")])
    try:
        title = asked.title or engine.title.get(lang)
        return await start_match(
            request, service, broadcaster, slug, asked.players, asked.options, mode=asked.mode, title=title
        )
    except (RuleViolation, BadInput) as error:
        typed = {"players": asked.players, "options": asked.options, "mode": asked.mode, "title": asked.title}
        return _form_page(request, renderer, lang, new_match_form(engine, lang, typed), error.text(lang), 422)
