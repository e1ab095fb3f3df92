"""Klümpchen in the club's bank (KA-33): the bookings of a closed evening and the season figures.

The bookings of a closed Klümpchen evening (K-11..K-16, S-7, C-4, KA-29, KA-33): every payment of
every round (units for lost, Schuster, Schwarz, Joker ins Grab, every third Straße, the six-equal
fine, the solo player's and the absent partner's units, externals' reduced units), and the bank's
pay-outs to externals. The units' cents are the engine's own settlement: nothing is recomputed here,
so the evening's bookings equal its settlement to the cent."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.model import Booking, Reason, booking
from stammtisch.club.bank.port import BankGame
from stammtisch.core.protocol import Finished
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import GAME as ENGINE
from stammtisch.games.kluempchen.model import PLAY, State
from stammtisch.games.kluempchen.model import Reason as GameReason


def evening_bookings(
    state: State, seats: Mapping[int, int], evening: str, on: date, booked_at: datetime
) -> tuple[Booking, ...]:
    """The bookings of the evening ``evening`` whose seat ``s`` is member ``seats[s]``.

    Refused (nothing booked) when a seat that pays or is paid is not linked to a member."""
    lines: list[tuple[int | None, int, Reason, int]] = []
    for record in state.rounds:
        for p in record.payments:
            lines.append((record.number, p.seat, Reason(p.reason.value), p.cents))
        for out in record.payouts:
            lines.append((record.number, out.seat, Reason.EXTERNAL_PAYOUT, out.cents))
    if state.phase == PLAY and state.round is not None:  # Straßen units already due in the running round
        for p in state.round.payments:
            lines.append((None, p.seat, Reason(p.reason.value), p.cents))
    missing = sorted({seat for _, seat, _, cents in lines if cents and seat not in seats})
    if missing:
        names = ", ".join(str(s + 1) for s in missing)
        raise BookingRefused(
            "KA-33",
            Text(
                f"Platz {names} ist keinem Mitglied zugeordnet: ein Abend wird erst gebucht, wenn jeder "
                "Platz, der zahlt oder ausgezahlt wird, einem Mitglied gehört.",
                f"Seat {names} is not linked to a member: an evening is booked only when every seat that "
                "pays or is paid out belongs to a member.",
            ),
        )
    return tuple(
        booking(seats[seat], reason, cents, on, booked_at, evening=evening, round=number)
        for number, seat, reason, cents in lines
        if cents
    )


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


def add_evening(figures: dict[int, PlayerFigures], state: State, seats: Mapping[int, int]) -> None:
    """Adds one closed evening's figures (members only: unlinked seats are skipped). An evening counts
    for the players who played at least one of its rounds (E-22: a seat kept for someone expected later
    who never came to the table did not attend)."""
    played = {seat for record in state.rounds for team in record.teams for seat in team.members}
    for seat, member in seats.items():
        if seat in played:
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


def ended(state: State) -> bool:
    """Whether the evening is over (the Schreiber closed it, A.3): only then is it booked."""
    return isinstance(ENGINE.turn(state), Finished)


BANK = BankGame(slug="kluempchen", ended=ended, evening_bookings=evening_bookings, add_evening=add_evening)
