"""The club's people on SQL (``club.members.repository.ClubRepository``): tables ``club``, ``members``,
``accounts``, ``api_tokens``, ``invites`` and ``match_seats`` (``store.tables``, migration 0006).

``open_club(engine)`` wraps an engine; for a match service without a database (tests, an in-memory
repository), ``memory_club()`` makes the same schema in an in-memory SQLite database.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from stammtisch.club.members.errors import ClubExists, no_admin_left
from stammtisch.club.members.model import Account, ApiToken, Club, Invite, Kind, Member, Role
from stammtisch.club.members.names import name_key
from stammtisch.club.members.repository import NameTaken
from stammtisch.store.sessions import end_member as end_member_sessions
from stammtisch.store.tables import accounts, api_tokens, club, invites, match_seats, members, metadata, sessions
from stammtisch.store.write_lock import serialized_writes


def _member(row: Any) -> Member:
    return Member(
        row.member_id, row.name, row.short_name, Kind(row.kind), bool(row.active), bool(row.guest), row.created_at
    )


def _account(row: Any) -> Account:
    return Account(row.member_id, row.name, Role(row.role), row.password_hash, row.created_at, row.disabled_at)


_ACCOUNT = select(
    accounts.c.member_id,
    members.c.name,
    accounts.c.role,
    accounts.c.password_hash,
    accounts.c.created_at,
    accounts.c.disabled_at,
).join(members, members.c.member_id == accounts.c.member_id)


class SqlClub:
    """The club's people in the database behind ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- the club ---------------------------------------------------------------------------------
    def club(self) -> Club | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(club)).first()
        if row is None:
            return None
        return Club(row.name, bool((row.settings or {}).get("public_spectators", False)), row.created_at)

    def create_club(self, name: str, admin: str, password_hash: str, now: datetime) -> Account:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(club).values(club_id=1, name=name, settings={"public_spectators": False}, created_at=now)
                )
                existing = connection.execute(
                    select(members.c.member_id).where(members.c.name_key == name_key(admin))
                ).scalar()
                member_id = existing
                if member_id is None:
                    member_id = connection.execute(
                        insert(members)
                        .values(
                            name=admin,
                            name_key=name_key(admin),
                            short_name="",
                            kind=Kind.MEMBER.value,
                            active=True,
                            guest=False,
                            created_at=now,
                        )
                        .returning(members.c.member_id)
                    ).scalar_one()
                connection.execute(
                    insert(accounts).values(
                        member_id=member_id, role=Role.ADMIN.value, password_hash=password_hash, created_at=now
                    )
                )
        except IntegrityError:
            raise ClubExists() from None
        account = self.account(member_id)
        assert account is not None
        return account

    def set_public_spectators(self, allowed: bool) -> Club:
        with self.engine.begin() as connection:
            settings = dict(connection.execute(select(club.c.settings)).scalar_one() or {})
            settings["public_spectators"] = allowed
            connection.execute(update(club).values(settings=settings))
        found = self.club()
        assert found is not None
        return found

    # --- members ----------------------------------------------------------------------------------
    def members(self, *, include_inactive: bool = True) -> list[Member]:
        query = select(members).order_by(members.c.name_key)
        if not include_inactive:
            query = query.where(members.c.active.is_(True))
        with self.engine.connect() as connection:
            return [_member(row) for row in connection.execute(query)]

    def member(self, member_id: int) -> Member | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(members).where(members.c.member_id == member_id)).first()
        return None if row is None else _member(row)

    def member_by_key(self, key: str) -> Member | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(members).where(members.c.name_key == key)).first()
        return None if row is None else _member(row)

    def add_member(self, name: str, key: str, short_name: str, kind: Kind, guest: bool, now: datetime) -> Member:
        try:
            with self.engine.begin() as connection:
                member_id = connection.execute(
                    insert(members)
                    .values(
                        name=name,
                        name_key=key,
                        short_name=short_name,
                        kind=kind.value,
                        active=True,
                        guest=guest,
                        created_at=now,
                    )
                    .returning(members.c.member_id)
                ).scalar_one()
        except IntegrityError:
            raise NameTaken(name) from None
        found = self.member(member_id)
        assert found is not None
        return found

    def update_member(
        self, member_id: int, name: str, key: str, short_name: str, kind: Kind, active: bool, guest: bool
    ) -> Member:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    update(members)
                    .where(members.c.member_id == member_id)
                    .values(name=name, name_key=key, short_name=short_name, kind=kind.value, active=active, guest=guest)
                )
        except IntegrityError:
            raise NameTaken(name) from None
        found = self.member(member_id)
        assert found is not None
        return found

    # --- accounts ---------------------------------------------------------------------------------
    def accounts(self) -> list[Account]:
        with self.engine.connect() as connection:
            return [_account(row) for row in connection.execute(_ACCOUNT.order_by(members.c.name_key))]

    def account(self, member_id: int) -> Account | None:
        with self.engine.connect() as connection:
            row = connection.execute(_ACCOUNT.where(accounts.c.member_id == member_id)).first()
        return None if row is None else _account(row)

    def put_account(self, member_id: int, role: Role, password_hash: str | None, now: datetime) -> Account:
        with serialized_writes(self.engine), self.engine.begin() as connection:
            connection.execute(select(club.c.club_id).with_for_update())  # AC-2, as in _update_account
            exists = connection.execute(select(accounts.c.member_id).where(accounts.c.member_id == member_id)).first()
            if exists is None:
                connection.execute(
                    insert(accounts).values(
                        member_id=member_id, role=role.value, password_hash=password_hash, created_at=now
                    )
                )
            else:
                values: dict[str, Any] = {"role": role.value, "disabled_at": None}
                if password_hash is not None:
                    values["password_hash"] = password_hash
                connection.execute(update(accounts).where(accounts.c.member_id == member_id).values(**values))
                if not _active_admins(connection):
                    raise no_admin_left()
                end_member_sessions(connection, member_id)  # a new role or password: sign in again
        found = self.account(member_id)
        assert found is not None
        return found

    def _update_account(self, member_id: int, *, end_sessions: bool, **values: Any) -> None:
        """One account change; ``end_sessions``: the member's sign-in sessions end in the same
        transaction (issue 29: a new password, role or a disabled sign-in counts on every worker at once).

        AC-2: a change of role or of the disabled mark is refused, nothing written, if it would leave
        the club without an active admin. The check runs inside the change's transaction, after the club's
        row is locked (``FOR UPDATE`` on PostgreSQL; on SQLite this process's single writer), so two admins
        demoting or disabling each other at once are ordered and the second is refused in words."""
        guarded = "role" in values or "disabled_at" in values
        with serialized_writes(self.engine) if guarded else nullcontext(), self.engine.begin() as connection:
            if guarded:
                connection.execute(select(club.c.club_id).with_for_update())
            connection.execute(update(accounts).where(accounts.c.member_id == member_id).values(**values))
            if guarded and not _active_admins(connection):
                raise no_admin_left()
            if end_sessions:
                end_member_sessions(connection, member_id)

    def set_password(self, member_id: int, password_hash: str) -> None:
        self._update_account(member_id, end_sessions=True, password_hash=password_hash)

    def set_role(self, member_id: int, role: Role) -> None:
        current = self.account(member_id)
        self._update_account(member_id, end_sessions=current is None or current.role is not role, role=role.value)

    def set_disabled(self, member_id: int, at: datetime | None) -> None:
        self._update_account(member_id, end_sessions=at is not None, disabled_at=at)

    # --- API tokens -------------------------------------------------------------------------------
    def add_token(self, member_id: int, label: str, token_hash: str, now: datetime) -> ApiToken:
        with self.engine.begin() as connection:
            token_id = connection.execute(
                insert(api_tokens)
                .values(member_id=member_id, label=label, token_hash=token_hash, created_at=now)
                .returning(api_tokens.c.token_id)
            ).scalar_one()
        return ApiToken(token_id, member_id, label, now, None)

    def tokens(self, member_id: int) -> list[ApiToken]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(api_tokens).where(api_tokens.c.member_id == member_id).order_by(api_tokens.c.token_id)
            ).all()
        return [ApiToken(r.token_id, r.member_id, r.label, r.created_at, r.revoked_at) for r in rows]

    def revoke_token(self, member_id: int, token_id: int, now: datetime) -> bool:
        with self.engine.begin() as connection:
            result = connection.execute(
                update(api_tokens)
                .where(
                    and_(
                        api_tokens.c.token_id == token_id,
                        api_tokens.c.member_id == member_id,
                        api_tokens.c.revoked_at.is_(None),
                    )
                )
                .values(revoked_at=now)
            )
        return bool(result.rowcount)

    def account_by_token(self, token_hash: str) -> Account | None:
        query = _ACCOUNT.join(api_tokens, api_tokens.c.member_id == accounts.c.member_id).where(
            and_(api_tokens.c.token_hash == token_hash, api_tokens.c.revoked_at.is_(None))
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else _account(row)

    # --- invites ----------------------------------------------------------------------------------
    def add_invite(self, member_id: int, token_hash: str, now: datetime, expires_at: datetime) -> Invite:
        """A new invite for ``member_id``; her older unused invites end with it (AC-7: one valid link)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(invites)
                .where(invites.c.member_id == member_id, invites.c.used_at.is_(None), invites.c.expires_at > now)
                .values(expires_at=now)
            )
            invite_id = connection.execute(
                insert(invites)
                .values(member_id=member_id, token_hash=token_hash, created_at=now, expires_at=expires_at)
                .returning(invites.c.invite_id)
            ).scalar_one()
        return Invite(invite_id, member_id, now, expires_at, None)

    def invite(self, token_hash: str) -> Invite | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(invites).where(invites.c.token_hash == token_hash)).first()
        return (
            None if row is None else Invite(row.invite_id, row.member_id, row.created_at, row.expires_at, row.used_at)
        )

    def use_invite(self, token_hash: str, password_hash: str, now: datetime) -> Account | None:
        with self.engine.begin() as connection:
            row = connection.execute(
                select(invites.c.member_id, invites.c.expires_at).where(
                    and_(invites.c.token_hash == token_hash, invites.c.used_at.is_(None))
                )
            ).first()
            if row is None or row.expires_at <= now:
                return None
            used = connection.execute(
                update(invites)
                .where(and_(invites.c.token_hash == token_hash, invites.c.used_at.is_(None)))
                .values(used_at=now)
            )
            if not used.rowcount:  # a second tab used it a moment ago
                return None
            connection.execute(
                update(accounts)
                .where(accounts.c.member_id == row.member_id)
                .values(password_hash=password_hash, disabled_at=None)
            )
            end_member_sessions(connection, row.member_id)  # a new password: the old sessions end
            member_id = row.member_id
        return self.account(member_id)

    # --- match seats ------------------------------------------------------------------------------
    def seats(self, match_id: str) -> dict[int, int]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(match_seats.c.seat, match_seats.c.member_id).where(match_seats.c.match_id == match_id)
            ).all()
        return {row.seat: row.member_id for row in rows}

    def set_seats(self, match_id: str, seats: Sequence[tuple[int, int]]) -> None:
        if not seats:
            return
        with self.engine.begin() as connection:
            linked = set(
                connection.execute(select(match_seats.c.seat).where(match_seats.c.match_id == match_id)).scalars()
            )
            fresh = [{"match_id": match_id, "seat": s, "member_id": m} for s, m in seats if s not in linked]
            if fresh:
                connection.execute(insert(match_seats), fresh)

    def relink_seat(self, match_id: str, seat: int, member_id: int) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                delete(match_seats).where(match_seats.c.match_id == match_id, match_seats.c.seat == seat)
            )
            connection.execute(insert(match_seats), [{"match_id": match_id, "seat": seat, "member_id": member_id}])


def _active_admins(connection: Connection) -> int:
    return int(
        connection.execute(
            select(func.count())
            .select_from(accounts)
            .where(accounts.c.role == Role.ADMIN.value, accounts.c.disabled_at.is_(None))
        ).scalar_one()
    )


def memory_club() -> SqlClub:
    """The club schema in a private in-memory SQLite database (for a service without a database).
    ``match_seats`` there refers to matches the database does not hold, so it is made without that key."""
    from stammtisch.store.database import create_store_engine

    engine = create_store_engine("sqlite://")
    with engine.begin() as connection:
        connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
    metadata.create_all(engine, tables=[club, members, accounts, api_tokens, invites, match_seats, sessions])
    return SqlClub(engine)
