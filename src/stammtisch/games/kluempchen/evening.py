"""The end of the evening (A.3 Terminal conditions): money totals per seat and for the bank, and the result."""

from __future__ import annotations

from stammtisch.core.protocol import Result
from stammtisch.games.kluempchen import settlement
from stammtisch.games.kluempchen.model import PLAY, State


def evening_totals(state: State) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Cents paid and received per seat over the evening, and the bank's net intake."""
    payments = [p for record in state.rounds for p in record.payments]
    if state.phase == PLAY and state.round is not None:
        payments.extend(state.round.payments)  # Straßen units already due in the running round
    paid_out = [p for record in state.rounds for p in record.payouts]
    return settlement.totals(state.seats, payments, paid_out)


def result(state: State) -> Result:
    """Score per seat = cents received - cents paid (higher is better); seats with equal money tie."""
    paid, received, bank = evening_totals(state)
    scores = tuple(r - p for p, r in zip(paid, received, strict=True))
    ranking = tuple(
        tuple(s for s in range(state.seats) if scores[s] == value) for value in sorted(set(scores), reverse=True)
    )
    details = {
        "rounds": len(state.rounds),
        "paid_cents": list(paid),
        "received_cents": list(received),
        "bank_cents": bank,
        "losers": [list(record.teams[record.loser].members) for record in state.rounds],
        "payments": [
            {"round": record.number, "seat": p.seat, "reason": p.reason, "units": p.units, "cents": p.cents}
            for record in state.rounds
            for p in record.payments
        ],
        "payouts": [
            {"round": record.number, "seat": p.seat, "cents": p.cents}
            for record in state.rounds
            for p in record.payouts
        ],
    }
    return Result(scores, ranking, details)
