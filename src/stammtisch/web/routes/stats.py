"""Statistics for every game, per member and per season (issue 13.5; docs/statistics.md):

* ``GET /stats[?season=START|all]`` – every game's figures per member in one season (default: the
  running one), each with a bar chart and its table;
* ``GET /stats/member/{member_id}[?season=…]`` – one member's figures per game in that season, in
  words, and a chart of her main figure over the seasons (with its table).

Any signed-in member may read them (``VIEW``, docs/access.md). The figures come from
``store.stats.StatsBook`` (one summary per ended match, cached) and ``club.stats``; what each game
shows is its own ``web/games/<slug>/stats_table.py`` (``STATS_TABLE``, found through the web games'
registry), so this file names no game. Names everywhere, never seat numbers.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, FastAPI, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, Response

from stammtisch.club.bank.season import DEFAULT_CALENDAR, Season, SeasonCalendar
from stammtisch.club.members.model import Member
from stammtisch.club.stats.errors import StatsRefusal, UnknownMember, UnknownSeason
from stammtisch.club.stats.figures import Summable
from stammtisch.club.stats.totals import MatchSummary, by_member, in_season, member_by_season, seasons_of
from stammtisch.games import GAMES
from stammtisch.store.ledger_sync import CLUB_ZONE
from stammtisch.store.members import SqlClub
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.settings import SqlSettings
from stammtisch.store.stats import StatsBook, SummaryNotifier
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.errors import answer_refusal
from stammtisch.web.games import WEB_GAMES
from stammtisch.web.i18n import translator
from stammtisch.web.routes import stats_charts

router = APIRouter()
_log = logging.getLogger(__name__)

#: The module of a web game that describes its statistics (``STATS_TABLE``), if it has one.
TABLE_MODULE = "stats_table"
ALL = "all"


@dataclass(frozen=True, slots=True)
class Line:
    """What a column reads: one member's figures of one game, and the tournaments she entered."""

    figures: Any
    tournaments: int = 0


@dataclass(frozen=True, slots=True)
class Column:
    """One figure on the pages. ``label`` and ``hint`` are message ids (Babel catalogs); ``kind``:
    ``count`` (an int), ``decimal`` (one decimal), ``percent`` (a share) or ``pair`` ("won/taken")."""

    label: str
    value: Callable[[Line], Any]
    kind: str = "count"
    hint: str = ""
    #: False for a figure that does not come from the matches (tournaments entered).
    needs_figures: bool = True


@dataclass(frozen=True, slots=True)
class StatsTable:
    """A game's statistics on the pages: its columns, the one figure its charts show, links to the
    game's own statistics pages, and an optional extra card on the member page."""

    columns: tuple[Column, ...] = ()
    chart: Column | None = None
    #: (href, message id) of the game's own statistics pages.
    links: tuple[tuple[str, str], ...] = ()
    #: Template of an extra card on the member page and the values it needs: ``(request, member, lang)``.
    member_template: str | None = None
    member_values: Callable[[Request, Member, str], dict[str, Any] | None] | None = None
    #: Whether the member's tournaments entered count here (the club's tournament game).
    tournaments: bool = False


