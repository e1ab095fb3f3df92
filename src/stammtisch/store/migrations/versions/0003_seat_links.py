"""Seat links: the secret token each seat of a digital match joins through.

Revision ID: 0003_seat_links
Revises: 0002_tournaments
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_seat_links"
down_revision = "0002_tournaments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_links",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.CheckConstraint("seat >= 0", name="ck_seat_links_seat_not_negative"),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.match_id"], name="fk_seat_links_match_id_matches", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", "seat", name="pk_seat_links"),
        sa.UniqueConstraint("token", name="uq_seat_links_token"),
    )


def downgrade() -> None:
    op.drop_table("seat_links")
