"""Reading the book: balances, the cash box, the bank's balance, and refusing bad payments.

Unpaid balances carry over: a member's balance is the sum of all her bookings up to a day, whatever
the season (C-3 ends the dice year, not the debts)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from datetime import date

from stammtisch.club.bank.errors import BadAmount
from stammtisch.club.bank.model import Booking

#: The largest single payment (10,000 €): a typo guard, not a rule of the club.
MAX_PAYMENT_CENTS = 1_000_000

_AMOUNT = re.compile(r"^(\d{1,7})(?:[.,](\d{1,2}))?$")


def parse_euros(text: str) -> int:
    """``"12,50"`` / ``"12.5"`` / ``"12"`` -> cents. A negative, zero, malformed or too large amount is
    refused (KA-33): the reason says which way money goes, the amount is always positive."""
    given = text.strip().removesuffix("€").strip()
    match = _AMOUNT.match(given)
    if match is None:
        raise BadAmount(text)
    cents = int(match.group(1)) * 100 + int((match.group(2) or "0").ljust(2, "0"))
    if not 0 < cents <= MAX_PAYMENT_CENTS:
        raise BadAmount(text)
    return cents


def check_cents(cents: int) -> int:
    """The same rule for an amount already in cents."""
    if isinstance(cents, bool) or not isinstance(cents, int) or not 0 < cents <= MAX_PAYMENT_CENTS:
        raise BadAmount(str(cents))
    return cents


def euros(cents: int, lang: str = "de") -> str:
    """``-1250`` -> ``-12,50 €`` (de) / ``-€12.50`` (en)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    if lang == "de":
        return f"{sign}{whole:,}".replace(",", ".") + f",{part:02d} €"
    return f"{sign}€{whole:,}.{part:02d}"


def balances(bookings: Iterable[Booking], until: date | None = None) -> dict[int, int]:
    """Each member's balance (positive: in credit, negative: owes), up to and including ``until``."""
    result: dict[int, int] = defaultdict(int)
    for b in bookings:
        if b.member_id is not None and (until is None or b.on <= until):
            result[b.member_id] += b.member_cents
    return dict(result)


def cash(bookings: Iterable[Booking], until: date | None = None) -> int:
    """The cash in the box (KA-33), up to and including ``until``."""
    return sum(b.cash_cents for b in bookings if until is None or b.on <= until)


def bank_balance(bookings: Iterable[Booking], until: date | None = None) -> int:
    """The bank's balance: the sum of the bookings' bank sides (cash plus claims minus debts)."""
    return sum(b.bank_cents for b in bookings if until is None or b.on <= until)


def open_evenings(bookings: Iterable[Booking]) -> dict[str, int]:
    """Per evening: how many of its bookings stand (not reversed). An evening is booked while > 0."""
    standing: dict[str, int] = defaultdict(int)
    for b in bookings:
        if b.evening is not None:
            standing[b.evening] += -1 if b.reverses is not None else 1
    return dict(standing)
