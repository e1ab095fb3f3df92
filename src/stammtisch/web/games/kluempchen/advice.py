"""The Klümpchen advice card (issue 15.2): for the decision at hand, each choice with its win probability
and expected points in plain words (``sim/games/kluempchen/advice.py``, the same function as the CLI's).

* ``GET /m/{id}/kluempchen/advice`` – the card's content (HTML fragment); ``?show=1`` / ``?show=0`` switch
  the card on or off for this evening on this phone (a cookie per match: advice is opt-in per evening);
* ``GET /api/matches/{id}/kluempchen/advice`` – the same advice as JSON.

Win probabilities come from a stored solution (``stammtisch solve kluempchen``, in the data directory; the
one with jokers, ``solve``'s default, when stored, KS-4). Without one the card is silent: it says in words that
the chances are not computed for these house rules, and ranks nothing (issue 25.4). A ranking by the turn's
expected points alone put "announce the joker" first on a team's very first throw, which the whole-game
solution never does; advice that may be wrong is worse than none. A phone is never told to run a command.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse

from stammtisch.core.text import Text
from stammtisch.web.kit import BadInput, LangDep, RendererDep, ServiceDep

router = APIRouter()

GAME = "kluempchen"
TARGET = 150


def cookie_name(match_id: str) -> str:
    return f"kluempchen_advice_{match_id}"


def advice_for(service: Any, match_id: str) -> dict[str, Any]:
    """The advice for the player on turn, as JSON (``Advice.to_json``) plus whether there is a decision."""
    from stammtisch.sim.games.kluempchen.advice import advise, spot_from_view

    snapshot = service.snapshot(match_id)
    if snapshot.game != GAME:
        raise BadInput(Text("Das ist keine Klümpchen-Partie.", "This is not a Klümpchen match."), 404)
    spot = spot_from_view(snapshot.view)
    if spot is None:
        return {"decision": False, "solved": False, "choices": [], "best": None, "target": TARGET}
    solution = stored_solution(snapshot.options)
    if solution is None:  # silent rather than wrong: nothing is ranked without the whole-game solution
        return {"decision": True, "solved": False, "with_jokers": False, "choices": [], "best": None, "target": TARGET}
    return {"decision": True, **advise(spot, snapshot.options, solution).to_json()}


def stored_solution(options: Mapping[str, object]) -> Any:
    """The stored solution the card reads for these house rules (KS-4: the solve with jokers when stored,
    ``solve kluempchen``, else the joker-free one of ``--no-jokers``), or None."""
    from stammtisch.sim.games.kluempchen.game import load_solution, solutions_dir
    from stammtisch.web.kit import data_dir

    directory = solutions_dir(data_dir())
    return load_solution(options, TARGET, directory, jokers=True) or load_solution(options, TARGET, directory)


def warm_up() -> None:
    """The stored solution the card reads under the default rules, and the solver's compiled kernels that
    its advice runs, loaded once per server (``web/warm_up.py``); nothing when no solution is stored (the
    card then ranks by expected points and needs neither)."""
    if stored_solution({}) is None:
        return
    from stammtisch.web.kit import warm_up_solver_kernels

    warm_up_solver_kernels()


@router.get("/m/{match_id}/kluempchen/advice", response_class=HTMLResponse)
async def advice_card(
    request: Request,
    match_id: str,
    service: ServiceDep,
    renderer: RendererDep,
    lang: LangDep,
    show: int | None = Query(None, ge=0, le=1),
) -> HTMLResponse:
    await run_in_threadpool(service.record, match_id)  # an unknown id (e.g. not ASCII, no cookie name): 404
    shown = bool(show) if show is not None else request.cookies.get(cookie_name(match_id)) == "1"
    advice = await run_in_threadpool(advice_for, service, match_id) if shown else None
    response = renderer.response(
        "kluempchen/advice.html", request, lang, advice=advice, shown=shown, match_id=match_id, game=GAME
    )
    if show is not None:
        response.set_cookie(cookie_name(match_id), str(show), max_age=12 * 3600, samesite="lax", httponly=True)
    return response


@router.get("/api/matches/{match_id}/kluempchen/advice")
async def advice_json(match_id: str, service: ServiceDep) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(advice_for, service, match_id))
