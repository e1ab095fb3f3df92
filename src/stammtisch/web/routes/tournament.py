"""Preisrommé tournament pages: create and register, the seat and table draw with its audit data,
each table's score sheet (a phone page for the Schreiber at seat 1, live on the other phones), the
standings with the prize ranking, changing players between passes (PT-7), and archiving a tournament
instead of deleting it, with the list of archived ones and their restore buttons (PT-9).

Page texts come from the Babel catalogs like the rest of the app (``_()`` in the templates, English
message ids, German in web/locale/de). Refusals (``RuleViolation``) are shown on the page they came
from, with their clause, in the reader's language; malformed input is 4xx through the app's error
handlers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Protocol, runtime_checkable

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.tournament import TournamentNotFound, TournamentService
from stammtisch.club.tournament.draw import rng_key
from stammtisch.club.tournament.options import DEFAULT_SCORING, SCORINGS
from stammtisch.club.tournament.port import default_game
from stammtisch.club.tournament.service import change_text
from stammtisch.club.tournament.standings import TIE_BREAKS
from stammtisch.club.tournament.tables import GAMES_PER_PASS, check_tables, dealer_seat, table_sizes
from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches import audit
from stammtisch.matches.errors import MatchNotFound
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import GAME as SHEET_GAME
from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.web.correction import last_reason
from stammtisch.web.deps import BroadcasterDep, LangDep, ServiceDep, get_renderer
from stammtisch.web.errors import BadInput, status_for
from stammtisch.web.tournament_sheet import present_sheet
from stammtisch.web.tournament_sheet_entry import refused_entry, typed_absent, typed_entry

router = APIRouter()

SeqField = Annotated[int, Form(ge=0)]


def tournaments_of(request: Request) -> TournamentService:
    """The app's tournament service, on the same database as its match service (built on first use)."""
    state = request.app.state
    found = getattr(state, "tournaments", None)
    if found is None:
        found = state.tournaments = tournament_service(state.service)
    return found


def _page(request: Request, lang: str, name: str, status_code: int = 200, **values: Any) -> HTMLResponse:
    renderer = get_renderer(request)
    return renderer.response(name, request, lang, status_code=status_code, **values)


def _flag(value: str, what: Text) -> bool:
    """A yes/no form field: empty, ``false``, ``0``, ``off``, ``no`` or ``true``, ``1``, ``on``, ``yes``."""
    text = value.strip().lower()
    if text in ("", "false", "0", "off", "no"):
        return False
    if text in ("true", "1", "on", "yes"):
        return True
    raise BadInput(Text(f"{what.de}: ja oder nein (true/false).", f"{what.en}: yes or no (true/false)."))


def _not_found(error: TournamentNotFound | MatchNotFound) -> BadInput:
    return BadInput(error.message if isinstance(error, TournamentNotFound) else _no_sheet(), 404)


def _no_sheet() -> Text:
    return Text("Diesen Schreibzettel gibt es nicht.", "There is no such score sheet.")


# --- list and create ------------------------------------------------------------------------------


@router.get("/tournaments", response_class=HTMLResponse)
async def tournaments_page(request: Request, lang: LangDep) -> Response:
    service = tournaments_of(request)
    records = await run_in_threadpool(service.list_tournaments, 50)
    return _page(
        request,
        lang,
        "tournament/list.html",
        records=records,
        tie_breaks=TIE_BREAKS,
        scorings=SCORINGS,
        error=None,
        archived=request.query_params.get("archived") == "1",
    )


