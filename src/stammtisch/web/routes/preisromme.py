"""Digital Preisrommé: every seat on its own phone through its own secret link, bots in empty seats.

* ``GET /preisromme/new``, ``POST /preisromme`` – names per seat (an empty seat gets a bot), bot
  kind, games, knock window length; answers with the seat links (shown once) and the spectator link;
* ``POST /api/preisromme`` – the same as JSON: ``{"players", "bot", "knock_window_seconds",
  "games_per_pass", "title"}`` → ``{"match_id", "links": {seat: url}, "spectator": url}``;
* ``GET /p/{token}`` (page), ``/p/{token}/board`` (fragment), ``POST /p/{token}/act`` (form
  ``seq``, ``notation``) – the seat the token names, and nothing else (S-1);
* ``GET /api/p/{token}``, ``POST /api/p/{token}/actions`` (``{"seq", "action"}``) – the same as JSON;
* ``GET /w/{table}`` (page), ``/w/{table}/board`` – the public table for spectators (``table`` is
  the match id).

Live updates reuse ``/m/{match_id}/events`` (its events carry only the sequence number). After
every write the bots answer, the other pages are told, and, while a knock window waits for people,
its timer runs (``web.preisromme_timer``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.errors import StaleSequence
from stammtisch.matches.preisromme_table import (
    KNOCK_WINDOW_RANGE,
    KNOCK_WINDOW_SECONDS,
    OpenedTable,
    PreisrommeTable,
    window_key,
)
from stammtisch.matches.seat_links import InMemorySeatLinks, SeatLink, SeatLinkRepository, UnknownSeatLink
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.seat_links import SqlSeatLinks
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.errors import BadInput, status_for
from stammtisch.web.games.preisromme import present
from stammtisch.web.preisromme_timer import AsyncioTimers, Timers

router = APIRouter()

MAX_SEATS = 6
BOTS = ("heuristic", "random")
TOKEN = r"[A-Za-z0-9_-]{16,64}"


# --- wiring (lazily on app.state, so app.py only includes the router) ---------------------------
def table_for(app: Any) -> PreisrommeTable:
    """The app's Preisrommé table use cases; seat links live next to the matches."""
    table = getattr(app.state, "preisromme_table", None)
    if table is None:
        service = app.state.service
        repository = service.repository
        links: SeatLinkRepository = (
            SqlSeatLinks(repository.engine) if isinstance(repository, SqlMatchRepository) else InMemorySeatLinks()
        )
        table = app.state.preisromme_table = PreisrommeTable(service, links)
    return table


def timers_for(app: Any) -> Timers:
    timers = getattr(app.state, "preisromme_timers", None)
    if timers is None:
        timers = app.state.preisromme_timers = AsyncioTimers(table_for(app))
    return timers


def _published(app: Any, match_id: str) -> None:
    """After a write: tell the open pages, and run the knock window's clock if people must answer.
    Called on the event loop (the timers' tasks) or by tests' manual timers."""
    _announce(app, table_for(app).public_snapshot(match_id))


async def _after_write(app: Any, match_id: str) -> None:
    _announce(app, await run_in_threadpool(table_for(app).public_snapshot, match_id))


def _announce(app: Any, public: MatchSnapshot) -> None:
    app.state.broadcaster.publish(public.match_id, public.seq)
    _watch_window(app, public)


def _watch_window(app: Any, public: MatchSnapshot) -> None:
    key = window_key(public.view)
    if key is None or public.turn.get("kind") != "decision":
        return
    table = table_for(app)
    bots = table.bot_seats(public.match_id)
    if not [seat for seat in public.turn.get("seats", ()) if seat not in bots]:
        return
    seconds = table.knock_window_seconds(public.match_id)
    timers_for(app).schedule(public.match_id, key, seconds, lambda match_id: _published(app, match_id))


# --- pages --------------------------------------------------------------------------------------
def _render_seat(
    request: Request,
    snapshot: MatchSnapshot,
    token: str | None,
    lang: str,
    *,
    fragment: bool,
    error: str | None = None,
    stale: bool = False,
    status_code: int = 200,
) -> HTMLResponse:
    renderer = request.app.state.renderer
    page = present(snapshot.to_json(), lang, snapshot.seat)
    page["token"] = token
    page["knock_seconds"] = table_for(request.app).knock_window_seconds(snapshot.match_id)
    base = f"/p/{token}" if token else f"/w/{snapshot.match_id}"
    return renderer.response(
        "games/preisromme/board.html" if fragment else "games/preisromme/page.html",
        request,
        lang,
        status_code=status_code,
        p=page,
        base=base,
        error=error,
        stale=stale,
    )


