"""Refusals about members, sign-in and access. Each cites its clause of docs/access.md (``AC-…``);
the clause is data (shown as a small rule link), never part of the sentence."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text


class ClubRefusal(RuleViolation):
    """Base of this package's refusals: the message alone is the sentence."""

    code = "club/refused"

    def text(self, lang: str) -> str:
        return self.message.get(lang)


class MemberRefused(ClubRefusal):
    """A member's name, short name or kind is not allowed (AC-1), or the name is taken."""

    code = "member/refused"


class MemberNotFound(ClubRefusal):
    code = "member/not_found"

    def __init__(self, what: str) -> None:
        super().__init__("AC-1", Text(f"Es gibt kein Mitglied {what!r}.", f"There is no member {what!r}."))


class AccountRefused(ClubRefusal):
    """A role, password or account change that is not allowed (AC-2, AC-7)."""

    code = "account/refused"


def no_admin_left() -> AccountRefused:
    """AC-2: the club keeps at least one active admin (checked by the store inside the change)."""
    return AccountRefused(
        "AC-2",
        Text(
            "Der Verein braucht mindestens einen aktiven Admin. Mach erst jemand anderen zum Admin.",
            "The club needs at least one active admin. Make someone else admin first.",
        ),
    )


class SignInRefused(ClubRefusal):
    """Wrong name or password, a disabled account, or too many attempts (AC-3)."""

    code = "auth/sign_in_refused"


class ClubExists(ClubRefusal):
    """The first-start set-up runs only once (AC-8)."""

    code = "club/exists"

    def __init__(self) -> None:
        super().__init__(
            "AC-8",
            Text(
                "Der Verein ist schon eingerichtet. Melde dich an; neue Mitglieder legt der Admin an.",
                "The club is already set up. Sign in; the admin adds new members.",
            ),
        )


class NoClub(ClubRefusal):
    """Nothing works before the club and its admin exist (AC-8)."""

    code = "club/missing"

    def __init__(self) -> None:
        super().__init__(
            "AC-8",
            Text(
                "Der Verein ist noch nicht eingerichtet: erst 'stammtisch club init' oder die Einrichtungsseite.",
                "The club is not set up yet: run 'stammtisch club init' or open the set-up page first.",
            ),
        )


class AccessDenied(ClubRefusal):
    """The signed-in person's role may not do this (AC-4), or nobody is signed in."""

    code = "auth/forbidden"

    def __init__(self, message: Text, *, signed_in: bool, clause: str = "AC-4") -> None:
        super().__init__(clause, message)
        self.signed_in = signed_in


class TokenRefused(ClubRefusal):
    """An API token that is unknown, revoked, or not one's own (AC-6)."""

    code = "auth/token_refused"


class InviteRefused(ClubRefusal):
    """An invite link that is unknown, used or expired (AC-7)."""

    code = "auth/invite_refused"
