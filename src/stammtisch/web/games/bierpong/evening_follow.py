"""One follow link for a whole Bier-Pong evening (docs/access.md LK-7).

For everybody holding the link, without an account (its token is the capability, as LK-3's):

* ``GET /fe/{token}`` – the evening's teams with their players, the standings and each game's cups,
  read-only; ``GET /fe/{token}/board`` – the same as a fragment, which the page fetches every two
  seconds, so the standings follow the games as they are played (one evening spans many matches, so it
  polls instead of holding one live stream per game).

For the scribe (``create``), on the evening page's "Follow the evening" button:

* ``GET /bierpong/evenings/{id}/share`` – the link with QR code and copy button, "show again" all evening;
* ``POST /bierpong/evenings/{id}/share`` – make it (one in force at a time; an existing one is shown);
* ``POST /bierpong/evenings/{id}/share/revoke`` – withdraw it (LK-4); the next "make" gives a new one.

A link ends 12 hours after it was made or an hour after the evening's last game ended (LK-5).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.matches.seat_links import new_token
from stammtisch.matches.share_links import EveningLink, LinkKind, current_evening_link
from stammtisch.web.games.bierpong.evening import GAME, _evenings, evening_model
from stammtisch.web.kit import (
    MAX_TOKEN,
    LangDep,
    Permission,
    RendererDep,
    SqlEveningLinks,
    ended_at,
    expired,
    require,
    table_for,
    unknown,
    withdrawn,
)

router = APIRouter()

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
#: The scribe's page posts its own forms: "no-referrer" would send "Origin: null" (refused by the CSRF guard).
HAND_OUT = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin"}


def evening_follow_url(token: str) -> str:
    return f"/fe/{token}"


def _links(app: Any) -> SqlEveningLinks:
    engine = _evenings(app.state.service).engine  # evenings live in SQL only (503 otherwise)
    return SqlEveningLinks(engine)


def _evening_ended(app: Any, model: dict[str, Any]) -> datetime | None:
    """When the evening's last game ended, once its champion is known; None while it runs."""
    if model["champion"] is None:
        return None
    ends = [
        ended_at(app, pairing["game"]["match_id"])
        for _, row in model["rounds"]
        for pairing in row
        if pairing["game"] is not None
    ]
    known = [end for end in ends if end is not None]
    return max(known) if known else None


def admit_evening(app: Any, token: str) -> tuple[EveningLink, dict[str, Any]]:
    """The evening link ``token`` and its evening's values if it admits now; else why not (LK-4..LK-6)."""
    link = _links(app).find(token) if token and len(token) <= MAX_TOKEN else None
    if link is None or link.game != GAME:
        raise unknown(LinkKind.EVENING)
    if link.revoked:
        raise withdrawn(LinkKind.EVENING)
    model = evening_model(app.state.service, link.evening_id)
    if table_for(app).clock() >= link.ends_at(_evening_ended(app, model)):
        raise expired(LinkKind.EVENING)
    return link, model


def follow_values(model: dict[str, Any]) -> dict[str, Any]:
    """Names and standings/cups only: no seeds, no match ids, no links to the games."""
    record = model["record"]
    games = []
    for round_no, row in model["rounds"]:
        for pairing in row:
            result, game = pairing["result"], pairing["game"]
            state = "done" if result else ("running" if game else ("bye" if pairing["bye"] else "waiting"))
            games.append(
                {
                    "round": round_no,
                    "a": pairing["a"].name if pairing["a"] else None,
                    "b": pairing["b"].name if pairing["b"] else None,
                    "state": state,
                    "cups": f"{game['cups_a']}:{game['cups_b']}" if game else None,
                }
            )
    version = ";".join(f"{g['round']}{g['state']}{g['cups']}" for g in games)
    return {
        "title": record.title,
        "format": record.format,
        "teams": [{"name": team.name, "players": ", ".join(team.players)} for team in record.teams],
        "table": model["table"],
        "games": games,
        "champion": model["champion"].name if model["champion"] else None,
        "version": version,
    }


@router.get("/fe/{token}", response_class=HTMLResponse)
async def evening_follow_page(request: Request, token: str, renderer: RendererDep, lang: LangDep) -> Response:
    _, model = await run_in_threadpool(admit_evening, request.app, token)
    values = follow_values(model)
    base = evening_follow_url(token)
    return renderer.response("bierpong/evening_follow.html", request, lang, headers=NO_STORE, v=values, base=base)


@router.get("/fe/{token}/board", response_class=HTMLResponse)
async def evening_follow_board(request: Request, token: str, renderer: RendererDep, lang: LangDep) -> Response:
    _, model = await run_in_threadpool(admit_evening, request.app, token)
    values = follow_values(model)
    base = evening_follow_url(token)
    return renderer.response("bierpong/evening_follow_board.html", request, lang, headers=NO_STORE, v=values, base=base)


def _hand_out(app: Any, evening_id: str) -> dict[str, Any]:
    model = evening_model(app.state.service, evening_id)  # 404 for an unknown evening
    link = current_evening_link(_links(app).for_evening(GAME, evening_id))
    ends = None
    if link is not None:
        ends = link.ends_at(_evening_ended(app, model))
        if table_for(app).clock() >= ends:
            link = None
    return {"record": model["record"], "link": link, "ends": ends}


@router.get(
    "/bierpong/evenings/{evening_id}/share", response_class=HTMLResponse, dependencies=[require(Permission.CREATE)]
)
async def evening_share_page(request: Request, evening_id: str, renderer: RendererDep, lang: LangDep) -> Response:
    """The scribe's page for the evening's follow link: QR, copy, withdraw, show again."""
    found = await run_in_threadpool(_hand_out, request.app, evening_id)
    link: EveningLink | None = found["link"]
    return renderer.response(
        "bierpong/evening_share.html",
        request,
        lang,
        headers=HAND_OUT,
        record=found["record"],
        url=evening_follow_url(link.token) if link else None,
        ends=found["ends"],
    )


@router.post("/bierpong/evenings/{evening_id}/share", dependencies=[require(Permission.CREATE)])
async def make_evening_link(request: Request, evening_id: str) -> Response:
    def make() -> None:
        found = _hand_out(request.app, evening_id)
        if found["link"] is None:
            _links(request.app).add(EveningLink(new_token(), GAME, evening_id, table_for(request.app).clock()))

    await run_in_threadpool(make)
    return RedirectResponse(f"/bierpong/evenings/{evening_id}/share", status_code=303)


@router.post("/bierpong/evenings/{evening_id}/share/revoke", dependencies=[require(Permission.CREATE)])
async def revoke_evening_link(request: Request, evening_id: str) -> Response:
    """LK-4: the link stops admitting at once (it is read on every request)."""

    def revoke() -> None:
        links = _links(request.app)
        now = table_for(request.app).clock()
        for link in links.for_evening(GAME, evening_id):
            if not link.revoked:
                links.revoke(link.token, now)

    await run_in_threadpool(revoke)
    return RedirectResponse(f"/bierpong/evenings/{evening_id}/share", status_code=303)
