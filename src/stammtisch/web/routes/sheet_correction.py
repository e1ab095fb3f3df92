"""POST /sheet/{sheet_id}/correct: the scribe corrects a game already entered on a score sheet (issue 25.2,
``web.sheet_correction``). A refusal comes back in the sheet with the correction form open and what was
typed kept, the field in the way marked in words; nothing is changed then."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.tournament.tables import dealer_seat
from stammtisch.core.errors import RuleViolation
from stammtisch.web.deps import BroadcasterDep, LangDep, ServiceDep
from stammtisch.web.errors import status_for
from stammtisch.web.routes.tournament import _page, _sheet
from stammtisch.web.sheet_correction import MAX_REASON, CorrectionRefused, correct_game, corrected_steps
from stammtisch.web.tournament_sheet import present_sheet
from stammtisch.web.tournament_sheet_entry import refused_entry, typed_entry

router = APIRouter()


def _answer(
    request: Request, lang: str, sheet: dict[str, Any], fix: dict[str, Any], error: str, status: int, clause: Any = None
) -> HTMLResponse:
    fragment = request.headers.get("hx-request") == "true"
    name = "tournament/sheet_board.html" if fragment else "tournament/sheet.html"
    return _page(
        request, lang, name, status_code=status, s=sheet, error=error, clause=clause, dealer_seat=dealer_seat, fix=fix
    )


@router.post("/sheet/{sheet_id}/correct")
async def correct_sheet_game(
    request: Request,
    sheet_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    game: Annotated[int, Form(ge=1, le=99)],
    out: Annotated[str, Form(max_length=10)] = "",
    points: Annotated[list[str] | None, Form()] = None,
    romme: Annotated[str, Form(max_length=5)] = "",
    why: Annotated[str, Form(max_length=MAX_REASON)] = "",
) -> Response:
    """Game ``game`` as retyped, with the reason ``why``; the sheet (or its board for HTMX) after it."""
    sheet = await _sheet(service, sheet_id)
    seats = len(sheet["players"])
    given = (list(points or []) + [""] * seats)[:seats]
    typed = typed_entry({**sheet, "half": None}, out, given, romme)
    fix = {"number": game, "typed": typed, "why": why}
    if typed["marks"]:
        return _answer(request, lang, sheet, fix, refused_entry(typed).get(lang), 422)
    winner = None if out.strip().lower() in ("none", "0", "-") else int(out) - 1
    counts = [None if seat == winner else int(value) for seat, value in enumerate(given)]
    steps = corrected_steps(winner, typed["romme"], counts, seats)
    try:
        snapshot = await run_in_threadpool(correct_game, service, sheet_id, game, seq, steps, why)
    except CorrectionRefused as refusal:
        return _answer(request, lang, sheet, fix, refusal.text.get(lang), 422)
    except RuleViolation as error:
        shown = await _sheet(service, sheet_id)
        return _answer(request, lang, shown, fix, error.text(lang), status_for(error), error.clause)
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    if request.headers.get("hx-request") == "true":
        return _page(
            request,
            lang,
            "tournament/sheet_board.html",
            s=present_sheet(snapshot.to_json()),
            error=None,
            clause=None,
            dealer_seat=dealer_seat,
            corrected=game,
        )
    return RedirectResponse(f"/sheet/{sheet_id}", status_code=303)
