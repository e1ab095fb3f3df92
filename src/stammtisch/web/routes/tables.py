"""The digital table's pages for every game: seat links, seat pages, spectators, the seat API.

* ``GET /p/{token}`` – the secret seat link (TS-1). It is **exchanged for a cookie** (TS-3): the
  answer sets ``stammtisch_seat`` (HttpOnly, SameSite=Lax, ``Path=/seat/{match_id}``, Secure over
  HTTPS) and redirects (303) to ``/seat/{match_id}``, so the token shows up in no later URL, browser
  history entry, ``Referer`` or access log line. Opening another seat's link of the same match
  in the same browser replaces the cookie: one browser, one seat per match.
* ``GET /seat/{table}`` (page), ``/seat/{table}/board`` (fragment), ``POST /seat/{table}/act`` (form
  ``seq``, ``notation``) – the seat the cookie names, and nothing else. Without a cookie for
  this match: 403 (TS-2); a cookie whose token names no seat: 404 (TS-1).
* ``GET /seat/{table}/events`` – the seat's live stream (LK-1: the same cookie; ``/m/{id}/events`` stays
  the signed-in spectators').
* ``GET /api/seat``, ``POST /api/seat/actions`` (``{"seq", "action"}``) – the same as JSON for
  programs; the token goes in the ``X-Seat-Token`` header (never in the URL).
* ``GET /w/{table}`` (page), ``/w/{table}/board`` – the spectator link (TS-4): the public table,
  read-only, for any digital match.
* ``POST /api/tables`` – open a table of any game: ``{"game", "players", "bot",
  "deadline_seconds", "options", "title"}`` → ``{"match_id", "links", "spectator", ...}``, plus the
  absolute ``urls`` (seat → URL) and ``spectator_url`` that phones open (``web.qr.public_base``).
* ``GET /links/{table}`` – TS-5: the organiser (whoever opened the table, in the browser she opened
  it with) sees the seat links again, each with its QR code; anybody else gets 403. Her browser keeps
  the proof in the ``stammtisch_organiser`` cookie (HttpOnly): set by the answer that opens a table
  through ``/api/tables``, or by ``GET /links/{table}/keep?key=…``, which the links page of a game loads
  as soon as it is shown (``share/share.html``: ``seat_links_again``). The key is derived from the
  stored seat tokens (an HMAC over them), so it needs no table of its own and works on every worker;
  whoever holds it could see every seat link anyway.

A game's web package (``web/games/<slug>/``) draws the pages with its presenter and its templates
``<slug>/table.html`` (the page) and ``<slug>/table_board.html`` (the ``#board`` fragment); a game
without them gets the generic ``table.html``/``table_board.html``. Both get ``p`` (the page model),
``base`` (the URL prefix of the fragment and the act form), ``error``, ``stale`` and
``deadline_seconds``. Live updates reuse ``/m/{match_id}/events`` (events carry only the seq).

The path parameter is named ``table`` on purpose: the shared error handler draws a failing
``{match_id}`` route as the match page for ``?seat=``, which a seat page must never get.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Form, Header, Query, Request
from jinja2 import TemplateNotFound
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.errors import MatchNotFound, StaleSequence
from stammtisch.matches.seat_links import SeatLink, SeatLinkRequired, UnknownSeatLink
from stammtisch.matches.share_links import LinkKind, current
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.matches.tables import OpenedTable
from stammtisch.web.auth import link_seats
from stammtisch.web.deps import BroadcasterDep, LangDep, ServiceDep
from stammtisch.web.errors import BadInput, status_for
from stammtisch.web.games import web_game
from stammtisch.web.links import foreign, seat_withdrawn, withdrawn
from stammtisch.web.qr import absolute_url
from stammtisch.web.rendering import Renderer
from stammtisch.web.routes.events import stream_match
from stammtisch.web.tables import after_write, announce, deadlines_for, table_for, watch

router = APIRouter()

#: The seat cookie (TS-3); its path is the match's table, so it goes with no other request.
SEAT_COOKIE = "stammtisch_seat"
#: How long a browser keeps its seat (the link itself never expires).
COOKIE_SECONDS = 60 * 60 * 24 * 30
#: The header that carries a seat token for the JSON seat API.
TOKEN_HEADER = "X-Seat-Token"
MAX_SEATS = 8


def seat_url(match_id: str) -> str:
    return f"/seat/{match_id}"


def spectator_url(match_id: str) -> str:
    return f"/w/{match_id}"


def opened_links(opened: OpenedTable) -> dict[str, Any]:
    """What the creator of a table gets: each human seat's link, the spectator link, and the organiser's
    key to see the seat links again later (TS-5; ``organiser_url`` is the page, ``keep_url`` stores the
    key in her browser)."""
    match_id = opened.snapshot.match_id
    links = [SeatLink(match_id, seat, token) for seat, token in sorted(opened.tokens.items())]
    key = organiser_key(links) if links else None
    return {
        "match_id": match_id,
        "links": {str(link.seat): f"/p/{link.token}" for link in links},
        "spectator": spectator_url(match_id),
        "players": opened.snapshot.players,
        "bots": opened.bots,
        "organiser_key": key,
        "organiser_url": organiser_url(match_id) if key else None,
        "keep_url": f"/links/{match_id}/keep?key={key}" if key else None,
        # LK-2: the table screen's link, for a TV or a phone without an account (made with the table).
        "screen": f"/screen/{opened.screen_token}" if opened.screen_token else None,
    }


# --- the organiser (TS-5) ------------------------------------------------------------------------
#: The organiser's proofs, ``match_id.key`` entries separated by ``|`` (newest first, a few at most).
ORGANISER_COOKIE = "stammtisch_organiser"
ORGANISER_MATCHES = 12
_KEY_CONTEXT = b"stammtisch organiser v1"


def organiser_url(match_id: str) -> str:
    return f"/links/{match_id}"


def organiser_key(links: Sequence[SeatLink]) -> str:
    """The organiser's key of a table: an HMAC over its seat tokens (secret, fixed while the links are)."""
    material = "\n".join(f"{link.match_id}:{link.seat}:{link.token}" for link in sorted(links, key=_seat_of))
    digest = hmac.new(material.encode(), _KEY_CONTEXT, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def _seat_of(link: SeatLink) -> int:
    return link.seat


def organiser_proofs(request: Request) -> dict[str, str]:
    """match_id → key from the organiser cookie (malformed entries are ignored)."""
    proofs: dict[str, str] = {}
    for entry in (request.cookies.get(ORGANISER_COOKIE) or "").split("|")[:ORGANISER_MATCHES]:
        match_id, dot, key = entry.partition(".")
        if dot and match_id.isalnum() and len(match_id) <= 64 and 0 < len(key) <= 64:
            proofs.setdefault(match_id, key)
    return proofs


def keep_organiser(request: Request, response: Response, match_id: str, key: str) -> None:
    """Remember in this browser that it opened ``match_id`` (newest first; the oldest fall out)."""
    proofs = {match_id: key, **{m: k for m, k in organiser_proofs(request).items() if m != match_id}}
    value = "|".join(f"{m}.{k}" for m, k in list(proofs.items())[:ORGANISER_MATCHES])
    response.set_cookie(
        ORGANISER_COOKIE,
        value,
        max_age=COOKIE_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure_cookies(request),
    )


class NotOrganiser(BadInput):
    """TS-5: only the organiser's browser may show a table's seat links again."""

    code = "seat/not_organiser"
    clause = "TS-5"

    def __init__(self) -> None:
        super().__init__(
            Text(
                "Die Links der Plätze zeigt nur, wer den Tisch eröffnet hat, und nur auf dem Gerät, mit dem er "
                "eröffnet wurde. Frag die Person, die den Tisch eröffnet hat, oder nimm deinen eigenen Platz-Link.",
                "Only whoever opened this table can show its seat links again, and only on the device it was "
                "opened with. Ask the person who opened the table, or use your own seat link.",
            ),
            403,
        )

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "clause": self.clause}


