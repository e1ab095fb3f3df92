"""Refusals of the bank. The clause (``C-…``/``KA-…``/``BK-…``) is data, shown as a small rule link;
the sentence itself says what was wrong and what is allowed."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text


class BankRefusal(RuleViolation):
    """Base of the bank's refusals: the message alone is the sentence. Nothing is written."""

    code = "bank/refused"

    def text(self, lang: str) -> str:
        return self.message.get(lang)


class SeasonClosed(BankRefusal):
    code = "bank/season_closed"

    def __init__(self, season: str) -> None:
        super().__init__(
            "KA-32",
            Text(
                f"Die Saison {season} ist abgeschlossen: dort wird nichts mehr gebucht. "
                "Buche mit einem Datum in der laufenden Saison.",
                f"The season {season} is closed: nothing more is booked in it. Book with a date in the current season.",
            ),
        )


class BadAmount(BankRefusal):
    code = "bank/bad_amount"

    def __init__(self, given: str) -> None:
        super().__init__(
            "KA-33",
            Text(
                f"Betrag {given!r} geht nicht: erlaubt ist ein positiver Betrag in Euro "
                "(z. B. 12,50), höchstens 10.000 €.",
                f"Amount {given!r} is not allowed: give a positive amount in euros (e.g. 12.50), at most 10,000 €.",
            ),
        )


class UnknownMember(BankRefusal):
    code = "bank/unknown_member"

    def __init__(self, what: object) -> None:
        super().__init__(
            "KA-33",
            Text(
                f"Es gibt kein Mitglied {what!s}: Zahlungen gehen nur an Mitglieder des Vereins.",
                f"There is no member {what!s}: payments are only for the club's members.",
            ),
        )


class BookingRefused(BankRefusal):
    """A reason that cannot be booked by hand, a reversal of a reversal, a missing note."""

    code = "bank/booking_refused"
