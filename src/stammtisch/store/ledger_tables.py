"""The club's bank on SQL (migration 0009, issue 13): ``ledger_bookings`` (append-only: a correction
is a new row with ``reverses``), ``ledger_evenings`` (which Klümpchen evenings are booked: the
primary key makes booking an evening twice impossible), ``ledger_seasons`` (closed seasons: nothing
more is booked on their days)."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, Date, ForeignKey, Index, Integer, String, Table

from stammtisch.club.bank.model import Reason
from stammtisch.store.tables import UtcDateTime, metadata

_REASONS = ", ".join(f"'{r.value}'" for r in Reason)

ledger_bookings = Table(
    "ledger_bookings",
    metadata,
    Column("booking_id", Integer, primary_key=True),
    Column("member_id", Integer, ForeignKey("members.member_id"), nullable=True),
    Column("reason", String(32), nullable=False),
    Column("member_cents", Integer, nullable=False),
    Column("cash_cents", Integer, nullable=False),
    Column("day", Date, nullable=False),
    Column("booked_at", UtcDateTime, nullable=False),
    Column("booked_by", Integer, ForeignKey("members.member_id"), nullable=True),
    Column("evening", String(64), nullable=True),
    Column("round", Integer, nullable=True),
    Column("note", String(200), nullable=False),
    Column("reverses", Integer, ForeignKey("ledger_bookings.booking_id"), nullable=True, unique=True),
    CheckConstraint(f"reason IN ({_REASONS})", name="reason_known"),
    Index("ix_ledger_bookings_member_id", "member_id"),
    Index("ix_ledger_bookings_evening", "evening"),
    Index("ix_ledger_bookings_day", "day"),
)

ledger_evenings = Table(
    "ledger_evenings",
    metadata,
    Column("match_id", String(64), primary_key=True),
    Column("day", Date, nullable=False),
    Column("booked_at", UtcDateTime, nullable=False),
    # Migration 0014 (issue 31.1): the match's last_seq the booking was last checked against; another
    # value means the evening was changed since (a correction) and is checked again (store.ledger_sync).
    Column("booked_seq", Integer, nullable=True),
)

ledger_seasons = Table(
    "ledger_seasons",
    metadata,
    Column("start", Date, primary_key=True),
    Column("end", Date, nullable=False),
    Column("closed_at", UtcDateTime, nullable=False),
    Column("closed_by", Integer, ForeignKey("members.member_id"), nullable=True),
)
