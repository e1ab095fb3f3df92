"""The club's bank (issue 13, C-1, C-3, C-4, C-6, KA-29..KA-33): an append-only ledger of bookings,
the postings of a closed Klümpchen evening, attendance fines, payments, balances and the season.

Pure: no I/O and no clock (times are passed in); the store keeps the bookings (``store.ledger``)."""

from stammtisch.club.bank.errors import BankRefusal
from stammtisch.club.bank.model import BANK, Booking, Kind, Reason, reason_text
from stammtisch.club.bank.season import Season, season_of

__all__ = ["BANK", "BankRefusal", "Booking", "Kind", "Reason", "Season", "reason_text", "season_of"]
