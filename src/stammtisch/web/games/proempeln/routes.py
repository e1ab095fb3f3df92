"""Prömpeln pages beyond the generic match page: starting a game, the Kniffel replay form, the
advisor card shown before a run, and the statistics page.

* ``GET /proempeln/new``, ``POST /proempeln`` – players in turn order, table or digital play, title;
* ``POST /m/{id}/proempeln/replay`` – Kniffel: the ticked bottles (``bottle`` fields) are replayed,
  none ticked means stop (PR-R04);
* ``GET /m/{id}/proempeln/advice?seat=`` – the advisor's table for the player about to announce
  (HTML fragment; JSON with ``Accept: application/json``);
* ``GET /proempeln/stats`` – per player: landings, skill model, Kings, best rounds, specials.

Stoppers, announcements and claims go through the generic ``/m/{id}/outcome`` and ``/m/{id}/act``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.games.proempeln import advisor
from stammtisch.games.proempeln.model import ROUNDS, Config
from stammtisch.matches.games.proempeln.skills import SkillBook, shared_book
from stammtisch.web.games.proempeln.presenter import landing_shares, move_names, present_advice
from stammtisch.web.games.proempeln.stats import present_statistics
from stammtisch.web.kit import (
    BadInput,
    BroadcasterDep,
    LangDep,
    Renderer,
    RendererDep,
    ServiceDep,
    duplicate_warning,
    link_seats,
    parse_seat,
    settle_names,
    written,
)

router = APIRouter()

GAME = "proempeln"
MAX_PLAYERS = 7
MODES = ("table", "digital")


# --- starting a game ----------------------------------------------------------------------------
def _form_page(
    request: Request, renderer: Renderer, lang: str, values: dict[str, Any], error: str | None, status: int
) -> HTMLResponse:
    return renderer.response("proempeln/new.html", request, lang, status_code=status, form=values, error=error)


@router.get("/proempeln/new", response_class=HTMLResponse)
async def new_game(request: Request, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    values = {"title": "", "players": [""] * MAX_PLAYERS, "mode": "table"}
    return _form_page(request, renderer, lang, values, None, 200)


@router.post("/proempeln")
async def create_game(
    request: Request, service: ServiceDep, renderer: RendererDep, broadcaster: BroadcasterDep, lang: LangDep
) -> Response:
    data = await request.form()
    names = [str(value).strip()[:80] for value in data.getlist("player")][: MAX_PLAYERS * 2]
    title = str(data.get("title") or "").strip()[:80]
    values: dict[str, Any] = {
        "title": title,
        "players": names + [""] * max(0, MAX_PLAYERS - len(names)),
        "mode": str(data.get("mode") or "table"),
    }
    try:
        if values["mode"] not in MODES:
            raise BadInput(
                Text(f"Unbekannte Spielweise {values['mode']!r}.", f"Unknown play mode {values['mode']!r}."), 422
            )
        seated = [name for name in names if name]
        warning = duplicate_warning(seated)
        if warning is not None:
            raise BadInput(warning, 422)
        await settle_names(request, seated)  # AC-1: guest or member?
        snapshot = await run_in_threadpool(service.create, GAME, seated, mode=values["mode"], title=title or "Prömpeln")
    except (RuleViolation, BadInput) as error:
        return _form_page(request, renderer, lang, values, error.text(lang), 422)
    await link_seats(request.app, snapshot.match_id, seated)  # AC-1: seats refer to members
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    return RedirectResponse(f"/m/{snapshot.match_id}", status_code=303)


# --- the Kniffel replay form --------------------------------------------------------------------
@router.post("/m/{match_id}/proempeln/replay")
async def replay(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    seat: Annotated[str, Form()] = "",
    bottle: Annotated[list[int] | None, Form()] = None,
) -> Response:
    """Kniffel (PR-3.4, PR-R04): the ticked bottles do not count and are flicked again."""
    chosen = parse_seat(seat)
    if chosen is None:
        raise BadInput(Text("Es fehlt, welcher Platz handelt.", "Which seat acts is missing."))
    bottles = sorted(bottle or [])
    notation = "replay " + " ".join(map(str, bottles)) if bottles else "stop"
    snapshot = await run_in_threadpool(service.act, match_id, chosen, notation, seq)
    return await written(request, service, broadcaster, snapshot, lang)


def skill_book(service: Any) -> SkillBook:
    """The process's ``SkillBook`` for the service's repository (shared with digital play)."""
    return shared_book(service.repository)


# --- the advisor ----------------------------------------------------------------------------------
def advice_for(service: Any, book: SkillBook, match_id: str, seat: int | None) -> dict[str, Any]:
    """The advisor's values for ``seat`` (default: the seat about to announce) with his learned model."""
    snapshot = service.snapshot(match_id)
    if snapshot.game != GAME:
        raise BadInput(Text("Das ist keine Prömpeln-Partie.", "This is not a Prömpeln match."), 404)
    view = snapshot.view
    if seat is None:
        seat = view.get("current_seat")
    if not isinstance(seat, int) or not 0 <= seat < len(snapshot.players):
        raise BadInput(Text(f"Platz {seat} gibt es nicht.", f"There is no seat {seat}."), 422)
    name = snapshot.players[seat]
    skill = book.load().skill(name)
    player = view["players"][seat]
    round_ = min(int(view["round"]), ROUNDS)
    config = Config(**view["options"])
    advice = advisor.advise(round_, player["specials_left"], skill.distribution(), config)
    data = advice.to_json()
    for move in data["moves"]:  # one decimal is shown; no "-0.0"
        move["advantage"] = round(move["advantage"], 6) + 0.0
    return {
        "seat": seat,
        "name": name,
        "samples": skill.samples,
        "distribution": [round(x, 3) for x in skill.distribution()],
        **data,
    }


@router.get("/m/{match_id}/proempeln/advice")
async def advice(
    request: Request,
    match_id: str,
    service: ServiceDep,
    renderer: RendererDep,
    lang: LangDep,
    seat: Annotated[int | None, Query(ge=0, le=6)] = None,
) -> Response:
    data = await run_in_threadpool(advice_for, service, skill_book(service), match_id, seat)
    if "application/json" in request.headers.get("accept", ""):
        data.pop("table", None)
        return JSONResponse(data)
    return renderer.response("proempeln/advice.html", request, lang, a=present_advice(data, lang))


# --- statistics -----------------------------------------------------------------------------------
@router.get("/proempeln/stats", response_class=HTMLResponse)
async def statistics(request: Request, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    snapshot = await run_in_threadpool(skill_book(service).load)
    page = present_statistics(snapshot)
    for row in page["players"]:
        row["landings"] = landing_shares(row["model"], lang)
    page["prior_landings"] = landing_shares(page["prior"], lang)
    return renderer.response("proempeln/stats.html", request, lang, s=page, names=move_names(lang))
