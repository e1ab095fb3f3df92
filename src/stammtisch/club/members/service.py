"""The club's use cases for people: first start, members, accounts and roles, sign-in, invites,
API tokens, and the members behind a match's seats. Every refusal is bilingual with its clause
(docs/access.md); nothing is written on a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from stammtisch.club.members.errors import (
    AccountRefused,
    ClubExists,
    InviteRefused,
    MemberNotFound,
    MemberRefused,
    NoClub,
    SignInRefused,
    TokenRefused,
    no_admin_left,
)
from stammtisch.club.members.memo import AccountMemo
from stammtisch.club.members.model import Account, ApiToken, Club, Kind, Member, Role
from stammtisch.club.members.names import clean_name, clean_short, name_key, taken
from stammtisch.club.members.passwords import digest, hash_password, new_secret, verify_password
from stammtisch.club.members.repository import ClubRepository, NameTaken
from stammtisch.core.text import Text

#: How long an invite link stays valid.
INVITE_DAYS = 7
MAX_LABEL = 80


def utc_now() -> datetime:
    return datetime.now(UTC)


def parse_role(raw: str) -> Role:
    try:
        return Role(raw.strip().lower())
    except ValueError:
        raise AccountRefused(
            "AC-2",
            Text(
                f"Unbekannte Rolle {raw[:20]!r}; erlaubt sind admin, treasurer (Kassenwart), scribe (Schreiber) "
                "und member (Mitglied).",
                f"Unknown role {raw[:20]!r}; allowed are admin, treasurer, scribe and member.",
            ),
        ) from None


def _bad_sign_in() -> SignInRefused:
    # One message for an unknown name and a wrong password: a refusal must not confirm who is a member.
    return SignInRefused(
        "AC-3",
        Text(
            "Name oder Passwort stimmen nicht. Groß- und Kleinschreibung des Passworts zählen.",
            "The name or the password is wrong. The password is case-sensitive.",
        ),
    )


class ClubService:
    """Use cases on a ``ClubRepository``; ``clock`` is injectable for tests of expiry."""

    def __init__(
        self, repository: ClubRepository, clock: Callable[[], datetime] = utc_now, memo: AccountMemo | None = None
    ) -> None:
        self.repository = repository
        self.clock = clock
        self.memo = memo or AccountMemo()

    # --- the club ---------------------------------------------------------------------------------
    def club(self) -> Club | None:
        return self.repository.club()

    def require_club(self) -> Club:
        club = self.repository.club()
        if club is None:
            raise NoClub()
        return club

    def init_club(self, club_name: str, admin_name: str, password: str) -> Account:
        """AC-8: the first start makes the club and its admin; refused once a club exists."""
        name = " ".join((club_name or "").split())
        if not name or len(name) > 80:
            raise MemberRefused(
                "AC-8",
                Text(
                    "Der Vereinsname fehlt oder ist länger als 80 Zeichen.",
                    "The club's name is missing or longer than 80 characters.",
                ),
            )
        admin = clean_name(admin_name)
        if self.repository.club() is not None:
            raise ClubExists()
        return self.repository.create_club(name, admin, hash_password(password), self.clock())

    def set_public_spectators(self, allowed: bool) -> Club:
        self.require_club()
        return self.repository.set_public_spectators(allowed)

    # --- members ----------------------------------------------------------------------------------
    def members(self, *, include_inactive: bool = True) -> list[Member]:
        return self.repository.members(include_inactive=include_inactive)

    def member(self, member_id: int) -> Member:
        found = self.repository.member(member_id)
        if found is None:
            raise MemberNotFound(str(member_id))
        return found

    def find(self, name: str) -> Member:
        found = self.repository.member_by_key(name_key(name))
        if found is None:
            raise MemberNotFound(clean_name(name))
        return found

    def add_member(self, name: str, short_name: str = "", kind: Kind = Kind.MEMBER, *, guest: bool = False) -> Member:
        """AC-1: a new member; a name the club has (any case) is refused."""
        clean = clean_name(name)
        short = clean_short(short_name)
        try:
            return self.repository.add_member(clean, name_key(clean), short, kind, guest, self.clock())
        except NameTaken:
            raise taken(clean) from None

    def edit_member(
        self, member_id: int, *, name: str, short_name: str, kind: Kind, active: bool, guest: bool | None = None
    ) -> Member:
        current = self.member(member_id)
        clean = clean_name(name)
        short = clean_short(short_name)
        keep_guest = current.guest if guest is None else guest
        self.memo.forget()  # the name on a signed-in account may change
        try:
            return self.repository.update_member(member_id, clean, name_key(clean), short, kind, active, keep_guest)
        except NameTaken:
            raise taken(clean) from None

    def promote(self, member_id: int) -> Member:
        """A guest becomes a regular member (kept in lists, statistics and the bank by name)."""
        current = self.member(member_id)
        return self.edit_member(
            member_id,
            name=current.name,
            short_name=current.short_name,
            kind=current.kind,
            active=True,
            guest=False,
        )

    def resolve(self, names: Sequence[str]) -> list[Member]:
        """The members behind names typed into a new match: known names (any case) are the members,
        unknown ones become guests on the fly. Empty names (an empty seat) are refused by the caller."""
        resolved: list[Member] = []
        for raw in names:
            clean = clean_name(raw)
            found = self.repository.member_by_key(name_key(clean))
            if found is None:
                try:
                    found = self.repository.add_member(clean, name_key(clean), "", Kind.MEMBER, True, self.clock())
                except NameTaken:  # someone added the same name a moment ago
                    found = self.repository.member_by_key(name_key(clean))
                    assert found is not None
            resolved.append(found)
        return resolved

    def link_seats(self, match_id: str, players: Sequence[str]) -> dict[int, int]:
        """Write ``match_seats`` for a match created from names (empty names: empty seats, no member)."""
        named = [(seat, name) for seat, name in enumerate(players) if name and name.strip()]
        members = self.resolve([name for _, name in named]) if named else []
        self.repository.set_seats(match_id, [(seat, m.member_id) for (seat, _), m in zip(named, members, strict=True)])
        return self.repository.seats(match_id)

    def link_joined_seat(self, match_id: str, players: Sequence[str]) -> dict[int, int]:
        """M-12: after a player joined a running match (his name last in ``players``), his seat is the
        member behind his name, also where a join taken back (undo) left that seat linked to someone
        else; the other seats are linked as by ``link_seats``."""
        seat = len(players) - 1
        member = self.resolve([players[seat]])[0]
        linked = self.repository.seats(match_id).get(seat)
        if linked is not None and linked != member.member_id:
            self.repository.relink_seat(match_id, seat, member.member_id)
        return self.link_seats(match_id, players)

    def seats(self, match_id: str) -> dict[int, int]:
        return self.repository.seats(match_id)

    # --- accounts and roles -----------------------------------------------------------------------
    def accounts(self) -> list[Account]:
        return self.repository.accounts()

    def account(self, member_id: int) -> Account | None:
        return self.repository.account(member_id)

    def add_user(self, name: str, role: Role, password: str | None = None, *, short_name: str = "") -> Account:
        """AC-2: an account for the member called ``name`` (made if the club has no such member);
        without a password the member sets one through an invite."""
        self.require_club()
        clean = clean_name(name)
        existing = self.repository.member_by_key(name_key(clean))
        member = existing or self.add_member(clean, short_name)
        if existing is not None and self.repository.account(member.member_id) is not None:
            raise AccountRefused(
                "AC-2",
                Text(
                    f"{member.name} hat schon eine Anmeldung; ändere ihre Rolle stattdessen.",
                    f"{member.name} already has a sign-in; change the role instead.",
                ),
            )
        hashed = hash_password(password) if password is not None else None
        self.memo.forget()
        return self.repository.put_account(member.member_id, role, hashed, self.clock())

    def set_role(self, member_id: int, role: Role) -> Account:
        account = self._account(member_id)
        if account.role is Role.ADMIN and role is not Role.ADMIN:
            self._keep_an_admin(member_id)
        self.repository.set_role(member_id, role)
        self.memo.forget()
        return self._account(member_id)

    def set_disabled(self, member_id: int, disabled: bool) -> Account:
        account = self._account(member_id)
        if disabled and account.role is Role.ADMIN:
            self._keep_an_admin(member_id)
        self.repository.set_disabled(member_id, self.clock() if disabled else None)
        self.memo.forget()
        return self._account(member_id)

    def change_password(self, member_id: int, old: str, new: str) -> Account:
        account = self._account(member_id)
        if not verify_password(account.password_hash, old):
            raise AccountRefused("AC-2", Text("Das bisherige Passwort stimmt nicht.", "The current password is wrong."))
        self.repository.set_password(member_id, hash_password(new))
        self.memo.forget()
        return self._account(member_id)

    def _account(self, member_id: int) -> Account:
        account = self.repository.account(member_id)
        if account is None:
            raise AccountRefused(
                "AC-2",
                Text("Dieses Mitglied hat keine Anmeldung.", "This member has no sign-in."),
            )
        return account

    def _keep_an_admin(self, member_id: int) -> None:
        """AC-2, the quick answer before any write; the store checks again inside the change's transaction
        (two admins demoting each other at once: ``store.members``)."""
        others = [
            a for a in self.repository.accounts() if a.role is Role.ADMIN and a.active and a.member_id != member_id
        ]
        if not others:
            raise no_admin_left()

    # --- sign-in ----------------------------------------------------------------------------------
    def sign_in(self, name: str, password: str) -> Account:
        """AC-3: the account for ``name`` and ``password``; one refusal for a wrong name or password."""
        try:
            member = self.repository.member_by_key(name_key(name))
        except MemberRefused:
            member = None
        account = self.repository.account(member.member_id) if member is not None else None
        if not verify_password(account.password_hash if account is not None else None, password):
            raise _bad_sign_in()
        assert account is not None
        if not account.active:
            raise SignInRefused(
                "AC-3",
                Text(
                    "Diese Anmeldung ist abgeschaltet. Frag den Admin des Vereins.",
                    "This sign-in is disabled. Ask the club's admin.",
                ),
            )
        return account

    def session_account(self, member_id: int, stamp: str) -> Account | None:
        """The account a session names, if it is still active and its password unchanged."""
        key = ("session", member_id, stamp)
        account = self.memo.get(key)
        if account is not None:
            return account
        account = self.repository.account(member_id)
        if account is None or not account.active or account.stamp != stamp:
            return None
        self.memo.put(key, account)
        return account

    # --- invites ----------------------------------------------------------------------------------
    def invite(self, member_id: int, days: int = INVITE_DAYS) -> str:
        """AC-7: a single-use secret that lets the member set her password (shown once, as link and QR)."""
        self._account(member_id)
        secret = new_secret()
        now = self.clock()
        self.repository.add_invite(member_id, digest(secret), now, now + timedelta(days=days))
        return secret

    def invited(self, secret: str) -> Member:
        """The member an invite is for; ``InviteRefused`` when it is unknown, used or expired."""
        invite = self.repository.invite(digest(secret))
        if invite is None or invite.used_at is not None or invite.expires_at <= self.clock():
            raise _invite_refused()
        return self.member(invite.member_id)

    def accept_invite(self, secret: str, password: str) -> Account:
        self.invited(secret)
        account = self.repository.use_invite(digest(secret), hash_password(password), self.clock())
        self.memo.forget()
        if account is None:
            raise _invite_refused()
        return account

    # --- API tokens -------------------------------------------------------------------------------
    def create_token(self, member_id: int, label: str) -> tuple[ApiToken, str]:
        """AC-6: a token for scripts and bots, acting with the member's role; its secret is shown once."""
        account = self._account(member_id)
        if not account.active:
            raise TokenRefused("AC-6", Text("Die Anmeldung ist abgeschaltet.", "The sign-in is disabled."))
        clean = " ".join((label or "").split())
        if not clean or len(clean) > MAX_LABEL:
            raise TokenRefused(
                "AC-6",
                Text(
                    f"Gib dem Schlüssel einen Namen (1 bis {MAX_LABEL} Zeichen), z. B. 'Würfelbot'.",
                    f"Give the token a name (1 to {MAX_LABEL} characters), e.g. 'dice bot'.",
                ),
            )
        secret = "st_" + new_secret()
        return self.repository.add_token(member_id, clean, digest(secret), self.clock()), secret

    def tokens(self, member_id: int) -> list[ApiToken]:
        return self.repository.tokens(member_id)

    def revoke_token(self, member_id: int, token_id: int) -> None:
        revoked = self.repository.revoke_token(member_id, token_id, self.clock())
        self.memo.forget()
        if not revoked:
            raise TokenRefused(
                "AC-6",
                Text(
                    "Diesen Schlüssel gibt es nicht unter deinen aktiven Schlüsseln.",
                    "There is no such token among your active tokens.",
                ),
            )

    def token_account(self, secret: str) -> Account | None:
        key = ("token", digest(secret))
        account = self.memo.get(key)
        if account is not None:
            return account
        account = self.repository.account_by_token(key[1])
        if account is None or not account.active:
            return None
        self.memo.put(key, account)
        return account

    def remembered_account(
        self, *, secret: str | None = None, session: tuple[int, str] | None = None
    ) -> Account | None:
        """The account of a token or session if it is in memory (no database read; None: ask
        ``token_account``/``session_account``). Lets the web answer from the event loop."""
        if secret is not None:
            return self.memo.get(("token", digest(secret)))
        if session is not None:
            return self.memo.get(("session", *session))
        return None


def _invite_refused() -> InviteRefused:
    return InviteRefused(
        "AC-7",
        Text(
            "Dieser Einladungslink gilt nicht (mehr): er wurde schon benutzt oder ist abgelaufen. "
            "Bitte den Admin um einen neuen.",
            "This invite link is not valid (any more): it was used already or has expired. "
            "Ask the admin for a new one.",
        ),
    )
