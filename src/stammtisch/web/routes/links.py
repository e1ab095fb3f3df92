"""The links handed out at the table and the pages behind them (docs/access.md LK-1…LK-6; docs/web.md).

For everybody, without an account:

* ``GET /screen/{token}`` – the table-screen link (LK-2) → cookie ``stammtisch_screen`` → ``/w/{id}``;
  ``GET /w/{table}/events`` – the live stream of the table screen (and of signed-in spectators);
* ``GET /f/{token}``, ``/f/{token}/board``, ``/f/{token}/events`` – the follow link (LK-3).

For the scribe (``create`` permission), the one place to hand out and take back links of any game:

* ``GET /links/{table}/share`` – the match's table-screen link (digital play) or follow link (table and
  score-sheet play) with QR code and copy button, "show again" all evening (LK-2, LK-3);
* ``POST /links/{table}/share/{kind}`` – make it (one in force at a time; an existing one is shown);
* ``POST /links/{table}/share/{kind}/revoke`` – withdraw it (LK-4); the next "make" gives a new one;
* ``POST /links/{table}/seats/{seat}/renew`` – withdraw a seat's link and give the seat a new one
  (LK-4; the organiser's browser only, as the seat links themselves: TS-5).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.members.access import Permission
from stammtisch.matches.share_links import LinkKind, ShareLink, current
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.auth import require
from stammtisch.web.deps import BroadcasterDep, LangDep, RendererDep, ServiceDep
from stammtisch.web.games import web_game
from stammtisch.web.links import (
    SCREEN_COOKIE,
    admit,
    ended_at,
    follow_url,
    screen_url,
    unknown,
    watch_url,
)
from stammtisch.web.presenters import finale
from stammtisch.web.routes.events import stream_match
from stammtisch.web.routes.tables import (
    COOKIE_SECONDS,
    _organiser_links,
    keep_organiser,
    organiser_key,
    organiser_proofs,
    secure_cookies,
)
from stammtisch.web.tables import table_for

router = APIRouter()

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
#: The scribe's hand-out page posts its own forms: "no-referrer" would send "Origin: null", which the CSRF
#: guard refuses (its URL holds no secret, so the referrer may go to our own origin).
HAND_OUT = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin"}
KindPath = Annotated[LinkKind, Path()]


# --- the table screen (LK-2) --------------------------------------------------------------------
@router.get("/screen/{token}")
async def open_screen(request: Request, token: str) -> Response:
    """LK-2: the link is exchanged for the screen cookie of its match and a URL without the token."""
    link = await run_in_threadpool(admit, request.app, token, LinkKind.SCREEN)
    response = RedirectResponse(watch_url(link.match_id), status_code=303, headers=NO_STORE)
    response.set_cookie(
        SCREEN_COOKIE,
        token,
        max_age=COOKIE_SECONDS,
        path=watch_url(link.match_id),
        httponly=True,
        samesite="lax",
        secure=secure_cookies(request),
    )
    return response


@router.get("/w/{table}/events")
async def watch_events(request: Request, table: str, service: ServiceDep, broadcaster: BroadcasterDep) -> Response:
    """The public table's live stream (admitted by the access check: a spectator, or the screen cookie)."""
    return await stream_match(request, service, broadcaster, table)


# --- following a game (LK-3) --------------------------------------------------------------------
def scoreboard(snapshot: MatchSnapshot, lang: str) -> dict[str, Any]:
    """Names and scores only (LK-3): the game's own score lines (``WebGame.scoreboard``), else the
    names with the final scores once the match is over."""
    snap = snapshot.to_json()
    game = web_game(snapshot.game)
    if game is not None and game.scoreboard is not None:
        board = game.scoreboard(snap, lang)
    else:
        scores = list((snap.get("result") or {}).get("scores") or [])
        lines = [
            {"name": name, "score": scores[seat] if seat < len(scores) else "–"}
            for seat, name in enumerate(snapshot.players)
        ]
        board = {"caption": "", "lines": lines}
    done = finale(snap, lang) if snapshot.finished else None
    return {
        "match_id": snapshot.match_id,
        "game": snapshot.game,
        "title": snapshot.title,
        "seq": snapshot.seq,
        "caption": board.get("caption") or "",
        "lines": board.get("lines") or [],
        "headline": done["headline"] if done else None,
    }


def _follow_snapshot(app: Any, token: str) -> tuple[ShareLink, MatchSnapshot]:
    link = admit(app, token, LinkKind.FOLLOW)
    return link, table_for(app).public_snapshot(link.match_id)


@router.get("/f/{token}", response_class=HTMLResponse)
async def follow_page(request: Request, token: str, renderer: RendererDep, lang: LangDep) -> Response:
    _, snapshot = await run_in_threadpool(_follow_snapshot, request.app, token)
    board = scoreboard(snapshot, lang)
    return renderer.response("share/follow.html", request, lang, headers=NO_STORE, f=board, base=follow_url(token))


