"""Money (K-11..K-15, S-7, S-9, C-4): who pays how many units, and what that is in cents.

Pure functions, integer cents only. A unit is ``base_cents`` x the players at the table (S-9, KA-28),
i.e. one equal share per seated player. A fund member pays the whole unit; an external player's own
share is his, so he pays one share less per unit and is paid out the shares of the units others paid
(C-4, KA-29).
"""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.games.kluempchen.model import LOSS_REASONS, Payment, Payout, Reason, Team


def unit_cents(base_cents: int, players: int) -> int:
    """S-9/KA-28: one unit = base x N (base 50: N = 4..8 gives 200, 250, 300, 350, 400)."""
    return base_cents * players


def cents_for(units: int, reason: Reason, external: bool, base_cents: int, players: int, all_units: bool = True) -> int:
    """What paying ``units`` for ``reason`` costs: a member pays full units (C-4.3); an external pays
    one share less per unit (C-4.2, KA-29 a), for every unit (all_units) or only for loss units."""
    if external and (all_units or reason in LOSS_REASONS):
        return units * base_cents * (players - 1)
    return units * unit_cents(base_cents, players)


def payment(
    seat: int,
    reason: Reason,
    units: int,
    externals: Sequence[bool],
    base_cents: int,
    all_units: bool = True,
    players: int | None = None,
) -> Payment:
    """One ledger line for ``seat``; ``players`` is the round's N (S-9, KA-28; E-22: the players at the
    table in that round), every seat when not given."""
    n = len(externals) if players is None else players
    return Payment(seat, reason, units, cents_for(units, reason, externals[seat], base_cents, n, all_units))


def loss_units(score: int) -> tuple[tuple[Reason, int], ...]:
    """K-11.3/K-12, KA-18: verloren 1, Schuster (< 75: 74 is Schuster, 75 safe) 1, Schwarz (0) 1."""
    units = [(Reason.LOST, 1)]
    if score < 75:
        units.append((Reason.BELOW_75, 1))
    if score == 0:
        units.append((Reason.NO_POINTS, 1))
    return tuple(units)


def settle_normal(
    teams: Sequence[Team], scores: Sequence[int], loser: int, unused_jokers: Sequence[int]
) -> tuple[tuple[int, Reason, int], ...]:
    """Units due at a normal end: the losing team's members (the solo once, K-15.1) pay loss units;
    every player pays one unit per unused joker (K-13, KA-19; the solo up to 2, K-15.2).
    Returns ``(seat, reason, units)`` in seat order per reason."""
    due: list[tuple[int, Reason, int]] = []
    for reason, units in loss_units(scores[loser]):
        for seat in teams[loser].members:
            due.append((seat, reason, units))
    for seat, unused in enumerate(unused_jokers):
        if unused:
            due.append((seat, Reason.UNUSED_JOKER, unused))
    return tuple(due)


def six_equal_loser(scores: Sequence[int], out: Sequence[bool], winner: int) -> int:
    """S-7.3/S-7.4, KA-14: the lowest score among the teams still in, other than the winner; a tie goes
    to the team farthest clockwise from the winner in playing order."""
    n = len(scores)
    candidates = [t for t in range(n) if t != winner and not out[t]]
    return min(candidates, key=lambda t: (scores[t], -((t - winner) % n)))


def settle_six_equal(
    teams: Sequence[Team], scores: Sequence[int], out: Sequence[bool], winner: int, fined_seat: int
) -> tuple[int, tuple[tuple[int, Reason, int], ...]]:
    """S-7/KA-14: the loser pays 1 unit per player, every open Schuster (< 75, still in, not the winner)
    1 more, the thrower (or turn owner) a 1-unit fine; no Schwarz, no Joker ins Grab.
    Returns ``(loser, due)``."""
    loser = six_equal_loser(scores, out, winner)
    due: list[tuple[int, Reason, int]] = [(seat, Reason.LOST, 1) for seat in teams[loser].members]
    for t, team in enumerate(teams):
        if t != winner and not out[t] and scores[t] < 75:
            due.extend((seat, Reason.BELOW_75, 1) for seat in team.members)
    due.append((fined_seat, Reason.SIX_EQUAL_FINE, 1))
    return loser, tuple(due)


def strassen_units(before: int, added: int) -> int:
    """K-14, KA-20: one unit each time a Straßen account reaches a multiple of 3."""
    return (before + added) // 3 - before // 3


def payouts(
    payments: Sequence[Payment], externals: Sequence[bool], base_cents: int, all_units: bool = True
) -> tuple[Payout, ...]:
    """C-4.1, KA-29 b: after a round the bank pays each external base x the units paid by all others.

    KA-29: an external's share of every unit belongs to him. Under ``external_share_scope =
    loss_units_only`` he pays the full unit for a unit that is not a loss unit (Joker ins Grab,
    3 Straßen, the six-equal fine), so his own share of it comes back in the same pay-out."""
    result: list[Payout] = []
    for seat, external in enumerate(externals):
        if external:
            shares = 0
            for p in payments:
                if p.seat != seat:
                    shares += p.units
                elif not all_units and p.reason not in LOSS_REASONS:
                    shares += p.units
            if shares:
                result.append(Payout(seat, shares * base_cents))
    return tuple(result)


def totals(
    seats: int, payments: Sequence[Payment], paid_out: Sequence[Payout]
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Per seat: cents paid and cents received; and the bank's net intake (paid - paid out)."""
    paid = [0] * seats
    received = [0] * seats
    for p in payments:
        paid[p.seat] += p.cents
    for out in paid_out:
        received[out.seat] += out.cents
    return tuple(paid), tuple(received), sum(paid) - sum(received)
