"""The scribe's page of table mode (RGO-20, RGO-24): every step of whoever's turn it is, on the
"everybody" page, without picking a seat first.

The generic match page shows the public table when no seat is picked, and for a game with hidden
information the public snapshot carries no legal actions (a digital table's public screen must never
offer a hand's cards). In table mode the scribe enters what the real table did, for every seat, so
this package adds the scribe's board:

* ``GET /m/{id}/regeln/board`` – the board (the same fragment as ``/m/{id}/board``) with the steps of
  every seat the turn waits for, gathered from each seat's own snapshot at the same seq. The scribe's
  page (``templates/scribe.html``) loads it in place of the public board, so the steps appear by
  themselves; without JavaScript the page names whose step it is and links to that seat's view.
* ``POST /m/{id}/regeln/act`` – one step of one seat (``seat``, ``notation``, ``seq``), answered with
  that board (no second request after each tap).
* ``POST /m/{id}/regeln/report`` – who spoke during a vote (RGO-1), ticked per person (one box a
  player) instead of one button for every set of people.
* ``POST /m/{id}/regeln/chips`` – several chips of one payment at once (the seven starting chips, a
  reward of five): how many of each colour the seat took (or paid). Every chip is still its own step
  of the log (RGO-10), submitted together, all or nothing.

Only for table-mode matches (refused otherwise, in both languages: a digital table's seats are
private, TS-2) and only for a reader who may act for the seats (AC-4: the scribe's permission).
The engine still checks every entry; a refused one shows above the board with its clause, and
nothing is written.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import RedirectResponse, Response

from stammtisch.core.errors import IllegalAction, RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.kit import (
    BadInput,
    BroadcasterDep,
    LangDep,
    Permission,
    ServiceDep,
    check,
    parse_seat,
    render_match,
    status_for,
)

router = APIRouter()

#: How often the seats' snapshots are read again when a write came in between (then the page's seq
#: decides: a stale entry is refused as ever, M-1).
ATTEMPTS = 3


class NotTableMode(BadInput):
    """The scribe's board exists only for a match kept with the boxed game (table mode)."""

    code = "regeln/not_table_mode"

    def __init__(self) -> None:
        super().__init__(
            Text(
                "Diese Seite gibt es nur für ein Spiel mit der Schachtel (Tischmodus); am digitalen Tisch "
                "spielt jeder auf seinem eigenen Handy.",
                "This page exists only for a game with the boxed game (table mode); at the digital table "
                "everybody plays on his own phone.",
            ),
            403,
        )


class TooManyChips(IllegalAction):
    """RGO-10: more chips entered at once than the seat still takes or pays (or none at all)."""

    code = "regeln/chip_count"


#: The colours in the engine's order (the order the chips of a form are submitted in).
COLOURS = ("white", "purple", "yellow", "green")


def chip_notations(public: MatchSnapshot, seat: int, counts: tuple[int, ...]) -> list[str]:
    """The steps of several chips of the payment now due (``take white`` … in colour order), checked
    against what ``seat`` still takes or pays; the engine checks each chip as ever."""
    owed = public.view.get("owed") or []
    head = owed[0] if owed else None
    name = public.players[seat] if 0 <= seat < len(public.players) else "?"
    total = sum(counts)
    if head is None or int(head["seat"]) != seat or not 1 <= total <= abs(int(head["amount"])):
        due = abs(int(head["amount"])) if head is not None and int(head["seat"]) == seat else 0
        raise TooManyChips(
            "RGO-10",
            Text(
                f"{name} nimmt oder zahlt jetzt {due} {'Chip' if due == 1 else 'Chips'}; eingetragen waren {total}.",
                f"{name} takes or pays {due} {'chip' if due == 1 else 'chips'} now; {total} were entered.",
            ),
        )
    verb = "take" if int(head["amount"]) > 0 else "pay"
    return [f"{verb} {colour}" for colour, count in zip(COLOURS, counts, strict=True) for _ in range(count)]


def scribe_snapshot(service: MatchService, match_id: str) -> MatchSnapshot:
    """The public snapshot of a table-mode match with the legal actions of every seat the turn waits
    for (each seat's own snapshot, all at the public seq). Raises ``NotTableMode`` for other matches."""
    public = service.snapshot(match_id, None)
    for _ in range(ATTEMPTS):
        if public.mode != "table":
            raise NotTableMode()
        if public.turn.get("kind") != "decision" or public.legal:
            return public  # nothing to gather (or the public snapshot already has every seat's steps)
        legal: list[dict[str, Any]] = []
        for seat in public.turn.get("seats") or ():
            mine = service.snapshot(match_id, int(seat))
            if mine.seq != public.seq:
                break
            legal.extend(mine.legal)
        else:
            return dataclasses.replace(public, legal=legal)
        public = service.snapshot(match_id, None)  # a write came in between: read again
    return public


