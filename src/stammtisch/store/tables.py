"""The schema (SQLAlchemy Core): matches and their append-only event logs.

``match_events`` has the primary key ``(match_id, seq)``: the database itself guarantees that of
two racing submissions for the same seq exactly one is stored. ``matches.last_seq`` mirrors the
newest seq so an append can check and move it in the same transaction, and listing needs no
aggregate. Changing the schema means adding an Alembic revision under ``migrations/versions``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
)
from sqlalchemy.types import TypeEngine

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING)


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on every backend. PostgreSQL: ``timestamptz``. SQLite has no zone and
    SQLAlchemy parses its DATETIME strings with a regex (a third of a replay's read time), so there
    we store fixed-width ISO 8601 text in UTC (it sorts chronologically) and parse it in C."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(String(32))
        return dialect.type_descriptor(DateTime(timezone=True))

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("store aware datetimes only")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.isoformat(sep=" ", timespec="microseconds")  # "... +00:00": parses back aware
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        moment: datetime = datetime.fromisoformat(value) if isinstance(value, str) else value
        if moment.tzinfo is UTC:
            return moment
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)


@lru_cache(maxsize=65_536)
def _decode_shared(text: str) -> Any:
    return json.loads(text)


class EventPayload(TypeDecorator[dict[str, Any]]):
    """``match_events.payload``: JSON. On SQLite each distinct text is decoded once and the dict
    shared between rows: a log repeats the same few payloads (a throw, the same dice), and decoding
    was a tenth of a replay. PostgreSQL's event reads select the payload as text (``payload::text``,
    store/repository.py) and share the same way. Event payloads are facts, read-only (``matches`` even memoizes decoded
    steps by these very objects). Only this column shares; other JSON columns decode normally."""

    impl = JSON
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(Text())
        return dialect.type_descriptor(JSON())

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        if dialect.name == "sqlite" and value is not None:
            return json.dumps(value)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> Any:
        if isinstance(value, str):
            return _decode_shared(value)
        return value


matches = Table(
    "matches",
    metadata,
    Column("match_id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("setup", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("mode", String(16), nullable=False),
    Column("title", String(200), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("last_seq", Integer, nullable=False),
    # Migration 0014 (issue 31.2): what keeps this match as it is (``tournament:<id>`` of an archived
    # tournament's sheet, ``season:<first day>`` of a closed season's evening); NULL: it takes events.
    Column("frozen_by", String(80), nullable=True),
    Index("ix_matches_created_at", "created_at"),
    Index("ix_matches_game_created_at", "game", "created_at"),
)

match_events = Table(
    "match_events",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("payload", EventPayload, nullable=False),
    Column("actor", String(200), nullable=True),
    Column("at", UtcDateTime, nullable=False),
    Column("batch", Integer, nullable=False),
    # M-11 (migration 0007): the request that wrote the event; M-10: why a closed match was changed.
    Column("correlation_id", String(64), nullable=True),
    Column("reason", Text, nullable=True),
    CheckConstraint("seq >= 1", name="seq_positive"),
    CheckConstraint("kind IN ('action', 'outcome', 'undo')", name="kind_known"),
)


# --- the club: members, accounts, API tokens, invites, match seats (migration 0006, issue 10) ------
# One club per database (``club_id`` is always 1). Member names are unique by ``name_key`` (case-folded).
# Secrets of API tokens and invites are stored only as SHA-256 (``token_hash``); passwords as argon2.
club = Table(
    "club",
    metadata,
    Column("club_id", Integer, primary_key=True, autoincrement=False),
    Column("name", String(80), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    CheckConstraint("club_id = 1", name="one_club"),
)

members = Table(
    "members",
    metadata,
    Column("member_id", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("short_name", String(12), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("active", Boolean, nullable=False),
    Column("guest", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    CheckConstraint("kind IN ('member', 'external')", name="kind_known"),
)

accounts = Table(
    "accounts",
    metadata,
    Column("member_id", Integer, ForeignKey("members.member_id", ondelete="CASCADE"), primary_key=True),
    Column("role", String(16), nullable=False),
    Column("password_hash", String(200), nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("disabled_at", UtcDateTime, nullable=True),
    CheckConstraint("role IN ('admin', 'treasurer', 'scribe', 'member')", name="role_known"),
)

api_tokens = Table(
    "api_tokens",
    metadata,
    Column("token_id", Integer, primary_key=True),
    Column("member_id", Integer, ForeignKey("members.member_id", ondelete="CASCADE"), nullable=False),
    Column("label", String(80), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("revoked_at", UtcDateTime, nullable=True),
    Index("ix_api_tokens_member_id", "member_id"),
)

invites = Table(
    "invites",
    metadata,
    Column("invite_id", Integer, primary_key=True),
    Column("member_id", Integer, ForeignKey("members.member_id", ondelete="CASCADE"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("used_at", UtcDateTime, nullable=True),
)

#: A signed-in browser (migration 0012, issue 29): the cookie's secret as SHA-256. Ending a session
#: deletes its row; every worker asks this table on each request (web.auth.identity).
sessions = Table(
    "sessions",
    metadata,
    Column("session_hash", String(64), primary_key=True),
    Column("member_id", Integer, ForeignKey("members.member_id", ondelete="CASCADE"), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Index("ix_sessions_member_id", "member_id"),
)

match_seats = Table(
    "match_seats",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("member_id", Integer, ForeignKey("members.member_id"), nullable=False),
    CheckConstraint("seat >= 0", name="seat_not_negative"),
    Index("ix_match_seats_member_id", "member_id"),
)