def _is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


async def _seat_snapshot(request: Request, token: str) -> MatchSnapshot:
    """The token's seat snapshot; an unknown token is a 404 (S-1)."""
    try:
        return await run_in_threadpool(table_for(request.app).seat_snapshot, token)
    except UnknownSeatLink as error:
        raise BadInput(error.message, 404) from None


async def _link(request: Request, token: str) -> SeatLink:
    try:
        return await run_in_threadpool(table_for(request.app).link, token)
    except UnknownSeatLink as error:
        raise BadInput(error.message, 404) from None


@router.get("/p/{token}", response_class=HTMLResponse)
async def seat_page(request: Request, token: str, lang: LangDep) -> Response:
    """The seat's page. Loading it also resumes a table this process has not driven yet (after a
    restart): bots still due act, and the open knock window's clock runs."""
    table = table_for(request.app)
    link = await _link(request, token)
    if await run_in_threadpool(table.play_bots, link.match_id):
        await _after_write(request.app, link.match_id)
    else:
        _watch_window(request.app, await run_in_threadpool(table.public_snapshot, link.match_id))
    snapshot = await _seat_snapshot(request, token)
    return _render_seat(request, snapshot, token, lang, fragment=False)


@router.get("/p/{token}/board", response_class=HTMLResponse)
async def seat_board(request: Request, token: str, lang: LangDep) -> Response:
    snapshot = await _seat_snapshot(request, token)
    return _render_seat(request, snapshot, token, lang, fragment=True)


@router.post("/p/{token}/act")
async def seat_act(
    request: Request,
    token: str,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    notation: Annotated[str, Form(min_length=1, max_length=200)],
) -> Response:
    table = table_for(request.app)
    link = await _link(request, token)  # unknown token: 404 before anything else
    try:
        snapshot = await run_in_threadpool(table.act, token, notation.strip(), seq)
    except RuleViolation as error:
        fresh = error.snapshot if isinstance(error, StaleSequence) and error.snapshot is not None else None
        if fresh is None or fresh.seat != link.seat:
            fresh = await run_in_threadpool(table.seat_snapshot, token)
        await _after_write(request.app, link.match_id)  # a refused laying still locks the turn
        return _render_seat(
            request,
            fresh,
            token,
            lang,
            fragment=_is_htmx(request),
            error=error.text(lang),
            stale=isinstance(error, StaleSequence),
            status_code=status_for(error),
        )
    await _after_write(request.app, link.match_id)
    if _is_htmx(request):
        return _render_seat(request, snapshot, token, lang, fragment=True)
    return RedirectResponse(f"/p/{token}", status_code=303)


# The spectator routes name their parameter ``table`` on purpose: the shared error handler draws a
# failing ``{match_id}`` route as the match page for ``?seat=``, which a spectator must never get.
@router.get("/w/{table}", response_class=HTMLResponse)
async def watch_page(request: Request, table: str, lang: LangDep) -> Response:
    snapshot = await run_in_threadpool(_public_preisromme, request.app, table)
    _watch_window(request.app, snapshot)
    return _render_seat(request, snapshot, None, lang, fragment=False)


@router.get("/w/{table}/board", response_class=HTMLResponse)
async def watch_board(request: Request, table: str, lang: LangDep) -> Response:
    snapshot = await run_in_threadpool(_public_preisromme, request.app, table)
    return _render_seat(request, snapshot, None, lang, fragment=True)


def _public_preisromme(app: Any, match_id: str) -> MatchSnapshot:
    snapshot = table_for(app).public_snapshot(match_id)
    if snapshot.game != "preisromme":
        raise BadInput(Text("Das ist keine Preisrommé-Partie.", "This is not a Preisrommé match."), 404)
    return snapshot


# --- starting a table ---------------------------------------------------------------------------
def _new_form(values: dict[str, Any] | None = None) -> dict[str, Any]:
    form = {
        "title": "",
        "players": ["", "", "", ""] + [""] * (MAX_SEATS - 4),
        "seats": 4,
        "bot": "heuristic",
        "knock_window_seconds": KNOCK_WINDOW_SECONDS,
        "games_per_pass": 8,
    }
    form.update(values or {})
    return form