@router.get("/f/{token}/board", response_class=HTMLResponse)
async def follow_board(request: Request, token: str, renderer: RendererDep, lang: LangDep) -> Response:
    _, snapshot = await run_in_threadpool(_follow_snapshot, request.app, token)
    board = scoreboard(snapshot, lang)
    return renderer.response("share/follow_board.html", request, lang, headers=NO_STORE, f=board)


@router.get("/f/{token}/events")
async def follow_events(request: Request, token: str, service: ServiceDep, broadcaster: BroadcasterDep) -> Response:
    link = await run_in_threadpool(admit, request.app, token, LinkKind.FOLLOW)
    return await stream_match(request, service, broadcaster, link.match_id)


# --- handing out (the scribe) -------------------------------------------------------------------
def kind_for(snapshot: MatchSnapshot) -> LinkKind:
    """Digital play has a public table (the screen link); table and score-sheet play are followed."""
    return LinkKind.SCREEN if snapshot.mode == "digital" else LinkKind.FOLLOW


def _hand_out(app: Any, table: str) -> dict[str, Any]:
    tables = table_for(app)
    snapshot = tables.public_snapshot(table)  # 404 for an unknown match
    kind = kind_for(snapshot)
    link = current(tables.shares.for_match(table), kind) if tables.shares is not None else None
    ends = None
    if link is not None:
        ends = link.ends_at(ended_at(app, table))
        if tables.clock() >= ends:
            link = None
    return {"snapshot": snapshot, "kind": kind, "link": link, "ends": ends}


@router.get("/links/{table}/share", response_class=HTMLResponse, dependencies=[require(Permission.CREATE)])
async def share_page(request: Request, table: str, renderer: RendererDep, lang: LangDep) -> Response:
    """The scribe's page for the match's screen or follow link: QR, copy, withdraw, show again."""
    found = await run_in_threadpool(_hand_out, request.app, table)
    snapshot: MatchSnapshot = found["snapshot"]
    link: ShareLink | None = found["link"]
    kind: LinkKind = found["kind"]
    url = None
    if link is not None:
        url = screen_url(link.token) if kind is LinkKind.SCREEN else follow_url(link.token)
    return renderer.response(
        "share/hand_out.html",
        request,
        lang,
        headers=HAND_OUT,
        match_id=table,
        title=snapshot.title,
        game=snapshot.game,
        kind=kind.value,
        url=url,
        ends=found["ends"],
        back=watch_url(table) if snapshot.mode == "digital" else f"/m/{table}",
        organiser_link=f"/links/{table}" if table in organiser_proofs(request) else None,
    )


def _check_kind(app: Any, table: str, kind: LinkKind) -> None:
    """Only the kind the match hands out (screen for digital play, follow otherwise)."""
    if kind is not kind_for(table_for(app).public_snapshot(table)):
        raise unknown(kind)


@router.post("/links/{table}/share/{kind}", dependencies=[require(Permission.CREATE)])
async def make_link(request: Request, table: str, kind: KindPath) -> Response:
    def make() -> None:
        _check_kind(request.app, table, kind)
        table_for(request.app).share_link(table, kind)

    await run_in_threadpool(make)
    return RedirectResponse(f"/links/{table}/share", status_code=303)


@router.post("/links/{table}/share/{kind}/revoke", dependencies=[require(Permission.CREATE)])
async def revoke_link(request: Request, table: str, kind: KindPath) -> Response:
    """LK-4: the link stops admitting at once (on other workers within 2 seconds: nothing is cached)."""

    def revoke() -> None:
        _check_kind(request.app, table, kind)
        tables = table_for(request.app)
        assert tables.shares is not None
        for link in tables.shares.for_match(table):
            if link.kind is kind and not link.revoked:
                tables.shares.revoke(link.token, tables.clock())

    await run_in_threadpool(revoke)
    return RedirectResponse(f"/links/{table}/share", status_code=303)


@router.post("/links/{table}/seats/{seat}/renew", dependencies=[require(Permission.CREATE)])
async def renew_seat(request: Request, table: str, seat: Annotated[int, Path(ge=0, le=64)]) -> Response:
    """LK-4: the seat's old link is withdrawn and a new one made; only the organiser's browser (TS-5)."""
    await _organiser_links(request, table, organiser_proofs(request).get(table))
    tables = table_for(request.app)
    await run_in_threadpool(tables.renew_seat, table, seat)
    links = await run_in_threadpool(tables.links.for_match, table)
    response = RedirectResponse(f"/links/{table}", status_code=303)
    keep_organiser(request, response, table, organiser_key(links))  # the key follows the new tokens
    return response
