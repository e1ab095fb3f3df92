"""The club's bank on the web (issue 13; KA-30, KA-32, KA-33; access in docs/access.md):

* ``GET /bank`` – the treasurer's page: record a payment, book the attendance fines of a dice day,
  every member's balance, the evenings that could not be booked and why;
* ``POST /bank/payments`` – cash paid in, a pay-out, the bank's spending (C-6.1);
* ``POST /bank/fines`` – the attendance fines of one dice day (C-1, KA-30);
* ``GET /bank/members/{member_id}`` – one member's bookings; ``POST /bank/bookings/{id}/reverse`` – a
  correction (a reversing booking with a reason); ``POST /bank/evenings/{match_id}/rebook``;
* ``GET /bank/season`` – the season report (phone; ``?print=1``: A4), ``/bank/season.csv`` and
  ``/bank/ledger.csv``; ``POST /bank/season/close``;
* ``GET /me/bank`` – a signed-in member's own balance and bookings.
``/bank…`` needs ``MONEY`` (admin, treasurer); ``/me/bank`` ``VIEW`` (``web.auth.policy``).
Every refusal is bilingual with its clause as data; nothing is written on a refusal.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import UTC, date, datetime, time
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.bank.attendance import Attendance, fine, parse_window
from stammtisch.club.bank.errors import BankRefusal, BookingRefused, UnknownMember
from stammtisch.club.bank.export import ledger_csv_rows, season_csv_rows
from stammtisch.club.bank.ledger import check_cents, parse_euros
from stammtisch.club.bank.model import MANUAL, Booking, Reason, booking, reason_text
from stammtisch.club.bank.report import report_from_totals
from stammtisch.club.bank.season import Season, SeasonCalendar
from stammtisch.club.members.model import Kind, Member
from stammtisch.club.spreadsheet import write_rows
from stammtisch.core.text import Text
from stammtisch.store.ledger_sync import CLUB_ZONE, SLUG, BookingNotifier, EveningBooker
from stammtisch.store.ledger_totals import book_totals, season_totals
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.settings import SqlSettings
from stammtisch.web.deps import LangDep, RendererDep

router = APIRouter()

Small = Annotated[str, Form(max_length=200)]

NO_STORE = {"Cache-Control": "no-store"}


class BankUnavailable(BankRefusal):
    code = "bank/unavailable"

    def __init__(self) -> None:
        super().__init__(
            "KA-33",
            Text(
                "Die Kasse braucht die Datenbank des Vereins (dieser Server läuft ohne).",
                "The bank needs the club's database (this server runs without one).",
            ),
        )


def install(app: FastAPI) -> None:
    """Books Klümpchen evenings as they close: wraps the match service's notifier (one line in app.py)."""
    service = app.state.service
    repository = getattr(service, "repository", None)
    if not isinstance(repository, SqlMatchRepository):
        app.state.bank = None
        return
    booker = EveningBooker(service, repository.engine)
    service.notifier = BookingNotifier(booker, service.notifier)
    app.state.bank = booker


def _booker(request: Request) -> EveningBooker:
    booker: EveningBooker | None = getattr(request.app.state, "bank", None)
    if booker is None:
        raise BankUnavailable()
    return booker


def _today() -> date:
    return datetime.now(UTC).astimezone(CLUB_ZONE).date()


def calendar(booker: EveningBooker) -> SeasonCalendar:
    """The club's season starts over time (SE-1): every season on these pages comes from it."""
    return SqlSettings(booker.ledger.engine).season_calendar()


def _now() -> datetime:
    return datetime.now(UTC)


def _parse_day(text: str) -> date:
    try:
        return date.fromisoformat(text.strip()) if text.strip() else _today()
    except ValueError:
        raise BookingRefused(
            "KA-32",
            Text(
                f"Datum {text!r} geht nicht: erwartet wird ein Tag wie 2026-05-08.",
                f"Date {text!r} is not allowed: give a day like 2026-05-08.",
            ),
        ) from None


