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


# FastAPI runs a plain ``def`` dependency in a worker thread. These only read the app's state, so the
# routes get them through ``async def`` twins: no thread hop per dependency and request (each hop cost
# about 0.3 ms of CPU and, on a busy server, a wait for the thread; bench/hammer.py).
async def _service(request: Request) -> MatchService:
    return get_service(request)


async def _broadcaster(request: Request) -> Broadcaster:
    return get_broadcaster(request)


async def _renderer(request: Request) -> Renderer:
    return get_renderer(request)


async def _lang(request: Request) -> str:
    return get_lang(request)


ServiceDep = Annotated[MatchService, Depends(_service)]
BroadcasterDep = Annotated[Broadcaster, Depends(_broadcaster)]
RendererDep = Annotated[Renderer, Depends(_renderer)]
LangDep = Annotated[str, Depends(_lang)]
