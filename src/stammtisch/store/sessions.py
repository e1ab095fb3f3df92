"""Server-side sign-in sessions (table ``sessions``, migration 0012; issue 29).

A browser that signed in holds a random secret in its (signed) session cookie; the database keeps the
secret's SHA-256, the member and when it began. Every request asks for that row (``account``), so a
session the server ended is over at once on every worker: sign-out deletes its row, "sign out
everywhere" and an admin's or a member's change of role, password or sign-in (``end_member``, called
inside the change's own transaction by ``store.members``) delete all the member's rows.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import Connection, Engine, delete, func, insert, select

from stammtisch.club.members.model import Account, Role
from stammtisch.store.tables import accounts, members, sessions


def session_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_session_secret() -> str:
    return secrets.token_urlsafe(32)


def end_member(connection: Connection, member_id: int, keep: str | None = None) -> int:
    """Delete the member's sessions (all, or all but the one whose hash is ``keep``); how many ended."""
    query = delete(sessions).where(sessions.c.member_id == member_id)
    if keep is not None:
        query = query.where(sessions.c.session_hash != keep)
    return int(connection.execute(query).rowcount or 0)


_ACCOUNT = (
    select(
        accounts.c.member_id,
        members.c.name,
        accounts.c.role,
        accounts.c.password_hash,
        accounts.c.created_at,
        accounts.c.disabled_at,
    )
    .join(members, members.c.member_id == accounts.c.member_id)
    .join(sessions, sessions.c.member_id == accounts.c.member_id)
)


class SqlSessions:
    """The sessions in the database behind ``engine`` (the club's)."""

    def __init__(self, engine: Engine, max_age: timedelta) -> None:
        self.engine = engine
        self.max_age = max_age

    def start(self, member_id: int, now: datetime) -> str:
        """A new session for ``member_id``; returns its secret (for the cookie). Sessions older than
        ``max_age`` are cleared on the way (the cookie would be refused anyway)."""
        secret = new_session_secret()
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.created_at < now - self.max_age))
            connection.execute(
                insert(sessions).values(session_hash=session_hash(secret), member_id=member_id, created_at=now)
            )
        return secret

    def account(self, member_id: int, secret: str, now: datetime) -> Account | None:
        """The active account of this session, or None when the session is over (ended, expired,
        another member's, the sign-in disabled)."""
        query = _ACCOUNT.where(
            sessions.c.session_hash == session_hash(secret),
            sessions.c.member_id == member_id,
            sessions.c.created_at >= now - self.max_age,
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        if row is None or row.disabled_at is not None:
            return None
        return Account(row.member_id, row.name, Role(row.role), row.password_hash, row.created_at, row.disabled_at)

    def end(self, secret: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.session_hash == session_hash(secret)))

    def end_member(self, member_id: int, keep_secret: str | None = None) -> int:
        """End the member's sessions (but the one of ``keep_secret``): "sign out everywhere"."""
        keep = session_hash(keep_secret) if keep_secret is not None else None
        with self.engine.begin() as connection:
            return end_member(connection, member_id, keep)

    def count(self, member_id: int) -> int:
        """How many sessions the member has (shown on her page: "signed in on N devices")."""
        with self.engine.connect() as connection:
            query = select(func.count()).select_from(sessions).where(sessions.c.member_id == member_id)
            return int(connection.execute(query).scalar_one())
