"""Bier-Pong evenings and statistics pages.

* ``GET /bierpong/evenings`` – the evenings and the form for a new one; ``POST /bierpong/evenings``
  creates it: teams entered (one team per line, names separated by commas) or drawn by lot from the
  names with a team size (the seed is kept, so the draw can be re-derived), knockout or round robin;
* ``GET /bierpong/evenings/{id}`` – the teams, the pairings round by round (a bye, a game still to be
  decided, a start button, the running game's cups, the result), the table (wins, cup difference,
  cups hit) and the champion; ``POST /bierpong/evenings/{id}/games`` starts a pairing's game as an
  ordinary table match (two racing taps start one match, the other is sent to it);
* ``GET /bierpong/stats`` – per player over all stored matches (docs/rulings/bierpong.md H30).

Results come from the games' match logs (``club.games.bierpong`` does the evening's rules on plain values).
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.games.bierpong import (
    FORMATS,
    EveningError,
    Played,
    Team,
    champion,
    draw_teams,
    entered_teams,
    schedule,
    standings,
)
from stammtisch.core.text import Text
from stammtisch.matches.games.bierpong.record import players
from stammtisch.matches.games.bierpong.skills import shared_book
from stammtisch.web.kit import (
    BadInput,
    BroadcasterDep,
    LangDep,
    MemberRefused,
    Renderer,
    RendererDep,
    ServiceDep,
    link_seats,
    settle_names,
)

router = APIRouter()

GAME = "bierpong"


def _evenings(service: Any) -> Any:
    from stammtisch.store.games.bierpong import SqlEveningRepository

    engine = getattr(service.repository, "engine", None)
    if engine is None:
        raise BadInput(
            Text(
                "Bier-Pong-Abende brauchen eine Datenbank (SQLite oder PostgreSQL).",
                "Bier-Pong evenings need a database (SQLite or PostgreSQL).",
            ),
            503,
        )
    return SqlEveningRepository(engine)


def _list_page(
    request: Request, renderer: Renderer, lang: str, service: Any, form: dict[str, Any], error: str | None, status: int
) -> HTMLResponse:
    evenings = _evenings(service).list_evenings()
    return renderer.response(
        "bierpong/evenings.html", request, lang, status_code=status, evenings=evenings, form=form, error=error
    )


def _blank() -> dict[str, Any]:
    return {"title": "", "format": "knockout", "how": "entered", "teams": "", "names": "", "size": 2}


@router.get("/bierpong/evenings", response_class=HTMLResponse)
async def evenings_page(request: Request, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    return await run_in_threadpool(_list_page, request, renderer, lang, service, _blank(), None, 200)


def _split(line: str) -> list[str]:
    return [part.strip() for part in line.replace("&", ",").replace(";", ",").split(",") if part.strip()]


@router.post("/bierpong/evenings")
async def create_evening(request: Request, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> Response:
    data = await request.form()
    form = _blank()
    form.update(
        title=str(data.get("title") or "").strip()[:80],
        format=str(data.get("format") or "knockout"),
        how=str(data.get("how") or "entered"),
        teams=str(data.get("teams") or "")[:4000],
        names=str(data.get("names") or "")[:4000],
        size=str(data.get("size") or "2"),
    )
    try:
        if form["format"] not in FORMATS:
            raise EveningError(
                "E2",
                Text(
                    f"Unbekannte Form {form['format']!r} (erlaubt: K.-o., jeder gegen jeden).",
                    f"Unknown format {form['format']!r} (allowed: knockout, round robin).",
                ),
            )
        seed: int | None = None
        if form["how"] == "drawn":
            if not str(form["size"]).isdigit():
                raise EveningError("E1", Text("Ein Team hat 1 bis 4 Spieler.", "A team has 1 to 4 players."))
            names = [n for line in str(form["names"]).splitlines() for n in _split(line)]
            seed = secrets.randbelow(2**31)
            teams = draw_teams(names, int(form["size"]), seed)
        else:
            teams = entered_teams([_split(line) for line in str(form["teams"]).splitlines()])
        await settle_names(request, [name for team in teams for name in team.players])  # AC-1: guest or member?
        record = await run_in_threadpool(
            _evenings(service).create, form["title"] or "Bier-Pong-Abend", form["format"], teams, seed
        )
    except (EveningError, MemberRefused) as error:
        message = f"{error.text(lang)}"
        return await run_in_threadpool(_list_page, request, renderer, lang, service, form, message, 422)
    return RedirectResponse(f"/bierpong/evenings/{record.evening_id}", status_code=303)


def evening_model(service: Any, evening_id: str) -> dict[str, Any]:
    """The evening page's values: teams, pairings with their games' state, the table, the champion."""
    repo = _evenings(service)
    record = repo.get(evening_id)
    if record is None:
        raise BadInput(Text("Diesen Abend gibt es nicht.", "There is no such evening."), 404)
    games = repo.games(evening_id)
    by_number = {t.number: t for t in record.teams}
    played: dict[tuple[int, int], Played] = {}
    live: dict[tuple[int, int], dict[str, Any]] = {}
    # Results depend on earlier rounds (knockout), so read round by round until nothing new is known.
    for _ in range(8):
        known = len(played)
        for pairing in schedule(record.format, len(record.teams), played):
            key = (pairing.round, pairing.slot)
            match_id = games.get(key)
            if match_id is None or key in played or pairing.a is None or pairing.b is None:
                continue
            view = service.snapshot(match_id).view
            rack = int(view["rack"])
            cups_a, cups_b = rack - view["teams"][1]["live"], rack - view["teams"][0]["live"]
            live[key] = {"match_id": match_id, "cups_a": cups_a, "cups_b": cups_b, "over": view["winner"] is not None}
            if view["winner"] is not None:
                winner = pairing.a if view["winner"] == "A" else pairing.b
                played[key] = Played(pairing.round, pairing.slot, pairing.a, pairing.b, winner, cups_a, cups_b)
        if len(played) == known:
            break
    pairings = schedule(record.format, len(record.teams), played)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in pairings:
        key = (p.round, p.slot)
        rounds.setdefault(p.round, []).append(
            {
                "round": p.round,
                "slot": p.slot,
                "a": by_number.get(p.a) if p.a else None,
                "b": by_number.get(p.b) if p.b else None,
                "bye": p.bye,
                "game": live.get(key),
                "result": played.get(key),
                "can_start": p.a is not None and p.b is not None and key not in games,
            }
        )
    champ = champion(record.format, record.teams, played)
    return {
        "record": record,
        "rounds": sorted(rounds.items()),
        "table": standings(record.teams, list(played.values())),
        "champion": champ,
    }


@router.get("/bierpong/evenings/{evening_id}", response_class=HTMLResponse)
async def evening_page(
    request: Request, evening_id: str, service: ServiceDep, renderer: RendererDep, lang: LangDep
) -> HTMLResponse:
    model = await run_in_threadpool(evening_model, service, evening_id)
    return renderer.response("bierpong/evening.html", request, lang, e=model)


@router.post("/bierpong/evenings/{evening_id}/games")
async def start_game(
    request: Request,
    evening_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    round_no: Annotated[int, Form(alias="round", ge=1, le=64)],
    slot: Annotated[int, Form(ge=1, le=64)],
) -> Response:
    """Start the pairing's game as a table match; a second tap on the same pairing goes to its match."""

    def start() -> str:
        repo = _evenings(service)
        record = repo.get(evening_id)
        if record is None:
            raise BadInput(Text("Diesen Abend gibt es nicht.", "There is no such evening."), 404)
        model = evening_model(service, evening_id)
        pairing = next(
            (p for _, row in model["rounds"] for p in row if p["round"] == round_no and p["slot"] == slot), None
        )
        if pairing is None or pairing["a"] is None or pairing["b"] is None:
            raise BadInput(
                Text(
                    "Für diese Paarung stehen die Teams noch nicht fest (oder es ist ein Freilos).",
                    "The teams of this pairing are not known yet (or it is a bye).",
                ),
                422,
            )
        existing = repo.games(evening_id).get((round_no, slot))
        if existing is not None:
            return str(existing)
        a: Team = pairing["a"]
        b: Team = pairing["b"]
        names = [*a.players, *b.players]
        setup = {"teams": [list(range(len(a.players))), list(range(len(a.players), len(names)))]}
        title = f"{record.title}: {a.name} – {b.name}"[:80]
        snapshot = service.create(GAME, names, setup=setup, mode="table", title=title)
        if not repo.link_game(evening_id, round_no, slot, snapshot.match_id):
            return str(repo.games(evening_id)[(round_no, slot)])  # the other tap was first
        broadcaster.publish(snapshot.match_id, snapshot.seq)
        return str(snapshot.match_id)

    match_id = await run_in_threadpool(start)
    players = await run_in_threadpool(lambda: list(service.record(match_id).players))
    await link_seats(request.app, match_id, players)  # AC-1: seats refer to members (idempotent)
    return RedirectResponse(f"/m/{match_id}", status_code=303)


@router.get("/bierpong/stats", response_class=HTMLResponse)
async def statistics(request: Request, service: ServiceDep, renderer: RendererDep, lang: LangDep) -> HTMLResponse:
    facts = await run_in_threadpool(lambda: players(shared_book(service.repository).matches()))
    rows = sorted(facts.values(), key=lambda p: (-p.wins, -(p.hit_rate or 0.0), p.name.casefold()))
    return renderer.response("bierpong/stats.html", request, lang, rows=rows)
