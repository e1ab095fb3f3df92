"""Bier-Pong evenings (issue 11): the evening with its teams and format, and the games started for
its pairings (the results are read from the games' match logs).

Revision ID: 0008_bierpong_evenings
Revises: 0007_audit
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_bierpong_evenings"
down_revision = "0007_audit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bierpong_evenings",
        sa.Column("evening_id", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("format IN ('knockout', 'round_robin')", name="ck_bierpong_evenings_format_known"),
        sa.PrimaryKeyConstraint("evening_id", name="pk_bierpong_evenings"),
    )
    op.create_table(
        "bierpong_evening_games",
        sa.Column("evening_id", sa.String(64), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"],
            ["bierpong_evenings.evening_id"],
            name="fk_bierpong_evening_games_evening_id_bierpong_evenings",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("evening_id", "round", "slot", name="pk_bierpong_evening_games"),
    )


def downgrade() -> None:
    op.drop_table("bierpong_evening_games")
    op.drop_table("bierpong_evenings")
