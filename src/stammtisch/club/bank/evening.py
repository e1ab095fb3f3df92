"""The bookings of a closed Klümpchen evening (K-11..K-16, S-7, C-4, KA-29, KA-33): every payment of
every round (units for lost, Schuster, Schwarz, Joker ins Grab, every third Straße, the six-equal
fine, the solo player's and the absent partner's units, externals' reduced units), and the bank's
pay-outs to externals. The units' cents are the engine's own settlement: nothing is recomputed here,
so the evening's bookings equal its settlement to the cent."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.model import Booking, Reason, booking
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import PLAY, State


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