async def _organiser_links(request: Request, table: str, key: str | None) -> list[SeatLink]:
    """The table's seat links if ``key`` proves the organiser; else ``NotOrganiser`` (also for a table
    without links: there is nothing to show, and nothing to tell about which tables exist)."""
    links = await run_in_threadpool(table_for(request.app).links.for_match, table) if key else []
    if not links or key is None or not hmac.compare_digest(organiser_key(links).encode(), key.encode()):
        raise NotOrganiser()
    return links


def secure_cookies(request: Request) -> bool:
    """Cookies only over HTTPS: the request came that way (behind a proxy: ``X-Forwarded-Proto`` from a
    trusted proxy, uvicorn's ``--forwarded-allow-ips``), or ``STAMMTISCH_SECURE_COOKIES`` says so (the
    auth helper's setting, docs/deploy.md)."""
    forced = os.environ.get(SECURE_COOKIES_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")
    return forced or request.url.scheme == "https"


SECURE_COOKIES_VARIABLE = "STAMMTISCH_SECURE_COOKIES"


# --- resolving seats ----------------------------------------------------------------------------
def _unknown() -> BadInput:
    return BadInput(UnknownSeatLink().message, 404)


def _required() -> BadInput:
    return BadInput(SeatLinkRequired().message, 403)


async def _link_of(request: Request, token: str | None) -> SeatLink:
    if not token:
        raise _required()
    tables = table_for(request.app)
    known = tables.known_link(token)
    if known is not None:
        return known
    try:
        return await run_in_threadpool(tables.link, token)
    except UnknownSeatLink:
        if await run_in_threadpool(seat_withdrawn, request.app, token):
            raise withdrawn(LinkKind.SEAT) from None  # LK-4: the scribe gave the seat a new link
        raise _unknown() from None


async def _cookie_link(request: Request, table: str) -> tuple[SeatLink, str]:
    """The seat the cookie names at ``table``; 403 without one, 404 for an unknown token, 410 for a
    withdrawn one (LK-4), 403 for another match's (LK-6)."""
    token = request.cookies.get(SEAT_COOKIE)
    link = await _link_of(request, token)
    if link.match_id != table:
        raise foreign(LinkKind.SEAT)
    assert token is not None
    return link, token


# --- pages --------------------------------------------------------------------------------------
def _present(snapshot: MatchSnapshot, lang: str) -> dict[str, Any]:
    snap = snapshot.to_json()
    game = web_game(snapshot.game)
    if game is not None and game.present is not None:
        return game.present(snap, lang, snapshot.seat)
    return _generic_page(snap, snapshot.seat)


def _generic_page(snap: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The page model of a game without a web package: the view and the seat's actions."""
    players = list(snap.get("players") or [])
    return {
        "match_id": snap.get("match_id"),
        "title": snap.get("title") or "",
        "game": snap.get("game"),
        "seq": snap.get("seq", 0),
        "seat": seat,
        "me": players[seat] if seat is not None and 0 <= seat < len(players) else None,
        "players": players,
        "view": snap.get("view") or {},
        "waiting": [players[s] for s in (snap.get("turn") or {}).get("seats") or [] if 0 <= s < len(players)],
        "actions": [entry for entry in snap.get("legal") or [] if seat is not None and entry.get("seat") == seat],
        "finished": (snap.get("turn") or {}).get("kind") == "finished",
        "result": snap.get("result"),
    }


def _render(
    request: Request,
    snapshot: MatchSnapshot,
    lang: str,
    *,
    fragment: bool,
    error: str | None = None,
    stale: bool = False,
    status_code: int = 200,
    screen: str | None = None,
) -> HTMLResponse:
    renderer: Renderer = request.app.state.renderer
    slug = snapshot.game
    names = [f"{slug}/table_board.html", "table_board.html"] if fragment else [f"{slug}/table.html", "table.html"]
    template = _first_template(renderer, names)
    base = seat_url(snapshot.match_id) if snapshot.seat is not None else spectator_url(snapshot.match_id)
    return renderer.response(
        template,
        request,
        lang,
        status_code=status_code,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
        # A game's own page model goes with its own table templates; the generic templates draw the
        # generic model (a game with a web package but no table templates, e.g. Prömpeln's, issue 31.5).
        p=_present(snapshot, lang)
        if not template.startswith("table")
        else _generic_page(snapshot.to_json(), snapshot.seat),
        base=base,
        error=error,
        stale=stale,
        # The seconds left on the running clock (the pages count them down), else the decision's length.
        deadline_seconds=deadlines_for(request.app).remaining(snapshot.match_id)
        or table_for(request.app).deadline_seconds(snapshot.match_id),
        # What others open to watch: the table screen's link (LK-2: no account needed), else the page itself.
        spectator_link=screen or spectator_url(snapshot.match_id),
        # Only a link: the page behind it checks the proof (TS-5).
        organiser_link=organiser_url(snapshot.match_id) if snapshot.match_id in organiser_proofs(request) else None,
    )


def _first_template(renderer: Renderer, names: list[str]) -> str:
    """The first of ``names`` that exists (a game's own table templates, else the generic ones)."""
    for name in names[:-1]:
        try:
            renderer.env.get_template(name)
        except TemplateNotFound:
            continue
        return name
    return names[-1]


def _is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


@router.get("/p/{token}")
async def open_link(request: Request, token: str) -> Response:
    """TS-3: the link is exchanged for the seat cookie and a URL without the token."""
    link = await _link_of(request, token)
    response = RedirectResponse(seat_url(link.match_id), status_code=303)
    response.set_cookie(
        SEAT_COOKIE,
        token,
        max_age=COOKIE_SECONDS,
        path=seat_url(link.match_id),
        httponly=True,
        samesite="lax",
        secure=secure_cookies(request),
    )
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/seat/{table}", response_class=HTMLResponse)
async def seat_page(request: Request, table: str, lang: LangDep) -> Response:
    """The seat's page. Loading it also resumes a table this process has not driven yet (after a
    restart): bots still due act, and the open decision's clock runs."""
    link, token = await _cookie_link(request, table)
    tables = table_for(request.app)
    if await run_in_threadpool(tables.play_bots, link.match_id):
        await after_write(request.app, link.match_id)
    else:
        watch(request.app, await run_in_threadpool(tables.public_snapshot, link.match_id))
    snapshot = await run_in_threadpool(tables.seat_snapshot, token)
    return _render(request, snapshot, lang, fragment=False, screen=await _screen_path(request, link.match_id))


async def _screen_path(request: Request, match_id: str) -> str | None:
    """The table screen's link in force (LK-2), to pass on from a seat's or the table's page."""
    shares = table_for(request.app).shares
    if shares is None:
        return None
    link = current(await run_in_threadpool(shares.for_match, match_id), LinkKind.SCREEN)
    return f"/screen/{link.token}" if link is not None else None


@router.get("/seat/{table}/events")
async def seat_events(request: Request, table: str, service: ServiceDep, broadcaster: BroadcasterDep) -> Response:
    """LK-1: the seat's live stream (the seat cookie's path is ``/seat/{table}``, so it comes along)."""
    await _cookie_link(request, table)
    return await stream_match(request, service, broadcaster, table)


@router.get("/seat/{table}/board", response_class=HTMLResponse)
async def seat_board(request: Request, table: str, lang: LangDep) -> Response:
    _, token = await _cookie_link(request, table)
    snapshot = await run_in_threadpool(table_for(request.app).seat_snapshot, token)
    return _render(request, snapshot, lang, fragment=True)


@router.post("/seat/{table}/act")
async def seat_act(
    request: Request,
    table: str,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    notation: Annotated[str, Form(min_length=1, max_length=200)],
) -> Response:
    link, token = await _cookie_link(request, table)
    tables = table_for(request.app)
    try:
        snapshot = await run_in_threadpool(tables.act, token, notation.strip(), seq)
    except RuleViolation as error:
        fresh = error.snapshot if isinstance(error, StaleSequence) and error.snapshot is not None else None
        if fresh is None or fresh.seat != link.seat:
            fresh = await run_in_threadpool(tables.seat_snapshot, token)
        await after_write(request.app, link.match_id)  # a refusal policy may have written a step
        return _render(
            request,
            fresh,
            lang,
            fragment=_is_htmx(request),
            error=error.text(lang),
            stale=isinstance(error, StaleSequence),
            status_code=status_for(error),
        )
    await after_write(request.app, link.match_id)
    if _is_htmx(request):
        return _render(request, snapshot, lang, fragment=True)
    return RedirectResponse(seat_url(link.match_id), status_code=303)


@router.get("/w/{table}", response_class=HTMLResponse)
async def watch_page(request: Request, table: str, lang: LangDep) -> Response:
    """TS-4: the spectator's page: the public table, read-only."""
    snapshot = await run_in_threadpool(_public, request.app, table)
    watch(request.app, snapshot)
    return _render(request, snapshot, lang, fragment=False, screen=await _screen_path(request, table))


@router.get("/w/{table}/board", response_class=HTMLResponse)
async def watch_board(request: Request, table: str, lang: LangDep) -> Response:
    snapshot = await run_in_threadpool(_public, request.app, table)
    return _render(request, snapshot, lang, fragment=True)


def _public(app: Any, match_id: str) -> MatchSnapshot:
    """The public snapshot of a digital match (a scribe's table has no spectator page)."""
    snapshot = table_for(app).public_snapshot(match_id)
    if snapshot.mode != "digital":
        raise MatchNotFound(match_id)
    return snapshot


@router.get("/links/{table}", response_class=HTMLResponse)
async def organiser_page(request: Request, table: str, lang: LangDep) -> Response:
    """TS-5: the seat links again, for the organiser's browser only."""
    links = await _organiser_links(request, table, organiser_proofs(request).get(table))
    snapshot = await run_in_threadpool(table_for(request.app).public_snapshot, table)
    players = snapshot.players
    seats = [
        {"seat": link.seat, "name": players[link.seat] if link.seat < len(players) else "?", "url": f"/p/{link.token}"}
        for link in links
    ]
    renderer: Renderer = request.app.state.renderer
    return renderer.response(
        "share/seat_links.html",
        request,
        lang,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
        title=snapshot.title or "",
        game=snapshot.game,
        match_id=table,
        seats=seats,
        bots=[name for seat, name in enumerate(players) if seat not in {link.seat for link in links}],
        spectator=await _screen_path(request, table) or spectator_url(table),
    )


@router.get("/links/{table}/keep")
async def keep_page(request: Request, table: str, key: Annotated[str, Query(max_length=64)] = "") -> Response:
    """TS-5: store the organiser's key in this browser (loaded by the links page as soon as it is shown)."""
    await _organiser_links(request, table, key or None)
    response = Response(status_code=204, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})
    keep_organiser(request, response, table, key)
    return response


# --- JSON ---------------------------------------------------------------------------------------
class SeatSubmission(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: StrictInt = Field(ge=0)
    action: str | dict[str, Any]


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    players: list[Annotated[str, Field(max_length=40)]] = Field(min_length=1, max_length=MAX_SEATS)
    bot: str | None = Field(default=None, max_length=40)
    deadline_seconds: StrictInt | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    title: str = Field(default="", max_length=80)


TokenHeader = Annotated[str | None, Header(alias=TOKEN_HEADER)]


@router.get("/api/seat")
async def seat_state(request: Request, token: TokenHeader = None) -> JSONResponse:
    link = await _link_of(request, token)
    snapshot = await run_in_threadpool(table_for(request.app).service.snapshot, link.match_id, link.seat)
    return JSONResponse(snapshot.to_json(), headers={"Cache-Control": "no-store"})


@router.post("/api/seat/actions")
async def seat_submit(request: Request, body: SeatSubmission, token: TokenHeader = None) -> JSONResponse:
    link = await _link_of(request, token)
    assert token is not None
    try:
        snapshot = await run_in_threadpool(table_for(request.app).act, token, body.action, body.seq)
    finally:
        await after_write(request.app, link.match_id)
    return JSONResponse(snapshot.to_json())


@router.post("/api/tables", status_code=201)
async def create_table(request: Request, body: NewTable) -> JSONResponse:
    opened = await run_in_threadpool(
        lambda: table_for(request.app).open(
            body.game,
            body.players,
            bot=body.bot,
            options=body.options,
            deadline_seconds=body.deadline_seconds,
            title=body.title,
        )
    )
    announce(request.app, opened.snapshot)
    people = [name if seat in opened.tokens else "" for seat, name in enumerate(opened.snapshot.players)]
    await link_seats(request.app, opened.snapshot.match_id, people)  # AC-1: people, not bots
    links = opened_links(opened)
    # The same links as phones open them (the LAN address or STAMMTISCH_PUBLIC_URL, web.qr).
    links["urls"] = {seat: absolute_url(request, path) for seat, path in links["links"].items()}
    links["spectator_url"] = absolute_url(request, links["spectator"])
    response = JSONResponse(links, status_code=201)
    if links["organiser_key"]:
        keep_organiser(request, response, opened.snapshot.match_id, links["organiser_key"])
    return response
