"""The club's settings with their history (issue 13.4): ``club_settings`` holds each value of a
setting with the day it is in force from; the first is the season start (SE-1 … SE-4, docs/bank.md).
No row: the defaults (seasons start on 1 May).

Revision ID: 0011_club_settings
Revises: 0010_member_dates
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_club_settings"
down_revision = "0010_member_dates"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_settings",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("effective", sa.Date(), nullable=False),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("changed_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["changed_by"], ["members.member_id"], name="fk_club_settings_changed_by_members"),
        sa.PrimaryKeyConstraint("name", "effective", name="pk_club_settings"),
    )


def downgrade() -> None:
    op.drop_table("club_settings")
