"""Bier-Pong pages beyond the generic match page.

* ``GET /bierpong/new``, ``POST /bierpong`` – two teams of named players (1 to 4 each), table or
  digital play, rack size, the agreed drink amount, the time limit; table play opens the scribe's
  match page, digital play opens a digital table (every named player gets a secret seat link, the
  empty seats of a team are filled by bots; throws are drawn from each player's learned skill model);
* ``POST /m/{id}/bierpong/hit`` – one throw from the pad: the tapped cup with the Aufsetzer/Roller
  toggles (or the "blown / fingered out" toggle: an illegal save, Art 17), or another result; with the
  pair picked on the pad (who throws first) and the call toggled for the hit, all in one submission;
* ``POST /m/{id}/bierpong/knock`` – own cups knocked over (Art 16): the ticked cups of one team;
* ``POST /m/{id}/bierpong/rerack`` – ``allow_rerack`` (BP-R01): the slots the team re-formed its cups into.

Every other throw result, table event and choice goes through the generic ``/m/{id}/outcome`` and
``/m/{id}/act``; refusals come from the engine with their clause, and nothing is written then.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.games.bierpong import timer_deadline
from stammtisch.web.games.bierpong.clock import ensure_clock
from stammtisch.web.kit import (
    BadInput,
    BroadcasterDep,
    LangDep,
    Renderer,
    RendererDep,
    SeqField,
    ServiceDep,
    announce,
    link_seats,
    opened_links,
    settle_names,
    status_for,
    table_for,
    written,
)

router = APIRouter()

GAME = "bierpong"
TEAM_SIZE = 4
MODES = ("table", "digital")
RACKS = (6, 10, 15)
FLAGS = ("bounce", "roller", "save")


def _form_page(
    request: Request, renderer: Renderer, lang: str, values: dict[str, Any], error: str | None, status: int
) -> HTMLResponse:
    return renderer.response("bierpong/new.html", request, lang, status_code=status, form=values, error=error)


def _defaults() -> dict[str, Any]:
    return {
        "title": "",
        "team_a": [""] * TEAM_SIZE,
        "team_b": [""] * TEAM_SIZE,
        "mode": "table",
        "rack": 10,
        "drink_amount": "1 Schluck",
        "timer_minutes": 0,
        "konter": True,
    }


@router.get("/bierpong/new", response_class=HTMLResponse)
async def new_game(request: Request, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    return _form_page(request, renderer, lang, _defaults(), None, 200)


def _whole(text: str, default: int, de: str, en: str, low: int, high: int) -> int:
    text = text.strip()
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise BadInput(
            Text(
                f"{de}: {text!r} ist keine ganze Zahl von {low} bis {high}.",
                f"{en}: {text!r} is not a whole number from {low} to {high}.",
            ),
            422,
        )
    return int(text)


@router.post("/bierpong")
async def create_game(
    request: Request, service: ServiceDep, renderer: RendererDep, broadcaster: BroadcasterDep, lang: LangDep
) -> Response:
    data = await request.form()
    team_a = [str(v).strip()[:40] for v in data.getlist("team_a")][:TEAM_SIZE]
    team_b = [str(v).strip()[:40] for v in data.getlist("team_b")][:TEAM_SIZE]
    values = _defaults()
    values.update(
        title=str(data.get("title") or "").strip()[:80],
        team_a=team_a + [""] * (TEAM_SIZE - len(team_a)),
        team_b=team_b + [""] * (TEAM_SIZE - len(team_b)),
        mode=str(data.get("mode") or "table"),
        drink_amount=str(data.get("drink_amount") or "").strip()[:40] or "1 Schluck",
        konter=str(data.get("konter") or "") not in ("", "0", "off", "false"),
    )
    try:
        values["rack"] = _whole(str(data.get("rack") or ""), 10, "Becher", "Cups", 6, 15)
        values["timer_minutes"] = _whole(str(data.get("timer_minutes") or ""), 0, "Zeitlimit", "Time limit", 0, 240)
        if values["mode"] not in MODES:
            raise BadInput(
                Text(
                    f"Unbekannte Spielweise {values['mode']!r} (erlaubt: Tisch, digital).",
                    f"Unknown play mode {values['mode']!r} (allowed: table, digital).",
                ),
                422,
            )
        if values["rack"] not in RACKS:
            raise BadInput(
                Text("Ein Rack hat 6, 10 oder 15 Becher.", "A rack has 6, 10 or 15 cups."),
                422,
            )
        options = {
            "rack": values["rack"],
            "drink_amount": values["drink_amount"],
            "timer_minutes": values["timer_minutes"],
            "konter": values["konter"],
        }
        title = values["title"] or "Bier-Pong"
        await settle_names(request, team_a + team_b)  # AC-1: guest or member?
        if values["mode"] == "digital":
            # Digital: a team keeps its seats; an empty one is a bot's. Both teams keep their size.
            size = max(sum(1 for n in team_a if n), sum(1 for n in team_b if n), 1)
            seats_a, seats_b = (team_a + [""] * TEAM_SIZE)[:size], (team_b + [""] * TEAM_SIZE)[:size]
            teams = {"teams": [list(range(size)), list(range(size, 2 * size))]}
            opened = await run_in_threadpool(
                lambda: table_for(request.app).open(GAME, seats_a + seats_b, options=options, setup=teams, title=title)
            )
            announce(request.app, opened.snapshot)
            await link_seats(request.app, opened.snapshot.match_id, seats_a + seats_b)  # AC-1: people, not bots
            return renderer.response(
                "bierpong/links.html",
                request,
                lang,
                links=opened_links(opened),
                headers={"Cache-Control": "no-store"},
            )
        named_a, named_b = [n for n in team_a if n], [n for n in team_b if n]
        if not named_a or not named_b:
            raise BadInput(
                Text(
                    "Jedes Team braucht mindestens einen Spieler mit Namen (1 bis 4 je Team).",
                    "Each team needs at least one named player (1 to 4 per team).",
                ),
                422,
            )
        teams = {"teams": [list(range(len(named_a))), list(range(len(named_a), len(named_a) + len(named_b)))]}
        snapshot = await run_in_threadpool(
            lambda: service.create(GAME, named_a + named_b, options=options, setup=teams, mode="table", title=title)
        )
    except (RuleViolation, BadInput) as error:
        status = error.status_code if isinstance(error, BadInput) else status_for(error)
        return _form_page(request, renderer, lang, values, error.text(lang), status)
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    await link_seats(request.app, snapshot.match_id, list(snapshot.players))  # AC-1: seats refer to members
    ensure_clock(request.app, snapshot.match_id)
    return RedirectResponse(f"/m/{snapshot.match_id}", status_code=303)


@router.post("/m/{match_id}/bierpong/hit")
async def hit(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    cup: Annotated[int | None, Form(ge=1, le=15)] = None,
    flag: Annotated[list[str] | None, Form()] = None,
    outcome: Annotated[str | None, Form(max_length=40)] = None,
    pair: Annotated[str | None, Form(pattern=r"^\d \d$")] = None,
    thrower: Annotated[int | None, Form(ge=0, le=7)] = None,
    call: Annotated[str | None, Form(pattern="^(heating-up|on-fire|heating-up\\+on-fire)$")] = None,
    calls_shown: Annotated[str | None, Form()] = None,
) -> Response:
    """One throw from the pad: a tapped cup (``hit C [bounce] [roller]``, or ``save C`` with the "blown
    out" toggle, Art 17) or another result (``outcome``: miss, defended, …). With it, in one submission
    (all or nothing): the pair chosen on the pad first (``pair``: who throws first, BP-R18, H3), and
    after a hit the thrower's call from its toggle, or ``no-call`` when the toggles were shown and none
    was set (H33: no separate call prompt)."""
    notation = _throw_notation(cup, flag, outcome)
    steps: list[tuple[int | None, str]] = []
    if pair:
        first = int(pair.split()[0])
        steps.append((first, f"pair {pair}"))
        thrower = first
        if await run_in_threadpool(_time_is_up, service, match_id):
            # The clock waits for a throw node (table events wait at decisions); a pair chosen with the
            # throw gives it none, so the time-up goes in between: throws after it do not count (BP-R16).
            steps.append((None, "timeup"))
    steps.append((None, notation))
    call_step = call or ("no-call" if calls_shown else None)
    if call_step and thrower is not None and notation.split()[0] in ("hit", "save"):
        try:
            snapshot = await run_in_threadpool(service.submit, match_id, [*steps, (thrower, call_step)], seq)
        except RuleViolation:
            snapshot = None  # no call was due after this throw (or another choice comes first): the throw alone
        if snapshot is not None:
            ensure_clock(request.app, match_id)
            return await written(request, service, broadcaster, snapshot, lang)
    snapshot = await run_in_threadpool(service.submit, match_id, steps, seq)
    ensure_clock(request.app, match_id)
    return await written(request, service, broadcaster, snapshot, lang)


def _time_is_up(service: Any, match_id: str) -> bool:
    """The match's time limit has run out and the timer was not entered yet (BP-R16)."""
    deadline = timer_deadline(service.record(match_id))
    if deadline is None or datetime.now(UTC) < deadline:
        return False
    return bool(service.snapshot(match_id).view.get("timer") == "running")


def _throw_notation(cup: int | None, flag: list[str] | None, outcome: str | None) -> str:
    """The throw's notation from the pad's fields (the engine checks it against the throw node)."""
    if outcome:  # a result button of the pad: the hit toggles belong to a cup and do not apply
        return " ".join(outcome.split())
    if cup is None:
        raise BadInput(Text("Kein Becher angetippt.", "No cup tapped."), 422)
    flags = set(flag or [])
    unknown = flags - set(FLAGS)
    if unknown:
        raise BadInput(
            Text(
                f"Unbekannte Markierung {sorted(unknown)} (erlaubt: bounce, roller, save).",
                f"Unknown toggle {sorted(unknown)} (allowed: bounce, roller, save).",
            ),
            422,
        )
    if "save" in flags:
        if flags & {"bounce", "roller"}:
            raise BadInput(
                Text(
                    "Ein herausgeblasener Ball ist ein Treffer ohne Aufsetzer oder Roller: nur eine Markierung wählen.",
                    "A ball blown or fingered out counts as a plain hit: choose either it or bounce/roller.",
                ),
                422,
            )
        return f"save {cup}"
    return f"hit {cup}" + "".join(f" {f}" for f in ("bounce", "roller") if f in flags)


@router.post("/m/{match_id}/bierpong/knock")
async def knock(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    team: Annotated[str, Form(pattern="^[AB]$")],
    cup: Annotated[list[int] | None, Form()] = None,
    pair: Annotated[str | None, Form(pattern=r"^\d \d$")] = None,
) -> Response:
    """Art 16: the ticked own cups of ``team`` were knocked over (the engine checks they stand)."""
    nothing = Text(
        "Kein Becher angekreuzt: tippe die umgeworfenen Becher an.",
        "No cup ticked: tick the cups that were knocked over.",
    )
    return await _enter_ticked(request, match_id, service, broadcaster, lang, seq, f"knock {team}", cup, nothing, pair)


@router.post("/m/{match_id}/bierpong/rerack")
async def rerack(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    team: Annotated[str, Form(pattern="^[AB]$")],
    cup: Annotated[list[int] | None, Form()] = None,
    pair: Annotated[str | None, Form(pattern=r"^\d \d$")] = None,
) -> Response:
    """BP-R01: ``team``'s live cups now stand in the ticked slots (the engine checks the number)."""
    nothing = Text(
        "Kein Platz angekreuzt: kreuze an, wo die Becher jetzt stehen.",
        "No slot ticked: tick where the cups stand now.",
    )
    return await _enter_ticked(request, match_id, service, broadcaster, lang, seq, f"rerack {team}", cup, nothing, pair)


async def _enter_ticked(
    request: Request,
    match_id: str,
    service: Any,
    broadcaster: Any,
    lang: str,
    seq: int,
    event: str,
    ticked: list[int] | None,
    nothing: Text,
    pair: str | None = None,
) -> Response:
    """A table event naming the ticked cups (``<event> 1 2 3``); refused in words when none is ticked.
    While a team of two still picks who throws first, the preselected pair goes in first (H3)."""
    cups = sorted(set(ticked or []))
    if not cups:
        raise BadInput(nothing, 422)
    notation = f"{event} " + " ".join(map(str, cups))
    steps: list[tuple[int | None, str]] = [(None, notation)]
    if pair:
        steps.insert(0, (int(pair.split()[0]), f"pair {pair}"))
    snapshot = await run_in_threadpool(service.submit, match_id, steps, seq)
    ensure_clock(request.app, match_id)
    return await written(request, service, broadcaster, snapshot, lang)
