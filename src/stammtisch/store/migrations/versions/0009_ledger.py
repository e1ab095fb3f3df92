"""The club's bank (issue 13): the append-only ledger, the booked Klümpchen evenings and closed seasons.

Revision ID: 0009_ledger
Revises: 0008_bierpong_evenings
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_ledger"
down_revision = "0008_bierpong_evenings"
branch_labels = None
depends_on = None

_REASONS = (
    "lost below_75 no_points unused_joker three_straights six_equal_fine external_payout late absent "
    "cash_in cash_out spending"
).split()


def upgrade() -> None:
    reasons = ", ".join(f"'{r}'" for r in _REASONS)
    op.create_table(
        "ledger_bookings",
        sa.Column("booking_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(32), nullable=False),
        sa.Column("member_cents", sa.Integer(), nullable=False),
        sa.Column("cash_cents", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("booked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("booked_by", sa.Integer(), nullable=True),
        sa.Column("evening", sa.String(64), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("note", sa.String(200), nullable=False),
        sa.Column("reverses", sa.Integer(), nullable=True),
        sa.CheckConstraint(f"reason IN ({reasons})", name="ck_ledger_bookings_reason_known"),
        sa.ForeignKeyConstraint(["member_id"], ["members.member_id"], name="fk_ledger_bookings_member_id_members"),
        sa.ForeignKeyConstraint(["booked_by"], ["members.member_id"], name="fk_ledger_bookings_booked_by_members"),
        sa.ForeignKeyConstraint(
            ["reverses"], ["ledger_bookings.booking_id"], name="fk_ledger_bookings_reverses_ledger_bookings"
        ),
        sa.PrimaryKeyConstraint("booking_id", name="pk_ledger_bookings"),
        sa.UniqueConstraint("reverses", name="uq_ledger_bookings_reverses"),
    )
    op.create_index("ix_ledger_bookings_member_id", "ledger_bookings", ["member_id"])
    op.create_index("ix_ledger_bookings_evening", "ledger_bookings", ["evening"])
    op.create_index("ix_ledger_bookings_day", "ledger_bookings", ["day"])
    op.create_table(
        "ledger_evenings",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("booked_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("match_id", name="pk_ledger_evenings"),
    )
    op.create_table(
        "ledger_seasons",
        sa.Column("start", sa.Date(), nullable=False),
        sa.Column("end", sa.Date(), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["closed_by"], ["members.member_id"], name="fk_ledger_seasons_closed_by_members"),
        sa.PrimaryKeyConstraint("start", name="pk_ledger_seasons"),
    )


def downgrade() -> None:
    op.drop_table("ledger_seasons")
    op.drop_table("ledger_evenings")
    op.drop_index("ix_ledger_bookings_day", table_name="ledger_bookings")
    op.drop_index("ix_ledger_bookings_evening", table_name="ledger_bookings")
    op.drop_index("ix_ledger_bookings_member_id", table_name="ledger_bookings")
    op.drop_table("ledger_bookings")