@router.get("/preisromme/new", response_class=HTMLResponse)
async def new_table(request: Request, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    return renderer.response(
        "games/preisromme/new.html", request, lang, form=_new_form(), error=None, window_range=KNOCK_WINDOW_RANGE
    )


def _links(opened: OpenedTable) -> dict[str, Any]:
    match_id = opened.snapshot.match_id
    return {
        "match_id": match_id,
        "links": {str(seat): f"/p/{token}" for seat, token in sorted(opened.tokens.items())},
        "spectator": f"/w/{match_id}",
        "players": opened.snapshot.players,
        "bots": opened.bots,
    }


def _int(value: object, default: int) -> int:
    text = str(value or "").strip()
    if not text:
        return default
    if not text.isdigit():
        raise BadInput(Text(f"{text!r} ist keine ganze Zahl.", f"{text!r} is not a whole number."), 422)
    return int(text)


@router.post("/preisromme")
async def create_table(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    data = await request.form()
    names = [str(value).strip()[:40] for value in data.getlist("player")][:MAX_SEATS]
    values = {
        "title": str(data.get("title") or "").strip()[:80],
        "players": names + [""] * (MAX_SEATS - len(names)),
        "seats": 0,
        "bot": str(data.get("bot") or "heuristic"),
    }
    try:
        seats = _int(data.get("seats"), 4)
        knock = _int(data.get("knock_window_seconds"), KNOCK_WINDOW_SECONDS)
        games = _int(data.get("games_per_pass"), 8)
        values.update(seats=seats, knock_window_seconds=knock, games_per_pass=games)
        if not 2 <= seats <= MAX_SEATS:
            raise BadInput(Text("2 bis 6 Plätze (R-1.1).", "2 to 6 seats (R-1.1)."), 422)
        opened = await run_in_threadpool(
            lambda: table_for(request.app).open(
                names[:seats] + [""] * (seats - len(names[:seats])),
                bot=values["bot"],
                options={"games_per_pass": games},
                knock_window_seconds=knock,
                title=values["title"] or "Preisrommé",
            )
        )
    except (RuleViolation, BadInput) as error:
        status = error.status_code if isinstance(error, BadInput) else status_for(error)
        return renderer.response(
            "games/preisromme/new.html",
            request,
            lang,
            status_code=status,
            form=_new_form(values),
            error=error.text(lang),
            window_range=KNOCK_WINDOW_RANGE,
        )
    _announce(request.app, opened.snapshot)
    return renderer.response("games/preisromme/links.html", request, lang, links=_links(opened))


# --- JSON ---------------------------------------------------------------------------------------
class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[Annotated[str, Field(max_length=40)]] = Field(min_length=2, max_length=MAX_SEATS)
    bot: str = "heuristic"
    knock_window_seconds: StrictInt = KNOCK_WINDOW_SECONDS
    games_per_pass: StrictInt = Field(default=8, ge=1, le=16)
    cards_per_player: StrictInt = Field(default=13, ge=5, le=15)
    title: str = Field(default="", max_length=80)


class SeatSubmission(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: StrictInt = Field(ge=0)
    action: str | dict[str, Any]


@router.post("/api/preisromme", status_code=201)
async def create_table_json(request: Request, body: NewTable) -> JSONResponse:
    options = {"games_per_pass": body.games_per_pass, "cards_per_player": body.cards_per_player}
    opened = await run_in_threadpool(
        lambda: table_for(request.app).open(
            body.players,
            bot=body.bot,
            options=options,
            knock_window_seconds=body.knock_window_seconds,
            title=body.title or "Preisrommé",
        )
    )
    _announce(request.app, opened.snapshot)
    return JSONResponse(_links(opened), status_code=201)


@router.get("/api/p/{token}")
async def seat_state(request: Request, token: str) -> JSONResponse:
    snapshot = await _seat_snapshot(request, token)
    return JSONResponse(snapshot.to_json())


@router.post("/api/p/{token}/actions")
async def seat_submit(request: Request, token: str, body: SeatSubmission) -> JSONResponse:
    table = table_for(request.app)
    link = await _link(request, token)
    try:
        snapshot = await run_in_threadpool(table.act, token, body.action, body.seq)
    finally:
        await _after_write(request.app, link.match_id)
    return JSONResponse(snapshot.to_json())
