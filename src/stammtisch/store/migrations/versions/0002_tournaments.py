"""Preisrommé tournaments: players, and the recorded seat and table draw of each pass.

Revision ID: 0002_tournaments
Revises: 0001_matches
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_tournaments"
down_revision = "0001_matches"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tie_break", sa.JSON(), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", name="pk_tournaments"),
    )
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.CheckConstraint("number >= 1", name="ck_tournament_players_number_positive"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.tournament_id"],
            name="fk_tournament_players_tournament_id_tournaments",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "number", name="pk_tournament_players"),
        sa.UniqueConstraint("tournament_id", "name_key", name="uq_tournament_players_name_key"),
    )
    op.create_table(
        "tournament_draws",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("pass_no", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("permutation", sa.JSON(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("match_ids", sa.JSON(), nullable=False),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("pass_no >= 1", name="ck_tournament_draws_pass_no_positive"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.tournament_id"],
            name="fk_tournament_draws_tournament_id_tournaments",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "pass_no", name="pk_tournament_draws"),
    )


def downgrade() -> None:
    op.drop_table("tournament_draws")
    op.drop_table("tournament_players")
    op.drop_table("tournaments")
