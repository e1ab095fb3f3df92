"""The club's season start on the web (issue 13.4; SE-1 … SE-4 in docs/bank.md):

* ``GET /bank/season/start`` – the start in force, the running season, a change already decided and
  when it takes effect (with the short season it makes), the history of changes, and the form;
* ``POST /bank/season/start`` (``day``, ``month``) – set the start: from the next season on (SE-2); a
  bad date (31 February, 29 February) or a change that would move a closed season (SE-3) is refused in
  German and English with its clause as data, and nothing is written.

Under ``/bank…``, so it needs ``MONEY`` (admin, treasurer; docs/access.md): the season is the bank's
year, kept by the treasurer.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from babel.dates import format_date
from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.bank.errors import BankRefusal
from stammtisch.club.bank.season import SINCE_EVER, Season, SeasonCalendar, parse_start, start_on_day
from stammtisch.club.settings import SEASON_START
from stammtisch.store.ledger_sync import CLUB_ZONE, EveningBooker
from stammtisch.store.settings import SqlSettings
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.routes import bank

router = APIRouter()

Small = Annotated[str, Form(max_length=20)]


def start_words(start: tuple[int, int], lang: str) -> str:
    """(8, 1) -> "1. August" / "1 August"."""
    return str(format_date(date(2001, *start), "d. MMMM" if lang == "de" else "d MMMM", locale=lang))


def day_text(day: date, lang: str) -> str:
    return day.strftime("%d.%m.%Y") if lang == "de" else day.isoformat()


def _state(booker: EveningBooker, lang: str) -> dict[str, Any]:
    settings = SqlSettings(booker.ledger.engine)
    seasons: SeasonCalendar = settings.season_calendar()
    today = bank._today()
    running = seasons.season_of(today)
    pending = seasons.pending(today)
    short: Season | None = None
    if pending is not None:
        short = seasons.season_of(pending.effective)
        if short.start.month == pending.start[0] and short.start.day == pending.start[1]:
            short = None  # the new start follows the running season at once: no short season
    names = {m.member_id: m.name for m in booker.club.members()}
    history = [
        {
            "effective": None if v.effective == SINCE_EVER else day_text(v.effective, lang),
            "start": start_words(parse_start(v.value), lang),
            "changed_at": day_text(v.changed_at.astimezone(CLUB_ZONE).date(), lang),
            "by": names.get(v.changed_by) if v.changed_by is not None else None,
        }
        for v in settings.values(SEASON_START)
    ]
    in_force = seasons.start_on(today)
    return {
        "start_now": start_words(in_force, lang),
        "running": running,
        "running_from": day_text(running.start, lang),
        "running_to": day_text(running.end, lang),
        "pending": None
        if pending is None
        else {"from": day_text(pending.effective, lang), "start": start_words(pending.start, lang)},
        "short": None
        if short is None
        else {"label": short.label, "from": day_text(short.start, lang), "to": day_text(short.end, lang)},
        "history": history,
        "chosen": seasons.latest_start,
        "months": [(m, str(format_date(date(2001, m, 1), "MMMM", locale=lang))) for m in range(1, 13)],
    }


async def _page(request: Request, renderer: RendererDep, lang: str, status_code: int = 200, **values: Any) -> Response:
    booker = bank._booker(request)
    data = await run_in_threadpool(_state, booker, lang)
    if "form" in values:
        data["chosen"] = values.pop("form")
    return renderer.response(
        "settings/season_start.html", request, lang, status_code=status_code, headers=bank.NO_STORE, **data, **values
    )


@router.get("/bank/season/start", response_class=HTMLResponse)
async def season_start_page(request: Request, renderer: RendererDep, lang: LangDep, done: str = "") -> Response:
    return await _page(request, renderer, lang, done=done)


@router.post("/bank/season/start")
async def set_season_start(
    request: Request, renderer: RendererDep, lang: LangDep, day: Small = "", month: Small = ""
) -> Response:
    booker = bank._booker(request)
    account = request.state.account

    def change() -> None:
        try:
            picked = (int(month), int(day))
        except ValueError:  # not numbers at all (the form sends numbers): the typed form's refusal
            picked = parse_start(f"{month}-{day}")
        start = start_on_day(*picked)
        SqlSettings(booker.ledger.engine).set_season_start(
            start, bank._today(), bank._now(), account.member_id if account else None
        )

    try:
        await run_in_threadpool(change)
    except BankRefusal as error:
        form = _form_value(month, day)
        return await _page(request, renderer, lang, 422, form=form, **bank._refused(error, lang))
    return RedirectResponse("/bank/season/start?done=1", status_code=303)


def _form_value(month: str, day: str) -> tuple[int, int]:
    """What the form showed, to show it again after a refusal (1 January if it was no number at all)."""
    try:
        return (int(month), int(day))
    except ValueError:
        return (1, 1)