def _member_id(text: str, members: dict[int, Member]) -> int:
    try:
        member_id = int(text)
    except ValueError:
        raise UnknownMember(repr(text)) from None
    if member_id not in members:
        raise UnknownMember(member_id)
    return member_id


def _rows(bookings: Sequence[Booking], members: dict[int, Member], lang: str) -> list[dict[str, Any]]:
    reversed_ids = {b.reverses for b in bookings if b.reverses is not None}
    return [
        {
            "b": b,
            "who": members[b.member_id].name if b.member_id in members else Text("Kasse", "the bank").get(lang),
            "reason": reason_text(b.reason).get(lang),
            "reversed": b.booking_id in reversed_ids,
            "by": members[b.booked_by].name if b.booked_by in members else "",  # who corrected (KA-33)
        }
        for b in reversed(bookings)
    ]


# --- the treasurer's page ---------------------------------------------------------------------------
def _overview(booker: EveningBooker) -> dict[str, Any]:
    problems = booker.sync_all()
    members = {m.member_id: m for m in booker.club.members()}
    # The book's sums from the database and its newest lines (issue 28.1), not every booking.
    owed, in_box, bank_side = book_totals(booker.ledger.engine)
    season = calendar(booker).season_of(_today())
    return {
        "members": sorted(members.values(), key=lambda m: m.name.casefold()),
        "balances": owed,
        "cash": in_box,
        "bank_balance": bank_side,
        "problems": problems,
        "season": season,
        "recent": booker.ledger.latest_bookings(10),
        "names": members,
    }


async def _bank_page(
    request: Request, renderer: RendererDep, lang: str, status_code: int = 200, **values: Any
) -> Response:
    booker = _booker(request)
    data = await run_in_threadpool(_overview, booker)
    values.setdefault("form", {"member": "", "reason": "cash_in", "amount": "", "day": "", "note": ""})
    return renderer.response(
        "bank/overview.html",
        request,
        lang,
        status_code=status_code,
        headers=NO_STORE,
        today=_today().isoformat(),
        manual=[(r.value, reason_text(r).get(lang)) for r in MANUAL],
        recent=_rows(data.pop("recent"), data["names"], lang),
        **data,
        **values,
    )


def _refused(error: BankRefusal, lang: str) -> dict[str, Any]:
    # The bank's clauses (C-…, KA-…) are the dice game's club rulings: the rule link opens that game's rules.
    return {"error": error.text(lang), "clause": error.clause, "rules_href": f"/rules/{SLUG}"}


@router.get("/bank", response_class=HTMLResponse)
async def bank_page(request: Request, renderer: RendererDep, lang: LangDep, done: str = "") -> Response:
    return await _bank_page(request, renderer, lang, done=done)


@router.post("/bank/payments")
async def record_payment(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    member: Small = "",
    reason: Small = "cash_in",
    amount: Small = "",
    day: Small = "",
    note: Small = "",
) -> Response:
    booker = _booker(request)
    account = request.state.account
    form = {"member": member, "reason": reason, "amount": amount, "day": day, "note": note}

    def record() -> None:
        try:
            chosen = Reason(reason)
        except ValueError:
            chosen = None
        if chosen not in MANUAL:
            raise BookingRefused(
                "KA-33",
                Text(
                    "Diese Art Buchung geht hier nicht: erlaubt sind Bareinzahlung, Auszahlung und Ausgabe der Kasse.",
                    "This kind of booking is not allowed here: choose cash paid in, paid out or the bank's spending.",
                ),
            )
        assert chosen is not None
        cents = parse_euros(amount)
        on = _parse_day(day)
        members = {m.member_id: m for m in booker.club.members()}
        who = None if chosen is Reason.SPENDING else _member_id(member, members)
        if chosen is Reason.SPENDING and not note.strip():
            raise BookingRefused(
                "C-6.1",
                Text(
                    "Eine Ausgabe der Kasse braucht einen Zweck (z. B. „Würfeltour 2026“).",
                    "The bank's spending needs a purpose (e.g. “dice tour 2026”).",
                ),
            )
        booker.ledger.append(
            [booking(who, chosen, cents, on, _now(), booked_by=account.member_id if account else None, note=note)]
        )

    try:
        await run_in_threadpool(record)
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 422, form=form, **_refused(error, lang))
    return RedirectResponse("/bank?done=payment", status_code=303)


