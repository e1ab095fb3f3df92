"""Matches and their event logs.

Revision ID: 0001_matches
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_matches"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules_version", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("match_id", name="pk_matches"),
    )
    op.create_index("ix_matches_created_at", "matches", ["created_at"])
    op.create_index("ix_matches_game_created_at", "matches", ["game", "created_at"])
    op.create_table(
        "match_events",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(200), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("batch", sa.Integer(), nullable=False),
        sa.CheckConstraint("seq >= 1", name="ck_match_events_seq_positive"),
        sa.CheckConstraint("kind IN ('action', 'outcome', 'undo')", name="ck_match_events_kind_known"),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.match_id"], name="fk_match_events_match_id_matches", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", "seq", name="pk_match_events"),
    )


def downgrade() -> None:
    op.drop_table("match_events")
    op.drop_index("ix_matches_game_created_at", table_name="matches")
    op.drop_index("ix_matches_created_at", table_name="matches")
    op.drop_table("matches")