@router.post("/tournaments")
async def create_tournament(
    request: Request,
    lang: LangDep,
    title: Annotated[str, Form(max_length=200)] = "",
    tie_break: Annotated[list[str] | None, Form()] = None,
    prizes: Annotated[str, Form(max_length=5000)] = "",
    scoring: Annotated[str, Form(max_length=40)] = DEFAULT_SCORING,
    normalise_table_size: Annotated[str, Form(max_length=10)] = "",
    tables: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    service = tournaments_of(request)
    normalise = _flag(normalise_table_size, Text("normalise_table_size", "normalise_table_size"))
    try:
        venue = _venue_tables(tables)
        record = await run_in_threadpool(
            service.create, title, tie_break or [], prizes.splitlines(), scoring.strip(), normalise, venue
        )
    except RuleViolation as error:
        records = await run_in_threadpool(service.list_tournaments, 50)
        return _page(
            request,
            lang,
            "tournament/list.html",
            status_code=status_for(error),
            records=records,
            tie_breaks=TIE_BREAKS,
            scorings=SCORINGS,
            error=error.text(lang),
        )
    return RedirectResponse(f"/t/{record.tournament_id}", status_code=303)


def _venue_tables(raw: str) -> int | None:
    """PT-11: the form's number of tables (empty: as many as needed); anything else is refused in words."""
    text = raw.strip()
    if not text:
        return None
    return check_tables(int(text) if text.isdigit() else text)  # type: ignore[arg-type]


# --- one tournament -------------------------------------------------------------------------------


async def _overview_page(
    request: Request, lang: str, tournament_id: str, error: RuleViolation | None = None, entered: str = ""
) -> HTMLResponse:
    service = tournaments_of(request)
    try:
        overview = await run_in_threadpool(service.overview, tournament_id)
    except (TournamentNotFound, MatchNotFound) as missing:
        raise _not_found(missing) from None
    upcoming = overview.pool(overview.next_pass) if overview.next_pass else ()
    try:
        sizes = table_sizes(len(upcoming), overview.record.tables) if len(upcoming) >= 3 else ()
    except RuleViolation:  # more players than the tables seat: the draw says so when asked
        sizes = ()
    return _page(
        request,
        lang,
        "tournament/show.html",
        status_code=status_for(error) if error is not None else 200,
        o=overview,
        sizes=sizes,
        rng_key=rng_key,
        change_text=change_text,
        error=error.text(lang) if error is not None else None,
        entered=entered,
    )


@router.get("/t/{tournament_id}", response_class=HTMLResponse)
async def tournament_page(request: Request, tournament_id: str, lang: LangDep) -> Response:
    return await _overview_page(request, lang, tournament_id)


@router.post("/t/{tournament_id}/players")
async def register_player(
    request: Request, tournament_id: str, lang: LangDep, name: Annotated[str, Form(max_length=15_000)] = ""
) -> Response:
    """Register players: one name, or several, one a line, all together or none (PT-5)."""
    service = tournaments_of(request)
    names = [line for line in name.splitlines() if line.strip()] or [name]
    try:
        await run_in_threadpool(service.register_many, tournament_id, names)
    except TournamentNotFound as missing:
        raise _not_found(missing) from None
    except RuleViolation as error:  # the typed names stay in the box (nothing lost)
        return await _overview_page(request, lang, tournament_id, error, entered=name)
    return RedirectResponse(f"/t/{tournament_id}", status_code=303)


@router.post("/t/{tournament_id}/draw")
async def draw_pass(
    request: Request,
    tournament_id: str,
    lang: LangDep,
    pass_no: Annotated[int, Form(ge=1, le=99)],
    seed: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """R-1.3: draw tables and seats for a pass (an empty seed: the app draws one)."""
    service = tournaments_of(request)
    try:
        await run_in_threadpool(service.draw, tournament_id, pass_no, seed if seed.strip() else None)
    except TournamentNotFound as missing:
        raise _not_found(missing) from None
    except RuleViolation as error:
        return await _overview_page(request, lang, tournament_id, error)
    return RedirectResponse(f"/t/{tournament_id}#pass-{pass_no}", status_code=303)


def _leaving_field(value: str) -> int | None:
    """PT-7: the leaving player's registration number from the form ('' : nobody leaves)."""
    text = value.strip()
    if not text:
        return None
    if text.isdigit() and len(text) <= 6:
        return int(text)
    raise BadInput(
        Text(
            "Wer geht? Bitte eine Spielerin aus der Liste wählen (Anmeldenummer).",
            "Who leaves? Please choose a player from the list (registration number).",
        )
    )


@router.post("/t/{tournament_id}/change")
async def change_players(
    request: Request,
    tournament_id: str,
    lang: LangDep,
    leaving: Annotated[str, Form(max_length=20)] = "",
    joining: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """PT-7: between two draws a player leaves, a newcomer joins, or a newcomer replaces a leaver
    (both fields); refused with nothing written while a pass is drawn and running."""
    service = tournaments_of(request)
    who = _leaving_field(leaving)
    name = joining if joining.strip() else None
    try:
        await run_in_threadpool(service.change, tournament_id, who, name)
    except TournamentNotFound as missing:
        raise _not_found(missing) from None
    except RuleViolation as error:
        return await _overview_page(request, lang, tournament_id, error)
    return RedirectResponse(f"/t/{tournament_id}#players", status_code=303)


# --- archiving and restoring (PT-9) ---------------------------------------------------------------


async def _archive_page(
    request: Request, lang: str, tournament_id: str, error: RuleViolation | None = None
) -> Response:
    service = tournaments_of(request)
    try:
        preview = await run_in_threadpool(service.deletion_preview, tournament_id)
    except (TournamentNotFound, MatchNotFound) as missing:
        raise _not_found(missing) from None
    return _page(
        request,
        lang,
        "tournament/archive.html",
        status_code=status_for(error) if error is not None else 200,
        d=preview,
        error=error,
    )


@router.get("/t/{tournament_id}/archive", response_class=HTMLResponse)
async def archive_page(request: Request, tournament_id: str, lang: LangDep) -> Response:
    """PT-9: what archiving puts away (all of it is kept and can be restored), and the button."""
    return await _archive_page(request, lang, tournament_id)


@router.post("/t/{tournament_id}/archive")
async def archive_tournament(request: Request, tournament_id: str, lang: LangDep) -> Response:
    """PT-9: archive the tournament ("delete" it): it leaves the list and is frozen; nothing is deleted.
    The actor (``matches.audit``: the signed-in member) is recorded."""
    service = tournaments_of(request)
    try:
        await run_in_threadpool(service.archive, tournament_id, audit.current_actor())
    except TournamentNotFound as missing:
        raise _not_found(missing) from None
    except RuleViolation as error:
        return await _archive_page(request, lang, tournament_id, error)
    return RedirectResponse("/tournaments?archived=1", status_code=303)


@router.get("/tournaments/archived", response_class=HTMLResponse)
async def archived_page(request: Request, lang: LangDep) -> Response:
    """PT-9: the archived tournaments, most recently archived first, each with its restore button."""
    service = tournaments_of(request)
    records = await run_in_threadpool(service.list_archived, 200)
    return _page(request, lang, "tournament/archived.html", records=records, error=None)


@router.post("/t/{tournament_id}/restore")
async def restore_tournament(request: Request, tournament_id: str, lang: LangDep) -> Response:
    """PT-9: bring an archived tournament back as it was (admin or treasurer, ``web.auth``)."""
    service = tournaments_of(request)
    try:
        await run_in_threadpool(service.restore, tournament_id)
    except TournamentNotFound as missing:
        raise _not_found(missing) from None
    except RuleViolation as error:
        records = await run_in_threadpool(service.list_archived, 200)
        return _page(
            request, lang, "tournament/archived.html", status_code=status_for(error), records=records, error=error
        )
    return RedirectResponse(f"/t/{tournament_id}?restored=1", status_code=303)


@router.get("/t/{tournament_id}/standings", response_class=HTMLResponse)
async def standings_page(request: Request, tournament_id: str, lang: LangDep) -> Response:
    service = tournaments_of(request)
    try:
        overview = await run_in_threadpool(service.overview, tournament_id)
    except (TournamentNotFound, MatchNotFound) as missing:
        raise _not_found(missing) from None
    return _page(request, lang, "tournament/standings_page.html", o=overview)


# --- a table's score sheet ------------------------------------------------------------------------


async def _sheet(service: MatchService, sheet_id: str) -> dict[str, Any]:
    try:
        snapshot = await run_in_threadpool(service.snapshot, sheet_id, None)
    except MatchNotFound:
        raise BadInput(_no_sheet(), 404) from None
    if snapshot.game != SHEET_GAME or snapshot.mode != "scoresheet":  # the game the sheets keep
        raise BadInput(_no_sheet(), 404)
    sheet = present_sheet(snapshot.to_json())
    if sheet["correcting"]:  # the reason of the undo that reopened it fills the field (web.correction)
        sheet["correction_reason"] = await run_in_threadpool(last_reason, service, sheet_id)
    return sheet


def _render_sheet(
    request: Request,
    lang: str,
    sheet: dict[str, Any],
    error: str | None = None,
    status_code: int = 200,
    clause: str | None = None,
    typed: dict[str, Any] | None = None,
) -> HTMLResponse:
    """The sheet page (or its board for HTMX); ``typed``: a refused entry's values and the words for each
    field in the way (``typed_entry``), shown in the form again instead of an error page."""
    fragment = request.headers.get("hx-request") == "true"
    name = "tournament/sheet_board.html" if fragment else "tournament/sheet.html"
    return _page(
        request,
        lang,
        name,
        status_code=status_code,
        s=sheet,
        error=error,
        clause=clause,
        dealer_seat=dealer_seat,
        typed=typed,
    )


@router.get("/sheet/{sheet_id}", response_class=HTMLResponse)
async def sheet_page(request: Request, sheet_id: str, service: ServiceDep, lang: LangDep) -> Response:
    return _render_sheet(request, lang, await _sheet(service, sheet_id))


@router.get("/sheet/{sheet_id}/board", response_class=HTMLResponse)
async def sheet_board(request: Request, sheet_id: str, service: ServiceDep, lang: LangDep) -> Response:
    sheet = await _sheet(service, sheet_id)
    return _page(
        request, lang, "tournament/sheet_board.html", s=sheet, error=None, clause=None, dealer_seat=dealer_seat
    )


def _seat_field(value: str, seats: int) -> int:
    """A 1-based seat number from the form, or -1 for "nobody went out" (RA-25)."""
    text = value.strip().lower()
    if text in ("none", "0", "-"):
        return -1
    if text.isdigit() and 1 <= int(text) <= seats:
        return int(text) - 1
    raise BadInput(Text("Wer hat ausgemacht? Bitte einen Platz wählen.", "Who went out? Please choose a seat."))


@router.post("/sheet/{sheet_id}/game")
async def enter_game(
    request: Request,
    sheet_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    out: Annotated[str, Form(max_length=10)] = "",  # unchosen: the form comes back with the field marked
    points: Annotated[list[str] | None, Form()] = None,
    romme: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """R-2.1: the Schreiber (seat 1) writes one game: who went out, Rommé-Hand, every other seat's hand
    count. The engine's score-sheet mode checks the entries are possible (RA-23); all or nothing.
    A game half entered (step by step through the API) is finished here: what is entered stays, the
    form sends the rest."""
    sheet = await _sheet(service, sheet_id)
    seats = len(sheet["players"])
    given = list(points or [])
    if len(given) != seats:
        raise BadInput(
            Text(f"Es braucht {seats} Punktfelder (eins je Platz).", f"{seats} point fields are needed (one per seat).")
        )
    # A field in the way sends the form back as typed, the field marked in words (nothing is written).
    typed = typed_entry(sheet, out, given, romme)
    if typed["marks"]:
        return _render_sheet(request, lang, sheet, refused_entry(typed).get(lang), 422, typed=typed)
    winner = _seat_field(out, seats)
    half = sheet["half"]
    if half is not None and winner != half["winner"]:
        fixed = half["winner"]
        who = sheet["players"][fixed] if fixed >= 0 else None
        raise BadInput(
            Text(
                f"Wer ausgemacht hat, steht schon fest: {who or 'niemand'} (R-2.1).",
                f"Who went out is already entered: {who or 'nobody'} (R-2.1).",
            ),
            409,
        )
    steps: list[tuple[int | None, str]] = []
    if half is None:
        steps.append((0, "out none" if winner < 0 else f"out {winner + 1}"))
    if winner >= 0 and (half is None or half["romme"] is None):
        steps.append((0, "romme yes" if romme in ("yes", "on", "true", "1") else "romme no"))
    for seat, value in enumerate(given):
        if seat == winner:
            continue
        text = value.strip()
        if half is not None and seat in half["points"]:
            # Entered already: the field shows it read-only; it may come back empty or unchanged.
            if text not in ("", str(half["points"][seat])):
                raise BadInput(
                    Text(
                        f"Die Punkte von {sheet['players'][seat]} stehen schon fest: {half['points'][seat]} (R-2.1).",
                        f"The points of {sheet['players'][seat]} are already entered: {half['points'][seat]} (R-2.1).",
                    ),
                    409,
                )
            continue
        if not text.isdigit() or len(text) > 5:
            raise BadInput(
                Text(
                    f"Die Punkte von {sheet['players'][seat]} fehlen oder sind keine ganze Zahl.",
                    f"The points of {sheet['players'][seat]} are missing or not a whole number.",
                )
            )
        steps.append((0, f"points {seat + 1} {int(text)}"))
    try:
        snapshot = await run_in_threadpool(service.submit, sheet_id, steps, seq)
    except RuleViolation as error:
        fresh = getattr(error, "snapshot", None)
        shown = present_sheet(fresh.to_json()) if fresh is not None else await _sheet(service, sheet_id)
        # The engine's refusal keeps the typed values too (a stale sheet shows the fresh one instead).
        kept = typed if fresh is None else None
        return _render_sheet(request, lang, shown, error.text(lang), status_for(error), error.clause, typed=kept)
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    if request.headers.get("hx-request") == "true":
        return _render_sheet(request, lang, present_sheet(snapshot.to_json()))
    return RedirectResponse(f"/sheet/{sheet_id}", status_code=303)


@runtime_checkable
class _AbsentSheetGame(Protocol):
    """A tournament game that books a game missed by a player who left during the pass (PT-10)."""

    def absent_sheet_steps(
        self, table_size: int, absent_seat: int, out_seat: int | None, romme_hand: bool, counts: Mapping[int, int]
    ) -> tuple[str, ...]: ...


@router.post("/sheet/{sheet_id}/absent")
async def enter_absent_game(
    request: Request,
    sheet_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    lang: LangDep,
    seq: SeqField,
    absent: Annotated[str, Form(max_length=10)] = "",  # unchosen: the form comes back with the field marked
    out: Annotated[str, Form(max_length=10)] = "",
    counts: Annotated[list[str] | None, Form()] = None,
    romme: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """PT-10: a game played without a player who had to leave during the pass. The Schreiber enters
    who went out (or nobody), Rommé-Hand and the other losers' counts; the absent player's seat books
    the highest of those counts (``absent_sheet_steps``). Same path as an ordinary entry (seq, all or
    nothing); a refusal names PT-10 and writes nothing. Only for a game not yet begun on the sheet."""
    game = default_game()  # the game the sheets keep (SHEET_GAME)
    if not isinstance(game, _AbsentSheetGame):
        raise BadInput(_no_sheet(), 404)
    sheet = await _sheet(service, sheet_id)
    seats = len(sheet["players"])
    if sheet["half"] is not None:
        raise BadInput(
            Text(
                "Dieses Spiel ist schon halb eingetragen; bitte im normalen Formular zu Ende eintragen (PT-10).",
                "This game is already half entered; please finish it in the ordinary form (PT-10).",
            ),
            409,
        )
    given = list(counts or [])
    if len(given) != seats:
        raise BadInput(
            Text(f"Es braucht {seats} Punktfelder (eins je Platz).", f"{seats} point fields are needed (one per seat).")
        )
    # A field in the way sends the form back as typed, the field marked in words (nothing is written).
    typed = typed_absent(sheet, absent, out, given, romme)
    if typed["marks"]:
        return _render_sheet(request, lang, sheet, refused_entry(typed).get(lang), 422, "PT-10", typed=typed)
    absent_text = absent.strip()
    winner = _seat_field(out, seats)
    hands: dict[int, int] = {}
    for seat, value in enumerate(given):
        text = value.strip()
        if seat == winner or not text:  # an empty field is a missing count: PT-10 refuses it below
            continue
        if not text.isdigit() or len(text) > 5:
            raise BadInput(
                Text(
                    f"Die Punkte von {sheet['players'][seat]} sind keine ganze Zahl.",
                    f"The points of {sheet['players'][seat]} are not a whole number.",
                )
            )
        hands[seat] = int(text)
    flag = romme in ("yes", "on", "true", "1")
    try:
        steps = game.absent_sheet_steps(seats, int(absent_text) - 1, None if winner < 0 else winner, flag, hands)
        snapshot = await run_in_threadpool(service.submit, sheet_id, [(0, step) for step in steps], seq)
    except RuleViolation as error:
        fresh = getattr(error, "snapshot", None)
        shown = present_sheet(fresh.to_json()) if fresh is not None else await _sheet(service, sheet_id)
        kept = typed if fresh is None else None  # the typed values stay, as in the ordinary entry
        return _render_sheet(request, lang, shown, error.text(lang), status_for(error), error.clause, typed=kept)
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    if request.headers.get("hx-request") == "true":
        return _render_sheet(request, lang, present_sheet(snapshot.to_json()))
    return RedirectResponse(f"/sheet/{sheet_id}", status_code=303)


__all__ = ["router", "tournaments_of", "GAMES_PER_PASS"]