_MARKS = ("full", "late", "absent", "excused")


@router.post("/bank/fines")
async def book_fines(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    booker = _booker(request)
    form = await request.form()
    account = request.state.account

    def book() -> int:
        on = _parse_day(str(form.get("day", "")))
        window = parse_window(str(form.get("window", "20:00-22:00")))
        members = {m.member_id: m for m in booker.club.members(include_inactive=False)}
        lines: list[Booking] = []
        for member in members.values():
            mark = str(form.get(f"mark-{member.member_id}", "full"))
            if mark not in _MARKS:
                raise BookingRefused(
                    "KA-30",
                    Text(
                        f"Anwesenheit {mark!r} für {member.name} gibt es nicht: erlaubt sind ganz da, zu spät, "
                        "gefehlt, entschuldigt.",
                        f"Attendance {mark!r} for {member.name} does not exist: choose whole window, late, "
                        "absent or excused.",
                    ),
                )
            marked = Attendance(
                member.member_id,
                present=mark != "absent",
                arrived=time(23, 59) if mark == "late" else None,
                excused=mark == "excused",
                external=member.kind is Kind.EXTERNAL,
            )
            due = fine(marked, window, check_cents(300), check_cents(800))
            if due is not None:
                reason, cents = due
                lines.append(
                    booking(
                        member.member_id,
                        reason,
                        cents,
                        on,
                        _now(),
                        booked_by=account.member_id if account else None,
                        note=str(form.get("note", ""))[:200],
                    )
                )
        booker.ledger.append(lines)
        return len(lines)

    try:
        await run_in_threadpool(book)
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 422, **_refused(error, lang))
    return RedirectResponse("/bank?done=fines", status_code=303)


# --- one member, corrections ------------------------------------------------------------------------
async def _member_page(
    request: Request, renderer: RendererDep, lang: str, member_id: int, template: str, **values: Any
) -> Response:
    booker = _booker(request)

    def load() -> dict[str, Any]:
        members = {m.member_id: m for m in booker.club.members()}
        if member_id not in members:
            raise UnknownMember(member_id)
        book = booker.ledger.bookings(member_id)
        return {
            "member": members[member_id],
            "balance": sum(b.member_cents for b in book),
            "rows": _rows(book, members, lang),
        }

    try:
        data = await run_in_threadpool(load)
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 404, **_refused(error, lang))
    return renderer.response(template, request, lang, headers=NO_STORE, **data, **values)


@router.get("/bank/members/{member_id}", response_class=HTMLResponse)
async def member_bookings(request: Request, member_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    return await _member_page(request, renderer, lang, member_id, "bank/member.html", treasurer=True)


@router.get("/me/bank", response_class=HTMLResponse)
async def my_bookings(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    account = request.state.account
    return await _member_page(request, renderer, lang, account.member_id, "bank/member.html", treasurer=False)


@router.post("/bank/bookings/{booking_id}/reverse")
async def reverse_booking(
    request: Request, booking_id: int, renderer: RendererDep, lang: LangDep, note: Small = "", member: Small = ""
) -> Response:
    booker = _booker(request)
    account = request.state.account

    def reverse() -> Booking:
        return booker.ledger.reverse(booking_id, note, account.member_id if account else None, _now(), _today())

    try:
        fix = await run_in_threadpool(reverse)
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 422, **_refused(error, lang))
    target = f"/bank/members/{fix.member_id}" if fix.member_id is not None else "/bank"
    return RedirectResponse(target, status_code=303)


@router.post("/bank/evenings/{match_id}/rebook")
async def rebook_evening(
    request: Request, match_id: str, renderer: RendererDep, lang: LangDep, note: Small = ""
) -> Response:
    booker = _booker(request)
    account = request.state.account
    try:
        await run_in_threadpool(
            booker.rebook, match_id, account.member_id if account else None, note or "neu gebucht / re-booked"
        )
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 422, **_refused(error, lang))
    return RedirectResponse("/bank?done=rebooked", status_code=303)


