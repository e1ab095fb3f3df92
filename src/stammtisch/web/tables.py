"""The app's digital table (``matches.tables.DigitalTable``) and its clocks, kept on ``app.state``
(created lazily, so the app factory only installs the router and the seat guard).

* ``table_for(app)``: the table; seat links live next to the matches (SQL store: ``seat_links``), and so
  do the table-screen and follow links (``share_links``, issue 24).
* ``deadlines_for(app)``: the clocks (``web.deadlines``); tests put ``ManualDeadlines`` there.
* ``announce``/``after_write``: after a write the open pages are told (live events carry only
  the seq), and the clock of the decision now open runs if people must answer.
* ``seats_are_private(app, match_id)``: TS-2 for the seat guard.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool

from stammtisch.games import GAMES
from stammtisch.matches.seat_links import InMemorySeatLinks, SeatLinkRepository
from stammtisch.matches.share_links import InMemoryShareLinks, ShareLinkRepository
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.matches.tables import DigitalTable
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.seat_links import SqlSeatLinks
from stammtisch.store.share_links import SqlShareLinks
from stammtisch.web.deadlines import AsyncioDeadlines, Deadlines


def table_for(app: Any) -> DigitalTable:
    """The app's digital table use cases."""
    table = getattr(app.state, "table", None)
    if table is None:
        service = app.state.service
        repository = service.repository
        sql = isinstance(repository, SqlMatchRepository)
        links: SeatLinkRepository = SqlSeatLinks(repository.engine) if sql else InMemorySeatLinks()
        shares: ShareLinkRepository = SqlShareLinks(repository.engine) if sql else InMemoryShareLinks()
        table = app.state.table = DigitalTable(service, links, shares=shares)
    return table


def deadlines_for(app: Any) -> Deadlines:
    deadlines = getattr(app.state, "deadlines", None)
    if deadlines is None:
        deadlines = app.state.deadlines = AsyncioDeadlines(table_for(app))
    return deadlines


def announce(app: Any, public: MatchSnapshot) -> None:
    """Tell the open pages, and run the clock of the open decision. On the event loop (or tests')."""
    app.state.broadcaster.publish(public.match_id, public.seq)
    watch(app, public)


def watch(app: Any, public: MatchSnapshot) -> None:
    """Make sure the clock of the decision ``public`` waits for runs (if the table has one)."""
    deadline = table_for(app).deadline(public)
    if deadline is not None:
        deadlines_for(app).schedule(deadline, lambda match_id: _expired(app, match_id))


def _expired(app: Any, match_id: str) -> None:
    announce(app, table_for(app).public_snapshot(match_id))


async def after_write(app: Any, match_id: str) -> None:
    announce(app, await run_in_threadpool(table_for(app).public_snapshot, match_id))


def private_seats_known(app: Any, match_id: str) -> bool | None:
    """``seats_are_private`` when it is already known (no store read: the seat guard asks on every
    request for a match, from the event loop); None when only the store can tell."""
    known: dict[str, bool] | None = getattr(app.state, "private_seats", None)
    return None if known is None else known.get(match_id)


def seats_are_private(app: Any, match_id: str) -> bool:
    """TS-2: whether a seat of ``match_id`` may be seen or played only through its own seat cookie:
    a match with seat links, and any digital match of a game with hidden information (without
    links nobody could prove which seat they are, so no generic route may show a hand)."""
    known: dict[str, bool] | None = getattr(app.state, "private_seats", None)
    if known is None:
        known = app.state.private_seats = {}
    answer = known.get(match_id)
    if answer is None:
        # The answer never changes for a match (links are issued when the table opens, game and mode are
        # fixed), so it is kept: the seat guard asks on every write, and asking the service meant reading
        # the match's log again (bench/hammer.py). A plain dict: a lost race only computes it twice.
        if table_for(app).is_linked(match_id):
            answer = True
        else:
            record = app.state.service.record(match_id)
            game = GAMES.get(record.game)
            answer = record.mode == "digital" and game is not None and game.info.hidden_information
        if len(known) >= PRIVATE_SEATS_KEPT:
            known.clear()
        known[match_id] = answer
    return answer


#: How many matches' answers ``seats_are_private`` keeps (a club's busy season; then it starts afresh).
PRIVATE_SEATS_KEPT = 10_000
