"""Dependencies the routes declare with ``Annotated`` aliases (FastAPI's dependency injection)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from stammtisch.matches.service import MatchService
from stammtisch.web.i18n import DEFAULT_LANGUAGE
from stammtisch.web.live import Broadcaster
from stammtisch.web.rendering import Renderer


def get_service(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def get_broadcaster(request: Request) -> Broadcaster:
    broadcaster: Broadcaster = request.app.state.broadcaster
    return broadcaster


def get_renderer(request: Request) -> Renderer:
    renderer: Renderer = request.app.state.renderer
    return renderer


def get_lang(request: Request) -> str:
    """Chosen by ``LanguageMiddleware`` (query, cookie, Accept-Language)."""
    return getattr(request.state, "lang", DEFAULT_LANGUAGE)


ServiceDep = Annotated[MatchService, Depends(get_service)]
BroadcasterDep = Annotated[Broadcaster, Depends(get_broadcaster)]
RendererDep = Annotated[Renderer, Depends(get_renderer)]
LangDep = Annotated[str, Depends(get_lang)]