# --- the season ---------------------------------------------------------------------------------------
def _season(booker: EveningBooker, start: str) -> Season:
    """The season of the day ``start`` (any day in it; empty: today) under the club's calendar."""
    return calendar(booker).season_of(_parse_day(start) if start.strip() else _today())


def _report(booker: EveningBooker, season: Season) -> dict[str, Any]:
    booker.sync_all()
    seasons = calendar(booker)
    figures = booker.figures(season.start, season.end)
    # The book's sums from the database (issue 28.1), the same figures as season_report over every booking.
    report = report_from_totals(season, season_totals(booker.ledger.engine, season), figures=figures)
    members = {m.member_id: m for m in booker.club.members()}
    closed = any(s.start == season.start for s in booker.ledger.closed_seasons())
    return {
        "report": report,
        "figures": figures,
        "names": members,
        "closed": closed,
        "previous_season": seasons.previous(season),
        "next_season": seasons.next(season),
    }


@router.get("/bank/season", response_class=HTMLResponse)
async def season_page(
    request: Request, renderer: RendererDep, lang: LangDep, start: str = "", print: str = ""
) -> Response:
    booker = _booker(request)
    try:
        season = await run_in_threadpool(_season, booker, start)
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 422, **_refused(error, lang))
    data = await run_in_threadpool(_report, booker, season)
    return renderer.response(
        "bank/season_print.html" if print else "bank/season.html",
        request,
        lang,
        headers=NO_STORE,
        season=season,
        reason_text=lambda r: reason_text(r).get(lang),
        **data,
    )


@router.post("/bank/season/close")
async def close_season(request: Request, renderer: RendererDep, lang: LangDep, start: Small = "") -> Response:
    booker = _booker(request)
    account = request.state.account
    try:
        season = await run_in_threadpool(_season, booker, start)
        if season.end >= _today():
            raise BookingRefused(
                "KA-32",
                Text(
                    f"Die Saison {season.label} läuft noch bis {season.end:%d.%m.%Y}: abgeschlossen wird sie danach.",
                    f"The season {season.label} runs until {season.end:%Y-%m-%d}: it is closed after that.",
                ),
            )
        await run_in_threadpool(booker.ledger.close_season, season, account.member_id if account else None, _now())
    except BankRefusal as error:
        return await _bank_page(request, renderer, lang, 422, **_refused(error, lang))
    return RedirectResponse(f"/bank/season?start={season.start.isoformat()}", status_code=303)


def _csv(rows: list[list[Any]], filename: str) -> Response:
    out = io.StringIO()
    write_rows(out, rows)  # formula-looking cells neutralised (club.spreadsheet)
    return Response(
        out.getvalue().encode("utf-8-sig"),  # the BOM: spreadsheets then read the umlauts right
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', **NO_STORE},
    )


@router.get("/bank/season.csv")
async def season_csv(request: Request, start: str = "") -> Response:
    booker = _booker(request)
    season = await run_in_threadpool(_season, booker, start)
    data = await run_in_threadpool(_report, booker, season)
    return _csv(season_csv_rows(data), f"season-{season.start.isoformat()}.csv")


@router.get("/bank/ledger.csv")
async def ledger_csv(request: Request, start: str = "") -> Response:
    booker = _booker(request)
    season = await run_in_threadpool(_season, booker, start)
    book = await run_in_threadpool(booker.ledger.bookings)
    in_season = [b for b in book if b.on in season]
    return _csv(ledger_csv_rows(in_season), f"ledger-{season.start.isoformat()}.csv")
