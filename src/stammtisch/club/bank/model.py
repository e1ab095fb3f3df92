"""A booking: one line of the club's book (KA-33: one ledger).

Double entry in spirit: each booking moves money between a member's account (``member_cents``:
positive = in her favour, negative = she owes) and the bank, and perhaps through the cash box
(``cash_cents``). The bank's side is what is left: ``bank_cents = cash_cents - member_cents``, so
every booking balances. Summed over the book: the bank's balance (cash in the box plus what members
owe minus what it owes them) equals the sum of the bookings' bank sides.

Bookings are append-only; a correction is a reversing booking (``reverses``) with a note.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from stammtisch.core.text import Text

#: ``member_id`` of bookings that concern the bank alone (its spending).
BANK: None = None


class Kind(StrEnum):
    CHARGE = "charge"  # a member owes the bank (units, fines): member -X
    CREDIT = "credit"  # the bank owes a member (an external's pay-out, C-4.1): member +X
    CASH_IN = "cash_in"  # a member pays cash into the box: member +X, cash +X
    CASH_OUT = "cash_out"  # the bank pays a member cash: member -X, cash -X
    SPENDING = "spending"  # the bank spends (the dice tour, C-6.1): cash -X


class Reason(StrEnum):
    """Stable English codes (stored, exported); texts in ``reason_text``."""

    LOST = "lost"
    BELOW_75 = "below_75"
    NO_POINTS = "no_points"
    UNUSED_JOKER = "unused_joker"
    THREE_STRAIGHTS = "three_straights"
    SIX_EQUAL_FINE = "six_equal_fine"
    EXTERNAL_PAYOUT = "external_payout"
    LATE = "late"
    ABSENT = "absent"
    CASH_IN = "cash_in"
    CASH_OUT = "cash_out"
    SPENDING = "spending"


KIND: dict[Reason, Kind] = {
    Reason.LOST: Kind.CHARGE,
    Reason.BELOW_75: Kind.CHARGE,
    Reason.NO_POINTS: Kind.CHARGE,
    Reason.UNUSED_JOKER: Kind.CHARGE,
    Reason.THREE_STRAIGHTS: Kind.CHARGE,
    Reason.SIX_EQUAL_FINE: Kind.CHARGE,
    Reason.EXTERNAL_PAYOUT: Kind.CREDIT,
    Reason.LATE: Kind.CHARGE,
    Reason.ABSENT: Kind.CHARGE,
    Reason.CASH_IN: Kind.CASH_IN,
    Reason.CASH_OUT: Kind.CASH_OUT,
    Reason.SPENDING: Kind.SPENDING,
}

_TEXTS: dict[Reason, Text] = {
    Reason.LOST: Text("verloren", "lost"),
    Reason.BELOW_75: Text("Schuster (unter 75)", "Schuster (below 75)"),
    Reason.NO_POINTS: Text("Schwarz (0 Punkte)", "Schwarz (no points)"),
    Reason.UNUSED_JOKER: Text("Joker ins Grab", "joker buried (unused)"),
    Reason.THREE_STRAIGHTS: Text("jede dritte Straße", "every third Straße"),
    Reason.SIX_EQUAL_FINE: Text("Strafe: sechs Gleiche", "fine: six equal dice"),
    Reason.EXTERNAL_PAYOUT: Text("Auszahlung an Externe", "pay-out to an external"),
    Reason.LATE: Text("zu spät / früher gegangen", "late or left early"),
    Reason.ABSENT: Text("gefehlt / nicht mitgespielt", "absent or did not play"),
    Reason.CASH_IN: Text("Bareinzahlung", "cash paid in"),
    Reason.CASH_OUT: Text("Auszahlung", "paid out"),
    Reason.SPENDING: Text("Ausgabe der Kasse", "the bank's spending"),
}

#: Reasons the treasurer books by hand (the others come from evenings and attendance).
MANUAL = (Reason.CASH_IN, Reason.CASH_OUT, Reason.SPENDING)
#: Reasons an evening's settlement books (K-11..K-15, S-7, C-4).
GAME = (
    Reason.LOST,
    Reason.BELOW_75,
    Reason.NO_POINTS,
    Reason.UNUSED_JOKER,
    Reason.THREE_STRAIGHTS,
    Reason.SIX_EQUAL_FINE,
    Reason.EXTERNAL_PAYOUT,
)


def reason_text(reason: str) -> Text:
    """The German/English words for a stored reason code (an unknown code is shown as itself)."""
    try:
        return _TEXTS[Reason(reason)]
    except ValueError:
        return Text(reason, reason)


def sides(reason: Reason, cents: int) -> tuple[int, int]:
    """``(member_cents, cash_cents)`` of a booking of ``cents`` (> 0) for ``reason``."""
    kind = KIND[reason]
    if kind is Kind.CHARGE:
        return -cents, 0
    if kind is Kind.CREDIT:
        return cents, 0
    if kind is Kind.CASH_IN:
        return cents, cents
    if kind is Kind.CASH_OUT:
        return -cents, -cents
    return 0, -cents


@dataclass(frozen=True, slots=True)
class Booking:
    """One line of the book. ``on`` is the day it belongs to (the evening's or payment's day: it picks
    the season); ``booked_at`` is when it was written, ``booked_by`` the member who did (None: the
    system, e.g. an evening closing). ``evening`` is the match id of a Klümpchen evening, ``round``
    its round number."""

    member_id: int | None
    reason: Reason
    member_cents: int
    cash_cents: int
    on: date
    booked_at: datetime
    booked_by: int | None = None
    evening: str | None = None
    round: int | None = None
    note: str = ""
    reverses: int | None = None
    booking_id: int | None = None

    @property
    def bank_cents(self) -> int:
        """The bank's side: what it gains by this booking (cash in the box plus claims on members)."""
        return self.cash_cents - self.member_cents

    @property
    def cents(self) -> int:
        """The booking's amount as people read it (always shown positive, the reason says which way)."""
        return abs(self.member_cents) or abs(self.cash_cents)


def booking(
    member_id: int | None,
    reason: Reason,
    cents: int,
    on: date,
    booked_at: datetime,
    **extra: object,
) -> Booking:
    """A booking of ``cents`` (> 0) for ``reason``, its sides set by the reason's kind."""
    member_cents, cash_cents = sides(reason, cents)
    return Booking(member_id, reason, member_cents, cash_cents, on, booked_at, **extra)  # type: ignore[arg-type]


def reversal(original: Booking, note: str, booked_at: datetime, booked_by: int | None, on: date) -> Booking:
    """The booking that cancels ``original`` (a correction, KA-33: append-only)."""
    assert original.booking_id is not None
    return Booking(
        original.member_id,
        original.reason,
        -original.member_cents,
        -original.cash_cents,
        on,
        booked_at,
        booked_by,
        original.evening,
        original.round,
        note,
        original.booking_id,
    )
