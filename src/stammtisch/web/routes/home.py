"""The start page: what each registered game offers (a new match, its statistics, ...) and recent matches."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse

from stammtisch.web.deps import LangDep, RendererDep, ServiceDep
from stammtisch.web.generic_game import generic_games
from stammtisch.web.names import router as names_router
from stammtisch.web.presenters import list_matches, present_games
from stammtisch.web.routes.generic import router as generic_router
from stammtisch.web.routes.links import router as links_router

router = APIRouter()
# The links handed out at the table and their pages (issue 24; web.routes.links) come with the start page.
router.include_router(links_router)
router.include_router(generic_router)  # the generic new-match page of a game without web pages (issue 27.1)
router.include_router(names_router)  # the club's names for the forms' type-ahead (issue 24.6; web.names)


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    matches = await run_in_threadpool(list_matches, service, 30)
    return renderer.response(
        "home.html",
        request,
        lang,
        matches=matches,
        games=present_games(service.games, lang) + generic_games(service.games, lang),
    )