def stats_tables() -> dict[str, StatsTable]:
    """slug -> ``STATS_TABLE`` of every registered web game that has a ``stats_table`` module."""
    found: dict[str, StatsTable] = {}
    for slug, package in WEB_GAMES.items():
        try:
            module = importlib.import_module(f"{package}.{TABLE_MODULE}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{package}.{TABLE_MODULE}":
                raise
            continue
        found[slug] = module.STATS_TABLE
    return found


# --- reading ---------------------------------------------------------------------------------------
def install(app: FastAPI) -> None:
    """The process's ``StatsBook``; matches are summarized as they end (one line in app.py)."""
    service = app.state.service
    repository = getattr(service, "repository", None)
    if not isinstance(repository, SqlMatchRepository):
        app.state.stats_book = None
        return
    book = app.state.stats_book = StatsBook(repository.engine)
    service.notifier = SummaryNotifier(book, service, service.notifier)
    # Read every stored match once in the background (ST-5), so the first statistics page after a
    # start is warm too (ten years of evenings: about 14 s of CPU, which no visitor should wait for).
    app.state.stats_warm_up = threading.Thread(target=_warm_up, args=(book,), name="stats-warm-up", daemon=True)
    app.state.stats_warm_up.start()


def _warm_up(book: StatsBook) -> None:
    try:
        book.ensure_current()  # the read model of other code (rules, projection) is made again at start
        book.summaries()
    except Exception:  # a page reads again and says what is wrong; the server must not stop for this
        _log.exception("statistics warm-up failed")


def _book(request: Request) -> StatsBook | None:
    """The process's ``StatsBook`` (None without the club's database)."""
    if not hasattr(request.app.state, "stats_book"):
        install(request.app)
    book: StatsBook | None = request.app.state.stats_book
    return book


def _today() -> date:
    return datetime.now(UTC).astimezone(CLUB_ZONE).date()


def chosen_season(given: str, calendar: SeasonCalendar = DEFAULT_CALENDAR) -> Season | None:
    """``""``: the running season; ``all``: every season (None); else the season of that day (all under
    the club's season calendar, SE-1)."""
    text = given.strip()
    if not text:
        return calendar.season_of(_today())
    if text == ALL:
        return None
    try:
        return calendar.season_of(date.fromisoformat(text))
    except ValueError:
        raise UnknownSeason(text[:40]) from None


@dataclass(frozen=True, slots=True)
class _Loaded:
    summaries: list[MatchSummary]
    members: dict[int, Member]
    tournaments: dict[int, list[date]]
    calendar: SeasonCalendar = DEFAULT_CALENDAR


def _load(request: Request) -> _Loaded:
    book = _book(request)
    if book is None:
        return _Loaded([], {}, {})
    warm_up: threading.Thread | None = getattr(request.app.state, "stats_warm_up", None)
    if warm_up is not None and warm_up.is_alive():
        warm_up.join()  # a page right after the start waits for the reading under way, not reads twice
    club = SqlClub(book.engine)
    return _Loaded(
        book.summaries(),
        {m.member_id: m for m in club.members()},
        book.tournaments(),
        SqlSettings(book.engine).season_calendar(),
    )


# --- presenting ------------------------------------------------------------------------------------
def cell(column: Column, line: Line, lang: str) -> str:
    """A figure as a person reads it: a dash where nothing was counted, decimals in the reader's style."""
    value = None if column.needs_figures and line.figures is None else column.value(line)
    if value is None:
        return "–"
    if column.kind == "pair":
        won, taken = value
        return f"{won}/{taken}" if taken else "–"
    if column.kind == "decimal":
        return str(format_decimal(value, format="0.0", locale=lang))
    if column.kind == "percent":
        return str(format_percent(value, format="0 %", locale=lang))
    return str(value)


def _chart_number(column: Column, line: Line) -> float | None:
    value = None if column.needs_figures and line.figures is None else column.value(line)
    if value is None:
        return None
    if column.kind == "pair":
        won, taken = value
        return won / taken if taken else None
    return float(value)


def _decimals(column: Column) -> int:
    return 0 if column.kind == "count" else 2 if column.kind in ("percent", "pair") else 1


def _season_options(loaded: _Loaded, chosen: Season | None, lang: str) -> list[dict[str, Any]]:
    _ = translator(lang)
    seasons = seasons_of(loaded.summaries, loaded.calendar)
    running = loaded.calendar.season_of(_today())
    if running not in seasons:
        seasons.insert(0, running)
    if chosen is not None and chosen not in seasons:
        seasons.append(chosen)
    options = [
        {"value": s.start.isoformat(), "label": s.label, "selected": chosen == s}
        for s in sorted(seasons, key=lambda s: s.start, reverse=True)
    ]
    options.append({"value": ALL, "label": _("All seasons"), "selected": chosen is None})
    return options


def _lines(
    totals: dict[int, Summable], table: StatsTable, tournaments: dict[int, list[date]], season: Season | None
) -> dict[int, Line]:
    def entered(member: int) -> int:
        days = tournaments.get(member, [])
        return sum(1 for day in days if season is None or day in season)

    members = set(totals) | ({m for m in tournaments if entered(m)} if table.tournaments else set())
    return {m: Line(totals.get(m), entered(m) if table.tournaments else 0) for m in members}


def _overview(loaded: _Loaded, season: Season | None, lang: str) -> list[dict[str, Any]]:
    _ = translator(lang)
    totals = by_member(in_season(loaded.summaries, season))
    games = []
    for slug, table in stats_tables().items():
        lines = _lines(totals.get(slug, {}), table, loaded.tournaments, season)
        lines = {m: line for m, line in lines.items() if m in loaded.members}
        order = sorted(lines, key=lambda m: _sort_key(table, lines[m], loaded.members[m]))
        rows = [
            {
                "member_id": m,
                "name": loaded.members[m].name,
                "cells": [cell(c, lines[m], lang) for c in table.columns],
            }
            for m in order
        ]
        chart = None
        if table.chart is not None:
            points = [(loaded.members[m].name, _chart_number(table.chart, lines[m])) for m in order]
            drawn = [(name, value) for name, value in points if value is not None]
            label = _(table.chart.label)
            chart = {
                "svg": stats_charts.bars(label, drawn, _decimals(table.chart), lang),
                "caption": _caption(label, drawn, table.chart, lang),
            }
        games.append(
            {
                "slug": slug,
                "title": GAMES[slug].title.get(lang),
                "columns": [{"label": _(c.label), "hint": _(c.hint) if c.hint else ""} for c in table.columns],
                "rows": rows,
                "chart": chart,
                "links": [{"href": href, "label": _(label)} for href, label in table.links],
            }
        )
    return games


def _sort_key(table: StatsTable, line: Line, member: Member) -> tuple[float, str]:
    """Best first by the chart's figure (members without it last), then by name."""
    value = _chart_number(table.chart, line) if table.chart is not None else None
    return (-value if value is not None else float("inf"), member.name.casefold())


def _caption(label: str, drawn: list[tuple[str, float]], column: Column, lang: str) -> str:
    """The chart in one sentence: who leads and who is last (the table below has every number)."""
    _ = translator(lang)
    if not drawn:
        return _("No figures in this season yet.")
    shown = [(name, _number(value, column, lang)) for name, value in drawn]
    if len(shown) == 1:
        return _("%(label)s: %(name)s %(value)s.", label=label, name=shown[0][0], value=shown[0][1])
    return _(
        "%(label)s: highest %(first)s (%(high)s), lowest %(last)s (%(low)s).",
        label=label,
        first=shown[0][0],
        high=shown[0][1],
        last=shown[-1][0],
        low=shown[-1][1],
    )


def _number(value: float, column: Column, lang: str) -> str:
    if column.kind in ("percent", "pair"):
        return str(format_percent(value, format="0 %", locale=lang))
    if column.kind == "decimal":
        return str(format_decimal(value, format="0.0", locale=lang))
    return str(int(value))


def _member(
    request: Request, loaded: _Loaded, member: Member, season: Season | None, lang: str
) -> list[dict[str, Any]]:
    _ = translator(lang)
    mine = [s for s in loaded.summaries if any(who == member.member_id for who, _f in s.members)]
    totals = by_member(in_season(mine, season))
    history = member_by_season(mine, member.member_id, loaded.calendar)
    games = []
    for slug, table in stats_tables().items():
        line = _lines(totals.get(slug, {}), table, loaded.tournaments, season).get(member.member_id)
        extra = table.member_values(request, member, lang) if table.member_values is not None else None
        facts = [
            {"label": _(c.label), "value": cell(c, line, lang)}
            for c in table.columns
            if line is not None and (line.figures is not None or not c.needs_figures)
        ]
        chart = None
        if table.chart is not None and history.get(slug):
            label = _(table.chart.label)
            points = [(s.label, _chart_number(table.chart, Line(f))) for s, f in history[slug]]
            drawn = [(name, value) for name, value in points if value is not None]
            chart = {
                "svg": stats_charts.columns(label, drawn, _decimals(table.chart), lang),
                "label": label,
                "rows": [(name, _number(value, table.chart, lang)) for name, value in drawn],
            }
        if not facts and extra is None and not table.links:
            continue
        games.append(
            {
                "slug": slug,
                "title": GAMES[slug].title.get(lang),
                "facts": facts,
                "counted": bool(table.columns),
                "chart": chart,
                "links": [{"href": href, "label": _(label)} for href, label in table.links],
                "template": table.member_template if extra is not None else None,
                "extra": extra,
            }
        )
    return games


# --- routes -----------------------------------------------------------------------------------------
async def _refused(request: Request, error: StatsRefusal, status: int) -> Response:
    return await answer_refusal(request, error, status)


@router.get("/stats", response_class=HTMLResponse)
async def stats_page(request: Request, renderer: RendererDep, lang: LangDep, season: str = "") -> Response:
    loaded = await run_in_threadpool(_load, request)
    try:
        chosen = chosen_season(season, loaded.calendar)
    except StatsRefusal as error:
        return await _refused(request, error, 422)
    games = await run_in_threadpool(_overview, loaded, chosen, lang)
    return renderer.response(
        "stats/overview.html",
        request,
        lang,
        season=chosen,
        seasons=_season_options(loaded, chosen, lang),
        games=games,
    )


@router.get("/stats/member/{member_id}", response_class=HTMLResponse)
async def member_page(
    request: Request, member_id: int, renderer: RendererDep, lang: LangDep, season: str = ""
) -> Response:
    loaded = await run_in_threadpool(_load, request)
    try:
        chosen = chosen_season(season, loaded.calendar)
    except StatsRefusal as error:
        return await _refused(request, error, 422)
    member = loaded.members.get(member_id)
    if member is None:
        return await _refused(request, UnknownMember(member_id), 404)
    games = await run_in_threadpool(_member, request, loaded, member, chosen, lang)
    return renderer.response(
        "stats/member.html",
        request,
        lang,
        member=member,
        season=chosen,
        seasons=_season_options(loaded, chosen, lang),
        games=games,
    )
