"""The FastAPI application factory.

``create_app`` wires the match service (built from the store when none is given), the template
renderer, the live-update broadcaster, the language middleware, the error handlers, the generic
routers (home, match page, live events, JSON API, tournaments) and, by looping over the registry
``web.games``, each registered web game's router and static files (``/static/games/<slug>/``).
Pages render snapshots from the service; no game is named here.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from fastapi.staticfiles import StaticFiles

from stammtisch.matches.notifier import Notifier
from stammtisch.matches.service import MatchService
from stammtisch.matches.skills import SkillProvider
from stammtisch.store.config import database_url as configured_url
from stammtisch.store.database import open_store
from stammtisch.store.notify import CHANNEL
from stammtisch.web import auth, correction, errors, log_redaction, qr, service_worker
from stammtisch.web.body_limit import BodyLimit
from stammtisch.web.collector import tune_for_serving
from stammtisch.web.correlation import Correlation
from stammtisch.web.csrf import CsrfToken, OriginGuard
from stammtisch.web.fanout import PostgresFanout, is_postgres
from stammtisch.web.games import web_games
from stammtisch.web.hosts import HostGuard
from stammtisch.web.input_guard import InputGuard, bounded_numbers
from stammtisch.web.language import LanguageMiddleware
from stammtisch.web.live import Broadcaster
from stammtisch.web.rendering import STATIC_DIR, Renderer
from stammtisch.web.routes import api, corrections, events, home, match, members, rematch, rules, tables, tournament
from stammtisch.web.routes import auth as auth_pages
from stammtisch.web.routes import bank as bank_pages
from stammtisch.web.routes import lab as lab_page
from stammtisch.web.routes import reminders as reminder_pages
from stammtisch.web.routes import settings_season as season_start_page
from stammtisch.web.routes import sheet_correction as sheet_correction_pages
from stammtisch.web.routes import stats as stats_pages
from stammtisch.web.seat_guard import SeatGuard
from stammtisch.web.security import SecurityHeaders
from stammtisch.web.tables import seats_are_private
from stammtisch.web.warm_up import warm_up_games


def build_service(database_url: str | None = None, notifier: Notifier | None = None) -> MatchService:
    """A match service on the configured store (``STAMMTISCH_DATABASE_URL`` or the data directory);
    opening it runs the migrations. ``StoreError`` (bilingual) for a bad data dir or database."""
    store = open_store(database_url or configured_url(os.environ), serving=True)
    return MatchService(store.repository, notifier=notifier, skill=SkillProvider(store.repository))


def create_app(
    service: MatchService | None = None, *, database_url: str | None = None, notify_channel: str = CHANNEL
) -> FastAPI:
    """The web app. Without ``service``, one is built from the store at ``database_url``; on PostgreSQL
    its writes also reach the pages of the other workers (``web.fanout``, ``LISTEN/NOTIFY`` on
    ``notify_channel``), on SQLite only this process's pages."""
    broadcaster = Broadcaster()
    fanout: PostgresFanout | None = None
    if service is None:
        url = database_url or configured_url(os.environ)
        fanout = PostgresFanout(url, broadcaster, notify_channel) if is_postgres(url) else None
        # A service built here publishes its writes itself; the routes publish too (for a given service),
        # and the broadcaster drops the repeated notice (and the echo of this worker's own NOTIFY).
        service = build_service(url, fanout.notifier if fanout is not None else broadcaster)
        if fanout is not None:  # another worker's write: this worker's memory catches up at once
            fanout.refresh = service.refresh
    # No Swagger page: FastAPI's loads from a CDN with an inline script, which the CSP forbids (docs/deploy.md).
    app = FastAPI(
        title="Stammtisch",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=_lifespan,
        # Every route: who asks, and may she (docs/access.md); then a correction's written reason (M-10).
        dependencies=[Depends(auth.authorize), Depends(bounded_numbers), Depends(correction.bind_reason)],
    )
    log_redaction.install()  # no seat token, key, invite or API token in the logs (issue 31.4)
    app.state.service = service
    app.state.fanout = fanout
    app.state.single_writer = _local_file_store(service)  # web.write_gate
    app.state.renderer = Renderer()
    qr.install(app.state.renderer.env)  # QR codes and absolute links for the share macro (templates/share/)
    app.state.broadcaster = broadcaster
    # Inside the language middleware (their refusals speak the reader's language), outer to inner:
    # allowed hosts, then cross-site posts, then the body limit (docs/deploy.md).
    app.add_middleware(CsrfToken)  # inside the body limit: the form it reads is bounded
    app.add_middleware(InputGuard)  # control characters, deep JSON, huge numbers: 4xx in words (issue 31.5)
    app.add_middleware(BodyLimit)
    app.add_middleware(OriginGuard)
    app.add_middleware(HostGuard)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(SeatGuard, linked=seats_are_private)
    app.add_middleware(SecurityHeaders)  # outermost: every answer, also the guards' refusals
    app.add_middleware(Correlation)  # around everything: every answer names its request (M-11)
    errors.install(app)
    auth.install(app)  # the session cookie (outermost) and the sign-in/role refusals
    for game in web_games():
        if game.static is not None:  # before "/static", which would otherwise take the path
            app.mount(f"/static/games/{game.slug}", StaticFiles(directory=game.static), name=f"static-{game.slug}")
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    service_worker.install(app)  # /sw.js at the root: its scope is the whole app (issue 24.5)
    for module in (home, match, events, api, tournament, tables, rules, rematch, auth_pages, members, corrections):
        app.include_router(module.router)
    app.include_router(lab_page.router)
    app.include_router(sheet_correction_pages.router)  # correcting an entered game on a score sheet (issue 25.2)
    app.include_router(bank_pages.router)
    app.include_router(season_start_page.router)  # the club's season start (issue 13.4)
    app.include_router(stats_pages.router)  # statistics per member and season (issue 13.5)
    app.include_router(reminder_pages.router)  # birthday and holiday rounds (issue 13.2, C-2)
    bank_pages.install(app)  # books Klümpchen evenings as they close (issue 13)
    stats_pages.install(app)  # summarizes each match for the statistics as it ends (issue 13.5)
    for game in web_games():
        if game.router is not None:
            app.include_router(game.router)
    return app


def _local_file_store(service: MatchService) -> bool:
    """Whether the matches live in a SQLite file (its writes are quick local calls: ``web.write_gate``)."""
    engine = getattr(service.repository, "engine", None)
    return engine is not None and engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:")


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """With several workers on PostgreSQL: hear the other workers' writes while serving."""
    tune_for_serving()
    warm_up_games()
    fanout: PostgresFanout | None = app.state.fanout
    if fanout is not None:
        await fanout.start()
    try:
        yield
    finally:
        if fanout is not None:
            await fanout.stop()
