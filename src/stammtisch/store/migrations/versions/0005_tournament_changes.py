"""Changes of players between the passes of a tournament (PT-7): withdrawals, late registrations,
returns and replacements, each with its place in the sequence, the pass it precedes and the time.

Revision ID: 0005_tournament_changes
Revises: 0004_tournament_options
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_tournament_changes"
down_revision = "0004_tournament_options"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing tournaments have no changes: every registered player is in both draws' pools.
    op.create_table(
        "tournament_changes",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("before_pass", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("leaving", sa.Integer(), nullable=True),
        sa.Column("joining", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("seq >= 1", name="ck_tournament_changes_seq_positive"),
        sa.CheckConstraint("before_pass >= 1", name="ck_tournament_changes_before_pass_positive"),
        sa.CheckConstraint(
            "kind IN ('withdraw', 'join', 'return', 'replace')", name="ck_tournament_changes_kind_known"
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.tournament_id"],
            name="fk_tournament_changes_tournament_id_tournaments",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "seq", name="pk_tournament_changes"),
    )


def downgrade() -> None:
    op.drop_table("tournament_changes")
