"""Members, accounts and the club (issue 10.1-2).

Glossary: a *member* is one of the club's people, kept across matches and games (statistics and
the bank hang on them); *extern* (external, C-4 of the Klümpchen rulings) is a person who plays
without paying into the dice fund; a *guest* is a member added on the fly from a name typed into
a new match, to be promoted (kept as a regular member) later. An *account* is a member's sign-in
with one role: ``admin`` (club settings, members, roles), ``treasurer`` (Kassenwart: payments,
fines, season report), ``scribe`` (Schreiber: creates and keeps matches and evenings) or ``member``
(plays through seat links, sees statistics).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from stammtisch.core.text import Text


class Role(StrEnum):
    """A sign-in's role; the order of ``RANKS`` is only for display (rights are in ``access``)."""

    ADMIN = "admin"
    TREASURER = "treasurer"
    SCRIBE = "scribe"
    MEMBER = "member"

    @property
    def label(self) -> Text:
        return ROLE_TITLES[self]


ROLE_TITLES = {
    Role.ADMIN: Text("Admin", "Admin"),
    Role.TREASURER: Text("Kassenwart", "Treasurer"),
    Role.SCRIBE: Text("Schreiber", "Scribe"),
    Role.MEMBER: Text("Mitglied", "Member"),
}


class Kind(StrEnum):
    """C-4: a member pays into the dice fund, an external does not."""

    MEMBER = "member"
    EXTERNAL = "external"

    @property
    def label(self) -> Text:
        return Text("Mitglied", "Member") if self is Kind.MEMBER else Text("Extern", "External")


@dataclass(frozen=True, slots=True)
class Club:
    """The one club of this database and its settings."""

    name: str
    public_spectators: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Member:
    member_id: int
    name: str
    short_name: str
    kind: Kind
    active: bool
    guest: bool
    created_at: datetime

    @property
    def shown_short(self) -> str:
        """What a phone shows: the short name, else the name."""
        return self.short_name or self.name


@dataclass(frozen=True, slots=True)
class Account:
    """A member's sign-in. ``password_hash`` is None until the member set a password (invite);
    ``stamp`` changes with the password, so older sessions stop counting (``web.auth``)."""

    member_id: int
    name: str
    role: Role
    password_hash: str | None = field(repr=False)
    created_at: datetime
    disabled_at: datetime | None

    @property
    def active(self) -> bool:
        return self.disabled_at is None

    @property
    def stamp(self) -> str:
        return (self.password_hash or "")[-12:]


@dataclass(frozen=True, slots=True)
class ApiToken:
    """A member's token for the JSON API (only its SHA-256 is stored; shown once when made)."""

    token_id: int
    member_id: int
    label: str
    created_at: datetime
    revoked_at: datetime | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


@dataclass(frozen=True, slots=True)
class Invite:
    """A single-use link that lets a member set her own password before ``expires_at``."""

    invite_id: int
    member_id: int
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None
