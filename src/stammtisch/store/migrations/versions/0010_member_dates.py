"""Birthday and holiday rounds as reminders (issue 13.2; C-2, KA-31, RM-1 … RM-5): a member's optional
birthday (``member_dates``) and the club's own dates (``club_dates``: holidays, the founding day, ...).
Nothing here is money: the ledger is untouched.

Revision ID: 0010_member_dates
Revises: 0009_ledger
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_member_dates"
down_revision = "0009_ledger"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "member_dates",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("birthday", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(["member_id"], ["members.member_id"], name="fk_member_dates_member_id_members"),
        sa.PrimaryKeyConstraint("member_id", name="pk_member_dates"),
    )
    op.create_table(
        "club_dates",
        sa.Column("date_id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(60), nullable=False),
        sa.Column("month", sa.Integer(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("date_id", name="pk_club_dates"),
    )


def downgrade() -> None:
    op.drop_table("club_dates")
    op.drop_table("member_dates")
