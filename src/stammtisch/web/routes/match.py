"""The match page and its writes: actions, the dice tap pad (table mode) and undo.

Every write names the sequence number the page showed (``seq``): if someone else was faster, the
service refuses with ``StaleSequence`` and the error handler shows the fresh state instead. After a
successful write the broadcaster tells the other open pages, which then re-fetch the board.

HTMX requests get the board fragment back; plain form posts are redirected to the page (303), so
the pages also work without JavaScript.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.core.wording import plain
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.correction import last_reason
from stammtisch.web.deps import BroadcasterDep, LangDep, ServiceDep, get_renderer
from stammtisch.web.errors import BadInput
from stammtisch.web.forms import format_faces, parse_faces, parse_seat
from stammtisch.web.generic_game import board_pad
from stammtisch.web.live import Broadcaster
from stammtisch.web.presenters import present_match

router = APIRouter()

SeqField = Annotated[int, Form(ge=0)]


def render_match(
    request: Request,
    snapshot: MatchSnapshot,
    lang: str,
    *,
    error: RuleViolation | BadInput | None = None,
    status_code: int = 200,
    fragment: bool | None = None,
) -> HTMLResponse:
    """The whole match page, or only the board for HTMX requests."""
    renderer = get_renderer(request)
    if fragment is None:
        fragment = request.headers.get("hx-request") == "true"
    page = present_match(snapshot.to_json(), lang, view_seat=_view_seat(request))
    # M-10: a closed match taken back after its end is being corrected; every step needs the reason.
    page["correcting"] = snapshot.closed and not snapshot.finished
    page["correction_reason"] = last_reason(request.app.state.service, snapshot.match_id) if page["correcting"] else ""
    # The generic board's outcome pad, from the pending chance node (web.generic_game); a game's own board has its own.
    page["pad"] = board_pad(request.app.state.service, snapshot) if page["game_template"] is None else None
    message = plain(error.text(lang), page["players"]) if error is not None else None  # names, no clause codes
    stale = getattr(error, "code", "") == "match/stale"
    return renderer.response(
        "board.html" if fragment else "match.html",
        request,
        lang,
        status_code=status_code,
        m=page,
        error=message,
        clause=getattr(error, "clause", None),
        stale=stale,
    )


def _view_seat(request: Request) -> int | None:
    value = request.query_params.get("seat")
    return int(value) if value and value.isdigit() else None


async def written(
    request: Request, service: MatchService, broadcaster: Broadcaster, snapshot: MatchSnapshot, lang: str
) -> Response:
    """After a successful write: tell the other pages, then answer with the board (HTMX) or a redirect."""
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    if request.headers.get("hx-request") == "true":
        seat = _view_seat(request)
        if snapshot.seat != seat:  # a write answers for the acting seat; the page keeps its own perspective
            snapshot = await run_in_threadpool(service.snapshot, snapshot.match_id, seat)
        return render_match(request, snapshot, lang, fragment=True)
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/m/{snapshot.match_id}{query}", status_code=303)


@router.get("/m/{match_id}", response_class=HTMLResponse)
async def match_page(request: Request, match_id: str, service: ServiceDep, lang: LangDep) -> Response:
    snapshot = await run_in_threadpool(service.snapshot, match_id, _view_seat(request))
    return render_match(request, snapshot, lang, fragment=False)


@router.get("/m/{match_id}/board", response_class=HTMLResponse)
async def match_board(request: Request, match_id: str, service: ServiceDep, lang: LangDep) -> Response:
    snapshot = await run_in_threadpool(service.snapshot, match_id, _view_seat(request))
    return render_match(request, snapshot, lang, fragment=True)


@router.post("/m/{match_id}/act")
async def act(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    notation: Annotated[str, Form(min_length=1, max_length=200)],
    seat: Annotated[str, Form()] = "",
) -> Response:
    """One action of one seat, as the engine's notation (the button's ``notation``)."""
    chosen = parse_seat(seat)
    if chosen is None:
        raise BadInput(_seat_missing())
    snapshot = await run_in_threadpool(service.act, match_id, chosen, notation, seq)
    return await written(request, service, broadcaster, snapshot, lang)


@router.post("/m/{match_id}/dice")
async def enter_dice(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    faces: Annotated[str, Form(max_length=40)] = "",
    incident: Annotated[str, Form(max_length=40)] = "",
    seat: Annotated[str, Form()] = "",
    notation: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Table mode: what the throw showed, read off the table: the dice ``faces`` (tapped on the pad)
    or an ``incident`` (a Turm, burning dice, a foul) in the game's outcome notation.

    With ``notation`` (the throw action, e.g. ``throw`` or ``joker``) the action and its outcome are
    submitted together, atomically; without it they answer a throw that is already pending."""
    outcome = incident.strip() if incident.strip() else format_faces(parse_faces(faces))
    if notation.strip():
        chosen = parse_seat(seat)
        if chosen is None:
            raise BadInput(_seat_missing())
        steps = [(chosen, notation.strip()), (None, outcome)]
        snapshot = await run_in_threadpool(service.submit, match_id, steps, seq)
    else:
        snapshot = await run_in_threadpool(service.enter_outcome, match_id, outcome, seq)
    return await written(request, service, broadcaster, snapshot, lang)


@router.post("/m/{match_id}/outcome")
async def enter_outcome(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    outcome: Annotated[str, Form(min_length=1, max_length=200)],
) -> Response:
    """Table mode: a chance outcome in the game's notation (a Turm, a foul, ...)."""
    snapshot = await run_in_threadpool(service.enter_outcome, match_id, outcome.strip(), seq)
    return await written(request, service, broadcaster, snapshot, lang)


@router.post("/m/{match_id}/undo")
async def undo(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    confirm: Annotated[bool, Form()] = False,
    reason: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Take back the last submission (recorded as an event of its own). ``confirm``: the second tap
    when the undo goes back past an entered outcome (M-5a); ``reason``: why a closed match is changed
    (M-10; only the admin or treasurer get this far, docs/access.md AC-5)."""
    written_reason = reason.strip() or None
    snapshot = await run_in_threadpool(lambda: service.undo(match_id, seq, confirm=confirm, reason=written_reason))
    return await written(request, service, broadcaster, snapshot, lang)


def _seat_missing() -> Text:
    return Text("Es fehlt, welcher Platz handelt.", "Which seat acts is missing.")
