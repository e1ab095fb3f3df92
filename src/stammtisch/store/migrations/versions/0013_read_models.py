"""Stored state snapshots of long matches and the read models of the statistics and the bank (issue 28):
``match_state_snapshots``, ``match_summaries``, ``match_facts`` (a game's own reader's facts per match:
Prömpeln's skill book) and ``read_model_versions`` (store/read_model_tables.py, docs/read-models.md).
The read models start empty and are built from the match logs at the next start.

Revision ID: 0013_read_models
Revises: 0012_sessions
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_read_models"
down_revision = "0012_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_state_snapshots",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.String(160), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.match_id"],
            name="fk_match_state_snapshots_match_id_matches",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "seq", name="pk_match_state_snapshots"),
    )
    op.create_table(
        "match_summaries",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.String(160), nullable=False),
        sa.Column("counted", sa.Boolean(), nullable=False),
        sa.Column("figures", sa.Text(), nullable=True),
        sa.Column("final_state", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.match_id"], name="fk_match_summaries_match_id_matches", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", name="pk_match_summaries"),
    )
    op.create_index("ix_match_summaries_game_day", "match_summaries", ["game", "day"])
    op.create_table(
        "match_facts",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.String(160), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.match_id"], name="fk_match_facts_match_id_matches", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", "kind", name="pk_match_facts"),
    )
    op.create_table(
        "read_model_versions",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("version", sa.String(160), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_read_model_versions"),
    )


def downgrade() -> None:
    op.drop_table("read_model_versions")
    op.drop_table("match_facts")
    op.drop_index("ix_match_summaries_game_day", table_name="match_summaries")
    op.drop_table("match_summaries")
    op.drop_table("match_state_snapshots")
