"""The port the store implements for the club's people (``store.members.SqlClub``).

Writes that must be atomic are single methods here (the club with its admin; an invite used once;
a guest made for an unknown name). Uniqueness of names is the database's job (a unique key), so two
racing additions of one name give one member and one refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from stammtisch.club.members.model import Account, ApiToken, Club, Invite, Kind, Member, Role


class NameTaken(Exception):
    """The store refused a second member with the same name key."""


class ClubRepository(Protocol):
    def club(self) -> Club | None: ...

    def create_club(self, name: str, admin: str, password_hash: str, now: datetime) -> Account:
        """The club and its first member with an admin account, in one transaction; ``ClubExists`` (from
        ``errors``) when a club is already there."""
        ...

    def set_public_spectators(self, allowed: bool) -> Club: ...

    def members(self, *, include_inactive: bool = True) -> list[Member]: ...

    def member(self, member_id: int) -> Member | None: ...

    def member_by_key(self, key: str) -> Member | None: ...

    def add_member(self, name: str, key: str, short_name: str, kind: Kind, guest: bool, now: datetime) -> Member:
        """``NameTaken`` when the key exists."""
        ...

    def update_member(
        self, member_id: int, name: str, key: str, short_name: str, kind: Kind, active: bool, guest: bool
    ) -> Member:
        """``NameTaken`` when another member has the key."""
        ...

    def accounts(self) -> list[Account]: ...

    def account(self, member_id: int) -> Account | None: ...

    def put_account(self, member_id: int, role: Role, password_hash: str | None, now: datetime) -> Account:
        """Create the member's account, or change its role (and password, when given); enables it."""
        ...

    def set_password(self, member_id: int, password_hash: str) -> None: ...

    def set_role(self, member_id: int, role: Role) -> None: ...

    def set_disabled(self, member_id: int, at: datetime | None) -> None: ...

    def add_token(self, member_id: int, label: str, token_hash: str, now: datetime) -> ApiToken: ...

    def tokens(self, member_id: int) -> list[ApiToken]: ...

    def revoke_token(self, member_id: int, token_id: int, now: datetime) -> bool:
        """Whether an active token of ``member_id`` was revoked."""
        ...

    def account_by_token(self, token_hash: str) -> Account | None:
        """The account an active token belongs to."""
        ...

    def add_invite(self, member_id: int, token_hash: str, now: datetime, expires_at: datetime) -> Invite: ...

    def invite(self, token_hash: str) -> Invite | None: ...

    def use_invite(self, token_hash: str, password_hash: str, now: datetime) -> Account | None:
        """Set the password and mark the invite used, atomically; None when it is unknown, used or expired."""
        ...

    def seats(self, match_id: str) -> dict[int, int]: ...

    def set_seats(self, match_id: str, seats: Sequence[tuple[int, int]]) -> None:
        """Link seats to members (seats already linked keep their member)."""
        ...

    def relink_seat(self, match_id: str, seat: int, member_id: int) -> None:
        """Link ``seat`` to ``member_id`` in place of its link (M-12: a joined seat taken back and taken
        again by someone else)."""
        ...
