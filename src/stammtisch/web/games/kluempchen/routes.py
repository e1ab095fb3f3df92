"""Starting a Klümpchen evening: players in seating order, externals, team draw, mode, unit and house rules.

The house rules come from the game's declared options (defaults and bilingual descriptions from
the rulings); the engine validates everything, and a refusal shows the form again with the message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.core.errors import InvalidOption, RuleViolation
from stammtisch.core.options import Option
from stammtisch.core.text import Text
from stammtisch.matches.guests import seat_player
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.games.kluempchen.choices import CHOICE_NAMES
from stammtisch.web.kit import (
    BadInput,
    BroadcasterDep,
    ClubService,
    Kind,
    LangDep,
    Member,
    Permission,
    Renderer,
    RendererDep,
    SeqField,
    ServiceDep,
    allowed,
    clean_name,
    club_service,
    duplicate_warning,
    link_seats,
    name_key,
    settle_names,
    written,
)

router = APIRouter()

GAME = "kluempchen"
ROWS = 12
#: Options the form asks for with their own fields (or the service sets).
OWN_FIELDS = ("mode", "base_cents", "team_draw")
MODES = ("table", "digital", "scoresheet")


@dataclass
class Row:
    name: str = ""
    external: bool = False
    team: str = ""
    later: bool = False  # E-22: expected tonight, comes to the table between rounds


@dataclass
class EveningForm:
    """What the form shows (and what was entered, when it comes back with an error)."""

    title: str = ""
    rows: list[Row] = field(default_factory=lambda: [Row() for _ in range(ROWS)])
    team_draw: str = "reuse_rolls"
    mode: str = "table"
    base_euro: str = "0,50"
    options: dict[str, Any] = field(default_factory=dict)


def _declared(service: MatchService) -> tuple[Option, ...]:
    return tuple(service.games[GAME].options)


def option_fields(declared: tuple[Option, ...], chosen: dict[str, Any]) -> list[dict[str, Any]]:
    fields = []
    for option in declared:
        if option.key in OWN_FIELDS:
            continue
        kind = "bool" if isinstance(option.default, bool) else "int" if isinstance(option.default, int) else "str"
        fields.append(
            {
                "key": option.key,
                "kind": kind,
                "default": option.default,
                "value": chosen.get(option.key, option.default),
                "choices": option.choices,
                "clause": option.clause,
                "description": option.description.to_json(),
                "choice_names": {
                    choice: CHOICE_NAMES.get((option.key, choice), Text(choice, choice)).to_json()
                    for choice in option.choices
                },
            }
        )
    return fields


def _render(
    request: Request,
    renderer: Renderer,
    service: MatchService,
    lang: str,
    form: EveningForm,
    error: str | None,
    status: int,
) -> HTMLResponse:
    return renderer.response(
        "kluempchen/new.html",
        request,
        lang,
        status_code=status,
        form=form,
        options=option_fields(_declared(service), form.options),
        error=error,
    )


@router.get("/evenings/new", response_class=HTMLResponse)
async def new_evening(request: Request, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    return _render(request, renderer, service, lang, EveningForm(), None, 200)


def parse_euro(text: str) -> int:
    """``"0,50"``, ``"0.5"`` or ``"1"`` euro → cents."""
    cleaned = text.strip().replace("€", "").replace(" ", "").replace(",", ".")
    if not re.fullmatch(r"\d{1,6}(\.\d{1,2})?", cleaned):
        raise BadInput(
            Text(
                f"Grundbetrag {text!r} ist kein Euro-Betrag (z. B. 0,50).",
                f"Base amount {text!r} is not an amount in euro (e.g. 0.50).",
            ),
            422,
        )
    euros, _, cents = cleaned.partition(".")
    return int(euros) * 100 + int((cents + "00")[:2])


def read_form(data: FormData, declared: tuple[Option, ...]) -> EveningForm:
    """The entered form, as entered (for showing it again)."""
    names = [str(value) for value in data.getlist("player")]
    teams = [str(value) for value in data.getlist("team")]
    externals = {str(value) for value in data.getlist("external")}
    later = {str(value) for value in data.getlist("later")}
    rows = [
        Row(
            name.strip(),
            str(index) in externals,
            teams[index].strip() if index < len(teams) else "",
            str(index) in later,
        )
        for index, name in enumerate(names[:24])
    ]
    rows += [Row() for _ in range(max(0, ROWS - len(rows)))]
    options: dict[str, Any] = {}
    bools = {str(value) for value in data.getlist("opt_bool")}
    for option in declared:
        if option.key in OWN_FIELDS:
            continue
        if option.key in bools:
            options[option.key] = data.get(f"opt_{option.key}") == "true"
        elif f"opt_{option.key}" in data:
            options[option.key] = str(data.get(f"opt_{option.key}"))
    return EveningForm(
        title=str(data.get("title") or "").strip()[:80],
        rows=rows,
        team_draw=str(data.get("team_draw") or "reuse_rolls"),
        mode=str(data.get("mode") or "table"),
        base_euro=str(data.get("base_euro") or "0,50"),
        options=options,
    )


def entered_teams(rows: list[Row]) -> list[list[int]]:
    """Entered teams as the engine's set-up ``[[p1, p2], ..., [solo]]`` (KA-22 manual).

    Players with the same team number form a pair (the first listed is player 1); a number used by
    one player only makes him the solo player. The engine checks the rest (every seat once, K-1.2)."""
    seated = [row for row in rows if row.name]
    groups: dict[str, list[int]] = {}
    for seat, row in enumerate(seated):
        if row.later:  # E-22: not at the table yet, so in no team of the first round
            continue
        if not row.team:
            raise BadInput(
                Text(
                    f"{row.name} hat keine Teamnummer (bei eingetragenen Teams braucht jeder eine).",
                    f"{row.name} has no team number (entered teams need one for everybody).",
                ),
                422,
            )
        groups.setdefault(row.team, []).append(seat)
    for members in groups.values():
        if len(members) > 2:
            names = ", ".join(seated[s].name for s in members)
            raise BadInput(
                Text(f"Ein Team hat höchstens zwei Spieler: {names}.", f"A team has at most two players: {names}."),
                422,
            )
    return [members for members in groups.values()]


@router.post("/evenings")
async def create_evening(
    request: Request,
    service: ServiceDep,
    renderer: RendererDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
) -> Response:
    data = await request.form()
    declared = _declared(service)
    form = read_form(data, declared)
    try:
        await settle_names(request, [row.name for row in form.rows if row.name])  # AC-1: guest or member?
        snapshot = await run_in_threadpool(_create, service, form)
    except (RuleViolation, BadInput) as error:
        return _render(request, renderer, service, lang, form, error.text(lang), 422)
    await link_seats(request.app, snapshot.match_id, list(snapshot.players))  # AC-1: seats refer to members
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    return RedirectResponse(f"/m/{snapshot.match_id}", status_code=303)


def _create(service: MatchService, form: EveningForm) -> MatchSnapshot:
    if form.mode not in MODES:
        raise BadInput(Text(f"Unbekannte Spielweise {form.mode!r}.", f"Unknown play mode {form.mode!r}."), 422)
    seated = [row for row in form.rows if row.name]
    warning = duplicate_warning(row.name for row in seated)
    if warning is not None:
        raise BadInput(warning, 422)
    options = dict(form.options)
    options["base_cents"] = parse_euro(form.base_euro)
    if options["base_cents"] <= 0:
        raise InvalidOption(
            "S-9",
            Text(
                "Der Grundbetrag muss größer als 0 Euro sein (z. B. 0,50); eine Einheit ist Grundbetrag × Spieler.",
                "The base amount must be more than 0 euro (e.g. 0.50); one unit is the base amount × players.",
            ),
        )
    options["team_draw"] = form.team_draw
    setup: dict[str, Any] = {
        "externals": [seat for seat, row in enumerate(seated) if row.external],
        "later": [seat for seat, row in enumerate(seated) if row.later],  # E-22: they arrive between rounds
    }
    if form.team_draw == "manual" and any(row.team for row in seated):
        setup["teams"] = entered_teams(form.rows)
    return service.create(
        GAME, [row.name for row in seated], options=options, setup=setup, mode=form.mode, title=form.title
    )


@router.post("/m/{match_id}/score")
async def enter_score(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    seat: Annotated[int, Form(ge=0)],
    points: Annotated[int, Form(ge=0, le=100_000)] = 0,
    strassen: Annotated[int, Form(ge=0, le=6)] = 0,
    joker: Annotated[bool, Form()] = False,
    thrower: Annotated[str, Form(pattern=r"^\d{0,2}$")] = "",
    six: Annotated[bool, Form()] = False,
) -> Response:
    """Scoresheet mode (``scoresheet_entry.html``): one turn's result as written on the sheet (``score N
    [joker] [strassen S] [by SEAT]``); ``thrower``: the seat that threw for an absent owner (K-16),
    none when he threw himself."""
    notation = f"score {points}" + (" joker" if joker else "") + (f" strassen {strassen}" if strassen else "")
    if six:  # six equal dice (S-5): the round ends; points and joker do not apply
        notation = "six" + (f" strassen {strassen}" if strassen else "")
    notation += f" by {int(thrower)}" if thrower else ""
    snapshot = await run_in_threadpool(service.act, match_id, seat, notation, seq)
    return await written(request, service, broadcaster, snapshot, lang)


@router.post("/m/{match_id}/guest")
async def seat_guest(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    seat: Annotated[int, Form(ge=0)],
    name: Annotated[str, Form(max_length=200)] = "",
    member: Annotated[str, Form(pattern=r"^\d{0,12}$")] = "",
    external: Annotated[bool, Form()] = False,
) -> Response:
    """E-26, M-12: someone nobody expected sits down between rounds (the fold "Someone arrives or
    leaves?"): a new guest by name, or a member picked from the list; ``seat`` is the seat at the table
    that enters him. An external member (C-4) is external at the table too."""
    club = club_service(request.app)
    snapshot = await run_in_threadpool(_seat_guest, service, club, match_id, seat, name, member, external, seq)
    return await written(request, service, broadcaster, snapshot, lang)


def _seat_guest(
    service: MatchService,
    club: ClubService,
    match_id: str,
    seat: int,
    name: str,
    member: str,
    external: bool,
    seq: int,
) -> MatchSnapshot:
    picked: Member | None = club.member(int(member)) if member else None
    if picked is None and name.strip():  # a known name is that member (AC-1), as when the evening started
        picked = club.repository.member_by_key(name_key(clean_name(name)))
    if picked is not None:
        name = picked.name
        external = external or picked.kind is Kind.EXTERNAL
    return seat_player(
        service,
        match_id,
        seat,
        "join external" if external else "join",
        name,
        seq,
        duplicate=duplicate_warning,
        link=club.link_joined_seat,
    )


@router.get("/m/{match_id}/guest/members", response_class=HTMLResponse)
async def guest_members(
    request: Request, match_id: str, service: ServiceDep, renderer: RendererDep, lang: LangDep
) -> HTMLResponse:
    """The member picker of the new-seat form (E-26): the club's active members not seated tonight, for
    those who may enter steps (the list of names is not the spectators'). Empty without members."""
    account = getattr(request.state, "account", None)
    if account is not None and not allowed(account.role, Permission.ACT):
        return HTMLResponse("")
    club = club_service(request.app)
    seated, members = await run_in_threadpool(
        lambda: ({name_key(n) for n in service.players(match_id)}, club.members(include_inactive=False))
    )
    free = sorted((m for m in members if name_key(m.name) not in seated), key=lambda m: m.name.casefold())
    if not free:
        return HTMLResponse("")
    picks = [{"id": m.member_id, "name": m.name, "external": m.kind is Kind.EXTERNAL} for m in free]
    return renderer.response("kluempchen/guest_members.html", request, lang, members=picks)
