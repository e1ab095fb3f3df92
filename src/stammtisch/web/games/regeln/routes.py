"""Opening a Regeln table: digital (every seat on its own phone through a secret link, bots in empty
seats, the shared table screen at ``/w/{id}``) or with the boxed game (table mode: the scribe's page
``/m/{id}``, where the app is scorepad and referee). A club that owns the box may bring its own card
file (uploaded or pasted); it is validated first (``CardFileError`` names the card, field and line)
and kept in the match's set-up, so the match replays with exactly these cards.

* ``GET /regeln/new``, ``POST /regeln`` – the form (names, seats, bot, time per vote, mode, card file);
  answers with the seat links (shown once) and the table screen's link, or redirects the scribe;
* ``POST /api/regeln`` – the same as JSON: ``{"players", "bot", "deadline_seconds", "mode", "hands", "cards",
  "title"}`` (``hands``: table mode only, ``"unknown"`` leaves the deal out, RGO-23) →
  ``{"match_id", "links": {seat: url}, "spectator": url}`` (digital) or
  ``{"match_id", "page": url}`` (table mode).
* ``GET /regeln/cards/{deck}.json`` – the texts of a card file (id → type, titles, texts, effect), named
  by the fingerprint a view carries (``view["deck"]``). Views name cards by id only, so a program fetches
  the texts once per card file; the answer never changes and may be cached for good.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.responses import JSONResponse, RedirectResponse, Response

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.cards import load_deck
from stammtisch.games.regeln.catalogue import catalogue_of
from stammtisch.games.regeln.confirmation import BY_TABLE, SETUP_KEY
from stammtisch.games.regeln.unknown_hands import DEALT, UNKNOWN
from stammtisch.games.regeln.unknown_hands import SETUP_KEY as HANDS_KEY
from stammtisch.matches.games.regeln import DECISION_TIME
from stammtisch.web.games.regeln.scribe import router as scribe_router
from stammtisch.web.kit import (
    BadInput,
    LangDep,
    Renderer,
    RendererDep,
    announce,
    link_seats,
    opened_links,
    settle_names,
    status_for,
    table_for,
)

router = APIRouter()

SLUG = "regeln"
MAX_CARD_FILE = 60_000


def _new_form(values: dict[str, Any] | None = None) -> dict[str, Any]:
    form: dict[str, Any] = {
        "title": "",
        "players": [""] * 5,
        "seats": 4,
        "bot": "heuristic",
        "deadline_seconds": None,
        "mode": "digital",
        "hands": UNKNOWN,
        "cards": "",
    }
    form.update(values or {})
    return form


def _render_form(renderer: Renderer, request: Request, lang: str, status: int = 200, **values: Any) -> Response:
    error = values.pop("error", None)
    return renderer.response(
        "regeln/new.html",
        request,
        lang,
        status_code=status,
        form=_new_form(values.pop("form", None)),
        error=_sentence(error, lang) if error is not None else None,
        clause=getattr(error, "clause", None),
        deadline_range=DECISION_TIME.bounds,
    )


def _sentence(error: RuleViolation | BadInput, lang: str) -> str:
    """The refusal as a sentence; the clause is shown beside it (the form's small rule note), not in it."""
    return error.message.get(lang)


@router.get("/regeln/new")
async def new_table(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    return _render_form(renderer, request, lang)


def _int(value: object, default: int | None) -> int | None:
    text = str(value or "").strip()
    if not text:
        return default
    if not text.isdigit():
        raise BadInput(Text(f"„{text}“ ist keine ganze Zahl.", f"'{text}' is not a whole number."), 422)
    return int(text)


def checked_cards(text: str) -> str | None:
    """The club's card file (its text) after validation, or None for the standard deck."""
    if not text.strip():
        return None
    if len(text) > MAX_CARD_FILE:
        raise BadInput(
            Text(
                f"Die Kartendatei ist zu groß ({len(text)} Zeichen; höchstens {MAX_CARD_FILE}).",
                f"The card file is too large ({len(text)} characters; at most {MAX_CARD_FILE}).",
            ),
            422,
        )
    load_deck(text)  # CardFileError: which card, which field, which line
    return text


def open_match(
    request: Request,
    names: list[str],
    *,
    mode: str,
    bot: str,
    deadline: int | None,
    cards: str | None,
    title: str,
    hands: str = DEALT,
) -> dict[str, Any]:
    """Open the match (digital: with links; table mode: the scribe's match, with the hands unknown to
    the app unless ``hands`` is "dealt", RGO-23); returns the links."""
    setup: dict[str, Any] | None = {"cards": cards} if cards is not None else None
    if not GAME.min_seats <= len(names) <= GAME.max_seats:
        raise BadInput(Text("3 bis 5 Plätze (RG-0).", "3 to 5 seats (RG-0)."), 422)
    if mode == "table":
        if not all(names):
            raise BadInput(
                Text(
                    "Mit der Schachtel braucht jeder Platz einen Namen.", "With the boxed game every seat needs a name."
                ),
                422,
            )
        if hands == UNKNOWN:
            setup = {**(setup or {}), HANDS_KEY: UNKNOWN}
        snapshot = request.app.state.service.create(SLUG, names, setup=setup, mode="table", title=title)
        return {"match_id": snapshot.match_id, "page": f"/m/{snapshot.match_id}", "snapshot": snapshot}
    # RGO-22: at the digital table reports of what people did are proposed and confirmed on the phones.
    digital = {**(setup or {}), SETUP_KEY: BY_TABLE}
    opened = table_for(request.app).open(SLUG, names, bot=bot, setup=digital, deadline_seconds=deadline, title=title)
    return {**opened_links(opened), "snapshot": opened.snapshot}


@router.post("/regeln")
async def create_table(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    data = await request.form()
    names = [str(value).strip()[:40] for value in data.getlist("player")][:5]
    upload = data.get("cards_file")
    pasted = str(data.get("cards") or "")
    values: dict[str, Any] = {
        "title": str(data.get("title") or "").strip()[:80],
        "players": names + [""] * (5 - len(names)),
        "bot": str(data.get("bot") or "heuristic"),
        "mode": "table" if data.get("mode") == "table" else "digital",
        "hands": UNKNOWN if data.get("hands") == UNKNOWN else DEALT,
        "cards": pasted[:MAX_CARD_FILE],
    }
    try:
        seats = _int(data.get("seats"), 4) or 4
        deadline = _int(data.get("deadline_seconds"), None)
        values.update(seats=seats, deadline_seconds=deadline)
        text = pasted
        if isinstance(upload, UploadFile) and upload.filename:
            raw = await upload.read(MAX_CARD_FILE + 1)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise BadInput(
                    Text("Die Kartendatei ist kein UTF-8-Text.", "The card file is not UTF-8 text."), 422
                ) from None
            values["cards"] = text[:MAX_CARD_FILE]
        cards = checked_cards(text)
        chosen = names[:seats] + [""] * (seats - len(names[:seats]))
        await settle_names(request, chosen)  # AC-1: guest or member?
        opened = await run_in_threadpool(
            lambda: open_match(
                request,
                chosen,
                mode=values["mode"],
                bot=values["bot"],
                deadline=deadline,
                cards=cards,
                title=values["title"] or "Das Regeln Wir Schon!",
                hands=values["hands"],
            )
        )
    except (RuleViolation, BadInput) as error:
        status = error.status_code if isinstance(error, BadInput) else status_for(error)
        return _render_form(renderer, request, lang, status, form=values, error=error)
    await link_seats(request.app, opened["snapshot"].match_id, chosen)  # AC-1: people (bots' seats stay empty)
    announce(request.app, opened.pop("snapshot"))
    if "page" in opened:
        return RedirectResponse(opened["page"], status_code=303)
    return renderer.response("regeln/links.html", request, lang, links=opened, headers={"Cache-Control": "no-store"})


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[Annotated[str, Field(max_length=40)]] = Field(min_length=3, max_length=5)
    bot: str = "heuristic"
    deadline_seconds: StrictInt | None = None
    mode: Literal["digital", "table"] = "digital"
    #: Table mode only (RGO-23): "unknown" leaves the deal out; "dealt" (the default) enters it.
    hands: Literal["dealt", "unknown"] = "dealt"
    cards: str | None = Field(default=None, max_length=MAX_CARD_FILE)
    title: str = Field(default="", max_length=80)


@router.post("/api/regeln", status_code=201)
async def create_table_json(request: Request, body: NewTable) -> JSONResponse:
    cards = checked_cards(body.cards or "")
    opened = await run_in_threadpool(
        lambda: open_match(
            request,
            [name.strip() for name in body.players],
            mode=body.mode,
            bot=body.bot,
            deadline=body.deadline_seconds,
            cards=cards,
            title=body.title or "Das Regeln Wir Schon!",
            hands=body.hands,
        )
    )
    await link_seats(request.app, opened["snapshot"].match_id, [name.strip() for name in body.players])  # AC-1
    announce(request.app, opened.pop("snapshot"))
    return JSONResponse(opened, status_code=201)


#: A card file's texts never change under its fingerprint: browsers and programs may keep them for good.
FOREVER = "public, max-age=31536000, immutable"


class UnknownCardFile(BadInput):
    """A fingerprint no view of this server has named (or one it has forgotten)."""

    code = "regeln/unknown_card_file"

    def __init__(self, deck: str) -> None:
        super().__init__(
            Text(
                f"Die Kartendatei {deck!r} kennt dieser Server nicht. Lies den Tisch neu; er nennt seine Kartendatei.",
                f"This server does not know the card file {deck!r}. Read the table again; it names its card file.",
            ),
            404,
        )


@router.get("/regeln/cards/{deck}.json")
async def card_texts(deck: str) -> JSONResponse:
    """The texts of the card file ``deck`` (the fingerprint in ``view["deck"]``)."""
    texts = catalogue_of(deck)
    if texts is None:
        raise UnknownCardFile(deck[:32])
    return JSONResponse(texts, headers={"Cache-Control": FOREVER})


# The scribe's board of table mode (every seat's steps on the "everybody" page): its own module.
router.include_router(scribe_router)
