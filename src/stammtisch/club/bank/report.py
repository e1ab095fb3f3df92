"""The season report (C-3.2, KA-32): cash at start and end, income and spending by reason, each
member's balance (carried over) and what she was charged in the season, and the figures per member
of the game whose evenings the bank books (``club.games.bank_game``: Klümpchen's rounds, Schuster,
Schwarz, jokers buried, Straßen units, six-equal fines, the best Wurf)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from stammtisch.club.bank.ledger import balances, cash
from stammtisch.club.bank.model import KIND, Booking, Kind, Reason
from stammtisch.club.bank.season import Season


@dataclass(frozen=True, slots=True)
class MemberLine:
    member_id: int
    carried_cents: int  # balance at the season's start
    charged_cents: int  # units and fines in the season (positive)
    credited_cents: int  # pay-outs owed to her in the season
    paid_cents: int  # cash she paid in minus cash paid out to her
    balance_cents: int  # at the season's end (carried into the next)


@dataclass(frozen=True, slots=True)
class SeasonReport:
    season: Season
    cash_start: int
    cash_end: int
    by_reason: tuple[tuple[Reason, int], ...]  # the bank's side per reason in the season
    members: tuple[MemberLine, ...]
    figures: Mapping[int, Any] = field(default_factory=dict)  # the bank game's figures per member

    @property
    def result_cents(self) -> int:
        """The bank's net result of the season (sum of the bank sides)."""
        return sum(cents for _, cents in self.by_reason)


@dataclass(frozen=True, slots=True)
class SeasonTotals:
    """The sums a season report is made of, as the database adds them up (``store.ledger_totals``):
    the balances before and at the end of the season (a member with any booking by then has one), the
    cash then, and per member (None: the bank's own bookings) and reason the season's member and cash
    sides."""

    carried: Mapping[int, int]
    at_end: Mapping[int, int]
    cash_start: int
    cash_end: int
    season_rows: tuple[tuple[int | None, Reason, int, int], ...]


def report_from_totals(season: Season, totals: SeasonTotals, figures: Mapping[int, Any] | None = None) -> SeasonReport:
    """The same report as ``season_report`` over the whole book, from its sums."""
    by_reason: dict[Reason, int] = defaultdict(int)
    charged: dict[int, int] = defaultdict(int)
    credited: dict[int, int] = defaultdict(int)
    paid: dict[int, int] = defaultdict(int)
    for member_id, reason, member_cents, cash_cents in totals.season_rows:
        by_reason[reason] += cash_cents - member_cents
        if member_id is None:
            continue
        kind = KIND[reason]
        if kind is Kind.CHARGE:
            charged[member_id] -= member_cents
        elif kind is Kind.CREDIT:
            credited[member_id] += member_cents
        else:
            paid[member_id] += cash_cents
    found: dict[int, Any] = dict(figures or {})
    carried, at_end = totals.carried, totals.at_end
    ids = sorted(set(carried) | set(at_end) | set(found))
    members = tuple(MemberLine(m, carried.get(m, 0), charged[m], credited[m], paid[m], at_end.get(m, 0)) for m in ids)
    order = list(Reason)
    return SeasonReport(
        season,
        totals.cash_start,
        totals.cash_end,
        tuple(sorted(((r, c) for r, c in by_reason.items() if c), key=lambda item: order.index(item[0]))),
        members,
        found,
    )


def season_report(
    season: Season,
    bookings: Sequence[Booking],
    figures: Mapping[int, Any] | None = None,
) -> SeasonReport:
    """The report of ``season`` from the whole book (earlier seasons give the carried balances)."""
    before = season.start - timedelta(days=1)
    carried = balances(bookings, before)
    at_end = balances(bookings, season.end)
    by_reason: dict[Reason, int] = defaultdict(int)
    charged: dict[int, int] = defaultdict(int)
    credited: dict[int, int] = defaultdict(int)
    paid: dict[int, int] = defaultdict(int)
    for b in bookings:
        if b.on not in season:
            continue
        by_reason[b.reason] += b.bank_cents
        if b.member_id is None:
            continue
        kind = KIND[b.reason]
        if kind is Kind.CHARGE:
            charged[b.member_id] -= b.member_cents
        elif kind is Kind.CREDIT:
            credited[b.member_id] += b.member_cents
        else:
            paid[b.member_id] += b.cash_cents
    found: dict[int, Any] = dict(figures or {})
    ids = sorted(set(carried) | set(at_end) | set(found))
    members = tuple(MemberLine(m, carried.get(m, 0), charged[m], credited[m], paid[m], at_end.get(m, 0)) for m in ids)
    order = list(Reason)
    return SeasonReport(
        season,
        cash(bookings, before),
        cash(bookings, season.end),
        tuple(sorted(((r, c) for r, c in by_reason.items() if c), key=lambda item: order.index(item[0]))),
        members,
        found,
    )
