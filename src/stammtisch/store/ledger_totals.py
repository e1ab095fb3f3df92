"""The book's sums in SQL (issue 28.1): balances, the cash box and a season's totals are added up by the
database over ``ledger_bookings`` (indexed by day and member), so the season report reads a few dozen
grouped rows instead of every booking of ten years. The figures are the same sums
``club.bank.ledger`` and ``club.bank.report.season_report`` make from the whole book (a property test
checks that over random books with reversals, re-booked evenings and closed seasons)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sqlalchemy import Engine, case, func, select
from sqlalchemy.engine import Connection

from stammtisch.club.bank.model import Reason
from stammtisch.club.bank.report import SeasonTotals
from stammtisch.club.bank.season import Season
from stammtisch.store.ledger_tables import ledger_bookings
from stammtisch.store.tables import match_seats

_b = ledger_bookings.c


def _balances(connection: Connection, until: date | None) -> dict[int, int]:
    query = select(_b.member_id, func.sum(_b.member_cents)).where(_b.member_id.is_not(None)).group_by(_b.member_id)
    if until is not None:
        query = query.where(_b.day <= until)
    return {int(member): int(cents) for member, cents in connection.execute(query)}


def _sum(connection: Connection, column: str, until: date | None) -> int:
    query = select(func.coalesce(func.sum(_b[column]), 0))
    if until is not None:
        query = query.where(_b.day <= until)
    return int(connection.execute(query).scalar_one())


def book_totals(engine: Engine, until: date | None = None) -> tuple[dict[int, int], int, int]:
    """(each member's balance, the cash in the box, the bank's balance) up to and including ``until``."""
    with engine.connect() as connection:
        cash = _sum(connection, "cash_cents", until)
        return _balances(connection, until), cash, cash - _sum(connection, "member_cents", until)


def season_totals(engine: Engine, season: Season) -> SeasonTotals:
    """The sums the season report is made of, from one grouped query (one consistent read): per member
    and reason the sums before the season, in it, and how many bookings there were up to its end."""
    before = season.start - timedelta(days=1)
    early = _b.day <= before
    inside = _b.day >= season.start

    def part(column: Any, when: Any) -> Any:
        return func.coalesce(func.sum(case((when, column), else_=0)), 0)

    grouped = (
        select(
            _b.member_id,
            _b.reason,
            part(1, early),
            part(_b.member_cents, early),
            part(_b.cash_cents, early),
            part(1, inside),
            part(_b.member_cents, inside),
            part(_b.cash_cents, inside),
        )
        .where(_b.day <= season.end)
        .group_by(_b.member_id, _b.reason)
    )
    carried: dict[int, int] = {}
    at_end: dict[int, int] = {}
    cash_start = cash_end = 0
    rows: list[tuple[int | None, Reason, int, int]] = []
    with engine.connect() as connection:
        for member, reason, n_early, m_early, c_early, n_inside, m_inside, c_inside in connection.execute(grouped):
            cash_start += int(c_early)
            cash_end += int(c_early) + int(c_inside)
            if n_inside:
                rows.append((None if member is None else int(member), Reason(reason), int(m_inside), int(c_inside)))
            if member is None:
                continue
            if n_early:
                carried[int(member)] = carried.get(int(member), 0) + int(m_early)
            at_end[int(member)] = at_end.get(int(member), 0) + int(m_early) + int(m_inside)
    return SeasonTotals(carried, at_end, cash_start, cash_end, tuple(rows))


def linked_seats(engine: Engine, match_ids: list[str]) -> dict[str, dict[int, int]]:
    """Per match of ``match_ids`` its seats linked to members (``SqlClub.seats`` of many, one query)."""
    found: dict[str, dict[int, int]] = {}
    query = select(match_seats.c.match_id, match_seats.c.seat, match_seats.c.member_id).where(
        match_seats.c.match_id.in_(match_ids)
    )
    with engine.connect() as connection:
        for match_id, seat, member_id in connection.execute(query):
            found.setdefault(match_id, {})[int(seat)] = int(member_id)
    return found