def _table_match(service: MatchService, match_id: str) -> MatchSnapshot:
    public = service.snapshot(match_id, None)
    if public.mode != "table":
        raise NotTableMode()
    return public


def _may_act(request: Request) -> None:
    """AC-4: the steps are for whoever may act for the seats (as the writes they lead to); a reader
    without a sign-in is asked to sign in, as everywhere."""
    check(request, getattr(request.state, "account", None), Permission.ACT)


async def _board(request: Request, service: MatchService, match_id: str, lang: str) -> Response:
    snapshot = await run_in_threadpool(scribe_snapshot, service, match_id)
    return render_match(request, snapshot, lang, fragment=True)


@router.get("/m/{match_id}/regeln/board")
async def scribe_board(request: Request, match_id: str, service: ServiceDep, lang: LangDep) -> Response:
    """The scribe's board: the public table and the steps of every seat the turn waits for."""
    _may_act(request)
    return await _board(request, service, match_id, lang)


async def _written(
    request: Request, service: ServiceDep, broadcaster: BroadcasterDep, match_id: str, lang: str, seq: int
) -> Response:
    broadcaster.publish(match_id, seq)
    if request.headers.get("hx-request") == "true":
        return await _board(request, service, match_id, lang)
    return RedirectResponse(f"/m/{match_id}", status_code=303)


async def _enter(
    request: Request,
    service: MatchService,
    broadcaster: BroadcasterDep,
    match_id: str,
    lang: str,
    seat: int,
    notation: str,
    seq: int,
) -> Response:
    """Submit one step; a refusal is shown above the scribe's board (with every seat's steps, so the
    scribe enters again at once), with its clause, and nothing is written."""
    try:
        snapshot = await run_in_threadpool(service.act, match_id, seat, notation, seq)
    except RuleViolation as error:
        fresh = await run_in_threadpool(scribe_snapshot, service, match_id)
        return render_match(request, fresh, lang, error=error, status_code=status_for(error))
    return await _written(request, service, broadcaster, match_id, lang, snapshot.seq)


def _seat(value: str, players: int) -> int:
    chosen = parse_seat(value)
    if chosen is None or not 0 <= chosen < players:
        raise BadInput(Text("Es fehlt, welcher Platz handelt.", "Which seat acts is missing."))
    return chosen


@router.post("/m/{match_id}/regeln/act")
async def scribe_act(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    notation: Annotated[str, Form(min_length=1, max_length=200)],
    seat: Annotated[str, Form()] = "",
) -> Response:
    """One step of one seat, entered by the scribe (the engine's notation, as on the button)."""
    public = await run_in_threadpool(_table_match, service, match_id)
    return await _enter(request, service, broadcaster, match_id, lang, _seat(seat, len(public.players)), notation, seq)


def report_notation(spoke: list[str], players: int) -> str:
    """``spoke 1 3`` (1-based seats, in seat order) or ``spoke none`` from the ticked boxes (0-based)."""
    seats = sorted({int(value) for value in spoke if value.isdigit() and int(value) < players})
    return "spoke " + (" ".join(str(seat + 1) for seat in seats) if seats else "none")


@router.post("/m/{match_id}/regeln/report")
async def scribe_report(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    seat: Annotated[str, Form()] = "",
    spoke: Annotated[list[str] | None, Form()] = None,
) -> Response:
    """RGO-1: who spoke during the vote, ticked per person (none ticked: nobody spoke)."""
    public = await run_in_threadpool(_table_match, service, match_id)
    notation = report_notation(spoke or [], len(public.players))
    return await _enter(request, service, broadcaster, match_id, lang, _seat(seat, len(public.players)), notation, seq)


ChipCount = Annotated[int, Form(ge=0, le=99)]


@router.post("/m/{match_id}/regeln/chips")
async def scribe_chips(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: Annotated[int, Form(ge=0)],
    seat: Annotated[str, Form()] = "",
    white: ChipCount = 0,
    purple: ChipCount = 0,
    yellow: ChipCount = 0,
    green: ChipCount = 0,
) -> Response:
    """RGO-10: several chips of the payment now due, each its own step, submitted together."""
    public = await run_in_threadpool(_table_match, service, match_id)
    chosen = _seat(seat, len(public.players))
    try:
        notations = chip_notations(public, chosen, (white, purple, yellow, green))
        steps = [(chosen, notation) for notation in notations]
        snapshot = await run_in_threadpool(service.submit, match_id, steps, seq)
    except RuleViolation as error:
        fresh = await run_in_threadpool(scribe_snapshot, service, match_id)
        return render_match(request, fresh, lang, error=error, status_code=status_for(error))
    return await _written(request, service, broadcaster, match_id, lang, snapshot.seq)
