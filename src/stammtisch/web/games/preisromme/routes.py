"""Opening a digital Preisrommé table: every seat on its own phone through its own secret link,
bots in empty seats. The table's pages themselves are the generic ones (``web.routes.tables``:
``/p/{token}`` exchanged for the seat cookie, ``/seat/{match_id}``, the spectator's ``/w/{match_id}``).

* ``GET /preisromme/new``, ``POST /preisromme`` – names per seat (an empty seat gets a bot), bot
  kind, games, knock window length; answers with the seat links (shown once) and the spectator link;
* ``POST /api/preisromme`` – the same as JSON: ``{"players", "bot", "knock_window_seconds",
  "games_per_pass", "cards_per_player", "title"}`` → ``{"match_id", "links": {seat: url}, "spectator": url}``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.games.preisromme import KNOCK_WINDOW
from stammtisch.matches.tables import OpenedTable
from stammtisch.web.kit import (
    BadInput,
    LangDep,
    RendererDep,
    announce,
    duplicate_warning,
    link_seats,
    opened_links,
    settle_names,
    status_for,
    table_for,
)

router = APIRouter()

SLUG = "preisromme"
MAX_SEATS = 6
KNOCK_WINDOW_SECONDS = KNOCK_WINDOW.default or 20
KNOCK_WINDOW_RANGE = KNOCK_WINDOW.bounds


def _new_form(values: dict[str, Any] | None = None) -> dict[str, Any]:
    form = {
        "title": "",
        "players": ["", "", "", ""] + [""] * (MAX_SEATS - 4),
        "seats": 4,
        "bot": "heuristic",
        "knock_window_seconds": KNOCK_WINDOW_SECONDS,
        "games_per_pass": 8,
    }
    form.update(values or {})
    return form


@router.get("/preisromme/new")
async def new_table(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    return renderer.response(
        "preisromme/new.html", request, lang, form=_new_form(), error=None, window_range=KNOCK_WINDOW_RANGE
    )


def _int(value: object, default: int) -> int:
    text = str(value or "").strip()
    if not text:
        return default
    if not text.isdigit():
        raise BadInput(Text(f"{text!r} ist keine ganze Zahl.", f"{text!r} is not a whole number."), 422)
    return int(text)


@router.post("/preisromme")
async def create_table(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    data = await request.form()
    names = [str(value).strip()[:40] for value in data.getlist("player")][:MAX_SEATS]
    values: dict[str, Any] = {
        "title": str(data.get("title") or "").strip()[:80],
        "players": names + [""] * (MAX_SEATS - len(names)),
        "seats": 0,
        "bot": str(data.get("bot") or "heuristic"),
    }
    try:
        seats = _int(data.get("seats"), 4)
        knock = _int(data.get("knock_window_seconds"), KNOCK_WINDOW_SECONDS)
        games = _int(data.get("games_per_pass"), 8)
        values.update(seats=seats, knock_window_seconds=knock, games_per_pass=games)
        if not 2 <= seats <= MAX_SEATS:
            raise BadInput(
                Text(
                    "Ein Tisch hat 2 bis 6 Plätze; gib eine Zahl von 2 bis 6 ein.",
                    "A table has 2 to 6 seats; enter a number from 2 to 6.",
                ),
                422,
            )
        warning = duplicate_warning(names[:seats])
        if warning is not None:
            raise BadInput(warning, 422)
        await settle_names(request, names[:seats])  # AC-1: guest or member?
        opened = await run_in_threadpool(
            lambda: table_for(request.app).open(
                SLUG,
                names[:seats] + [""] * (seats - len(names[:seats])),
                bot=values["bot"],
                options={"games_per_pass": games},
                deadline_seconds=knock,
                title=values["title"] or "Preisrommé",
            )
        )
    except (RuleViolation, BadInput) as error:
        status = error.status_code if isinstance(error, BadInput) else status_for(error)
        return renderer.response(
            "preisromme/new.html",
            request,
            lang,
            status_code=status,
            form=_new_form(values),
            error=error.text(lang),
            window_range=KNOCK_WINDOW_RANGE,
        )
    announce(request.app, opened.snapshot)
    await link_seats(request.app, opened.snapshot.match_id, _people(opened))  # AC-1: people, not bots
    return renderer.response(
        "preisromme/links.html", request, lang, links=opened_links(opened), headers={"Cache-Control": "no-store"}
    )


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[Annotated[str, Field(max_length=40)]] = Field(min_length=2, max_length=MAX_SEATS)
    bot: str = "heuristic"
    knock_window_seconds: StrictInt = KNOCK_WINDOW_SECONDS
    games_per_pass: StrictInt = Field(default=8, ge=1, le=16)
    cards_per_player: StrictInt = Field(default=13, ge=5, le=15)
    title: str = Field(default="", max_length=80)


@router.post("/api/preisromme", status_code=201)
async def create_table_json(request: Request, body: NewTable) -> JSONResponse:
    options = {"games_per_pass": body.games_per_pass, "cards_per_player": body.cards_per_player}
    opened = await run_in_threadpool(
        lambda: table_for(request.app).open(
            SLUG,
            body.players,
            bot=body.bot,
            options=options,
            deadline_seconds=body.knock_window_seconds,
            title=body.title or "Preisrommé",
        )
    )
    announce(request.app, opened.snapshot)
    await link_seats(request.app, opened.snapshot.match_id, _people(opened))  # AC-1: people, not bots
    return JSONResponse(opened_links(opened), status_code=201)


def _people(opened: OpenedTable) -> list[str]:
    """The names of the seats people hold (a bot's seat stays unlinked)."""
    return [name if seat in opened.tokens else "" for seat, name in enumerate(opened.snapshot.players)]
