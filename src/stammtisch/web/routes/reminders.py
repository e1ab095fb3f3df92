"""Birthday and holiday rounds on the web (issue 13.2; C-2, KA-31, RM-1 … RM-5 in docs/rulings/reminders.md).

* ``GET /reminders?day=YYYY-MM-DD`` – the reminders of the club evening on that day (default: today in
  the club) and the club's dates (holidays, founding day, ...), with the form to add one;
* ``POST /reminders/dates`` – add a club date (every year, or once); ``POST …/{date_id}/delete`` – remove it;
* ``GET /reminders/evening/{match_id}`` and ``GET /reminders/day/{day}`` – the reminder lines alone, the
  fragment an evening page loads (``{% include "reminders/slot.html" %}`` with ``match_id`` set).
Reminders are never booked (KA-31). Members' birthdays are kept on the member form (``web/routes/members``).
Who may (``web.auth.policy``): reading ``VIEW``, adding ``CREATE``, removing ``DELETE``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.reminders import Reminder, ReminderRefused, day_words, parse_club_date
from stammtisch.core.text import Text
from stammtisch.store.ledger_sync import CLUB_ZONE
from stammtisch.store.reminders import SqlReminders
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.web.deps import LangDep, RendererDep

router = APIRouter()

NO_STORE = {"Cache-Control": "no-store"}


class RemindersUnavailable(ReminderRefused):
    code = "reminders/unavailable"

    def __init__(self) -> None:
        super().__init__(
            "KA-31",
            Text(
                "Erinnerungen brauchen die Datenbank des Vereins (dieser Server läuft ohne).",
                "Reminders need the club's database (this server runs without one).",
            ),
        )


def reminders_store(request: Request) -> SqlReminders | None:
    """The reminders on the app's database; None for a server without one (tests in memory)."""
    repository = getattr(request.app.state.service, "repository", None)
    if not isinstance(repository, SqlMatchRepository):
        return None
    found = getattr(request.app.state, "reminders", None)
    if found is None:
        found = request.app.state.reminders = SqlReminders(repository.engine)
    return found


def club_today() -> date:
    return datetime.now(CLUB_ZONE).date()


def _lines(reminders: tuple[Reminder, ...], lang: str) -> list[dict[str, str]]:
    return [{"kind": r.kind.value, "text": r.text.get(lang)} for r in reminders]


async def _page(
    request: Request, renderer: RendererDep, lang: str, evening: date, status_code: int = 200, **values: Any
) -> Response:
    store = reminders_store(request)
    if store is None:
        refusal = RemindersUnavailable()
        values.update(error=refusal.text(lang), clause=refusal.clause)
        lines: list[dict[str, str]] = []
        dates: list[Any] = []
    else:
        lines = _lines(await run_in_threadpool(store.for_evening, evening), lang)
        dates = await run_in_threadpool(store.club_dates)
    values.setdefault("form", {"label": "", "day": "", "every_year": True})
    return renderer.response(
        "reminders/page.html",
        request,
        lang,
        status_code=status_code,
        headers=NO_STORE,
        evening=evening,
        evening_words=day_words(evening).get(lang),
        lines=lines,
        dates=[
            {
                "date_id": d.date_id,
                "label": d.label,
                "when": day_words(date(d.year or 2000, d.month, d.day)).get(lang) + (f" {d.year}" if d.year else ""),
                "every_year": d.year is None,
            }
            for d in dates
        ],
        **values,
    )


@router.get("/reminders", response_class=HTMLResponse)
async def reminders_page(request: Request, renderer: RendererDep, lang: LangDep, day: str = "") -> Response:
    try:
        evening = date.fromisoformat(day) if day else club_today()
    except ValueError:
        evening = club_today()
    return await _page(request, renderer, lang, evening)


@router.post("/reminders/dates")
async def add_club_date(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    label: Annotated[str, Form(max_length=200)] = "",
    day: Annotated[str, Form(max_length=20)] = "",
    every_year: Annotated[bool, Form()] = False,
) -> Response:
    store = reminders_store(request)
    try:
        if store is None:
            raise RemindersUnavailable()
        parsed = parse_club_date(label, day, every_year)
        await run_in_threadpool(store.add_club_date, *parsed)
    except ReminderRefused as error:
        form = {"label": label, "day": day, "every_year": every_year}
        return await _page(
            request, renderer, lang, club_today(), 422, error=error.text(lang), clause=error.clause, form=form
        )
    return RedirectResponse("/reminders#club-dates", status_code=303)


@router.post("/reminders/dates/{date_id}/delete")
async def remove_club_date(request: Request, date_id: int) -> Response:
    store = reminders_store(request)
    if store is not None:
        await run_in_threadpool(store.remove_club_date, date_id)
    return RedirectResponse("/reminders#club-dates", status_code=303)


async def _fragment(request: Request, renderer: RendererDep, lang: str, evening: date) -> Response:
    store = reminders_store(request)
    lines = [] if store is None else _lines(await run_in_threadpool(store.for_evening, evening), lang)
    return renderer.response("reminders/lines.html", request, lang, headers=NO_STORE, lines=lines)


@router.get("/reminders/evening/{match_id}", response_class=HTMLResponse)
async def evening_lines(request: Request, match_id: str, renderer: RendererDep, lang: LangDep) -> Response:
    """The lines for the evening a match is played on (its day in the club's time zone)."""
    record = await run_in_threadpool(request.app.state.service.record, match_id)
    return await _fragment(request, renderer, lang, record.created_at.astimezone(CLUB_ZONE).date())


@router.get("/reminders/day/{day}", response_class=HTMLResponse)
async def day_lines(request: Request, day: str, renderer: RendererDep, lang: LangDep) -> Response:
    try:
        evening = date.fromisoformat(day)
    except ValueError:
        evening = club_today()
    return await _fragment(request, renderer, lang, evening)
