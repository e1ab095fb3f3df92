"""The JSON API: the same use cases as the pages, for scripts, bots and other front ends.

* ``GET  /api/matches`` – the newest matches;
* ``POST /api/matches`` – start one: ``{"game", "players", "options", "setup", "mode", "title"}``;
* ``GET  /api/matches/{id}?seat=`` – the snapshot for a seat (or the public table);
* ``POST /api/matches/{id}/actions`` – ``{"seq", "seat", "action"}``, ``{"seq", "outcome"}`` or
  ``{"seq", "steps": [{"seat", "action"} | {"outcome"}, ...]}`` (atomic); an action that seats someone
  new in a running match names him: ``{"seq", "seat", "action", "player"}`` (M-12);
* ``POST /api/matches/{id}/undo`` – ``{"seq"}``.

Changing a closed match (M-10: an undo after its end, and the corrected steps after it) takes
``"reason"`` in both bodies (the admin or the treasurer, AC-5).

Actions and outcomes are the game's notation text or its JSON form. Refusals answer
``{"error": {"code", "clause", "de", "en", "message"}}`` (plus ``"snapshot"`` when stale).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse

from stammtisch.club.members.duplicates import duplicate_warning
from stammtisch.core.text import Text
from stammtisch.games import GAMES
from stammtisch.matches.guests import seat_player
from stammtisch.matches.seat_links import SeatLinkRequired
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.auth import club_service, link_seats
from stammtisch.web.correction import accept_reason
from stammtisch.web.deps import BroadcasterDep, ServiceDep
from stammtisch.web.errors import BadInput
from stammtisch.web.presenters import list_matches
from stammtisch.web.write_gate import gated_write

router = APIRouter(prefix="/api")

Move = str | dict[str, Any]


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = Field(default=None, ge=0)
    action: Move | None = None
    outcome: Move | None = None


class Submission(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: StrictInt = Field(ge=0)
    seat: StrictInt | None = Field(default=None, ge=0)
    action: Move | None = None
    outcome: Move | None = None
    steps: list[Step] | None = Field(default=None, min_length=1, max_length=20)
    #: M-12: the name of the player the action seats (Klümpchen E-26); only with ``action``.
    player: str | None = Field(default=None, max_length=200)
    #: M-10: why a closed match is changed (a corrected step after an undo past its end; AC-5).
    reason: str | None = Field(default=None, max_length=500)


def _check_kind(action: object, outcome: object, steps: object, seat: int | None) -> None:
    """Exactly one of action / outcome / steps; an action names its seat."""
    if sum(value is not None for value in (action, outcome, steps)) != 1:
        raise BadInput(
            Text(
                "Genau eines angeben: action (mit seat), outcome oder steps.",
                "Give exactly one of: action (with seat), outcome or steps.",
            ),
            422,
        )
    if action is not None and seat is None:
        raise BadInput(Text("Eine action braucht den seat, der sie ausführt.", "An action needs its seat."), 422)


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: StrictInt = Field(ge=0)
    confirm: bool = False  # M-5a: an undo past an entered outcome
    reason: str | None = Field(default=None, max_length=500)  # M-10: why a closed match is changed (AC-5)


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=40)
    players: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(min_length=1, max_length=24)
    options: dict[str, Any] | None = None
    setup: dict[str, Any] | None = None
    mode: str = "table"
    title: str = Field(default="", max_length=80)


@router.get("/matches")
async def matches(service: ServiceDep, limit: Annotated[int, Query(ge=1, le=500)] = 50) -> JSONResponse:
    records = await run_in_threadpool(list_matches, service, limit)
    return JSONResponse({"matches": records})


@router.post("/matches", status_code=201)
async def create(request: Request, body: NewMatch, service: ServiceDep) -> JSONResponse:
    game = GAMES.get(body.game)
    if body.mode == "digital" and game is not None and game.info.hidden_information:
        # TS-2: hidden hands are dealt only to seats that hold their own secret link.
        raise SeatLinkRequired()
    snapshot = await run_in_threadpool(
        lambda: service.create(
            body.game, body.players, options=body.options, setup=body.setup, mode=body.mode, title=body.title
        )
    )
    await link_seats(request.app, snapshot.match_id, list(snapshot.players))  # AC-1: seats refer to members
    return JSONResponse(snapshot.to_json(), status_code=201)


@router.get("/matches/{match_id}")
async def snapshot(match_id: str, service: ServiceDep, seat: Annotated[int | None, Query(ge=0)] = None) -> JSONResponse:
    result = await run_in_threadpool(service.snapshot, match_id, seat)
    return JSONResponse(result.to_json())


@router.post("/matches/{match_id}/actions")
async def submit(
    request: Request, match_id: str, body: Submission, service: ServiceDep, broadcaster: BroadcasterDep
) -> JSONResponse:
    _check_kind(body.action, body.outcome, body.steps, body.seat)
    if body.player is not None and body.action is None:
        raise BadInput(
            Text(
                "Ein player (Name) gehört zu einer action, die jemanden neu an den Tisch setzt.",
                "A player (name) goes with an action that seats someone new at the table.",
            ),
            422,
        )
    for step in body.steps or ():
        _check_kind(step.action, step.outcome, None, step.seat)
    # Passed on explicitly as well: the write may run outside this request's context (web.write_gate).
    reason = await accept_reason(request, match_id, body.reason)
    call: Callable[[], MatchSnapshot]
    if body.steps is not None:
        steps = [(step.seat, step.action) if step.action is not None else (None, step.outcome) for step in body.steps]
        call = partial(service.submit, match_id, steps, body.seq, reason=reason)
    elif body.action is not None and body.player is not None:
        assert body.seat is not None  # _check_kind: an action names its seat
        club = club_service(request.app)
        call = partial(
            seat_player,
            service,
            match_id,
            body.seat,
            body.action,
            body.player,
            body.seq,
            duplicate=duplicate_warning,
            link=club.link_joined_seat,
        )
    elif body.action is not None:
        assert body.seat is not None  # _check_kind: an action names its seat
        call = partial(service.act, match_id, body.seat, body.action, body.seq, reason=reason)
    else:
        assert body.outcome is not None  # _check_kind: exactly one of action, outcome and steps
        call = partial(service.enter_outcome, match_id, body.outcome, body.seq, reason=reason)
    viewer = body.seat if body.action is not None else None
    result = await gated_write(request.app, service, match_id, call, seq=body.seq, seat=viewer)
    broadcaster.publish(result.match_id, result.seq)
    return JSONResponse(result.to_json())


@router.post("/matches/{match_id}/undo")
async def undo(
    request: Request, match_id: str, body: Undo, service: ServiceDep, broadcaster: BroadcasterDep
) -> JSONResponse:
    reason = body.reason.strip() if body.reason and body.reason.strip() else None
    call = partial(service.undo, match_id, body.seq, confirm=body.confirm, reason=reason)
    result = await gated_write(request.app, service, match_id, call, seq=body.seq)
    broadcaster.publish(result.match_id, result.seq)
    return JSONResponse(result.to_json())
