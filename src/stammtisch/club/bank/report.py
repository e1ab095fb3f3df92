"""The season report (C-3.2, KA-32): cash at start and end, income and spending by reason, each
member's balance (carried over) and what she was charged in the season, and the Klümpchen figures
per member (rounds played and lost, Schuster, Schwarz, jokers buried, Straßen units, six-equal fines,
the best Wurf)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta

from stammtisch.club.bank.ledger import balances, cash
from stammtisch.club.bank.model import KIND, Booking, Kind, Reason
from stammtisch.club.bank.season import Season
from stammtisch.games.kluempchen.model import Reason as GameReason
from stammtisch.games.kluempchen.model import State


@dataclass(slots=True)
class PlayerFigures:
    """One member's Klümpchen figures in a season."""

    evenings: int = 0
    rounds: int = 0
    lost: int = 0
    schuster: int = 0
    schwarz: int = 0
    jokers_buried: int = 0
    strassen_units: int = 0
    six_equal: int = 0
    best_score: int = 0


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
    figures: Mapping[int, PlayerFigures] = field(default_factory=dict)

    @property
    def result_cents(self) -> int:
        """The bank's net result of the season (sum of the bank sides)."""
        return sum(cents for _, cents in self.by_reason)


def add_evening(figures: dict[int, PlayerFigures], state: State, seats: Mapping[int, int]) -> None:
    """Adds one closed evening's figures (members only: unlinked seats are skipped)."""
    for seat, member in seats.items():
        if seat < state.seats:
            figures.setdefault(member, PlayerFigures()).evenings += 1
    for record in state.rounds:
        for team_index, team in enumerate(record.teams):
            for seat in team.members:
                player = seats.get(seat)
                if player is None:
                    continue
                f = figures.setdefault(player, PlayerFigures())
                f.rounds += 1
                f.best_score = max(f.best_score, record.scores[team_index])
                if team_index == record.loser:
                    f.lost += 1
        for p in record.payments:
            payer = seats.get(p.seat)
            if payer is None:
                continue
            f = figures.setdefault(payer, PlayerFigures())
            if p.reason is GameReason.BELOW_75:
                f.schuster += 1
            elif p.reason is GameReason.NO_POINTS:
                f.schwarz += 1
            elif p.reason is GameReason.UNUSED_JOKER:
                f.jokers_buried += p.units
            elif p.reason is GameReason.THREE_STRAIGHTS:
                f.strassen_units += p.units
            elif p.reason is GameReason.SIX_EQUAL_FINE:
                f.six_equal += 1


def season_report(
    season: Season,
    bookings: Sequence[Booking],
    evenings: Iterable[tuple[State, Mapping[int, int]]] = (),
    figures: Mapping[int, PlayerFigures] | None = None,
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
    found: dict[int, PlayerFigures] = dict(figures or {})
    for state, seats in evenings:
        add_evening(found, state, seats)
    ids = sorted(set(carried) | set(at_end) | set(found))
    members = tuple(
        MemberLine(m, carried.get(m, 0), charged[m], credited[m], paid[m], at_end.get(m, 0)) for m in ids
    )
    order = list(Reason)
    return SeasonReport(
        season,
        cash(bookings, before),
        cash(bookings, season.end),
        tuple(sorted(((r, c) for r, c in by_reason.items() if c), key=lambda item: order.index(item[0]))),
        members,
        found,
    )
