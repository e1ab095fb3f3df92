"""Table-screen, follow and withdrawn seat links (issue 24, ``store.share_links``): one row per token,
its kind, its match (rows go with it) and when the scribe withdrew it; and the evening follow links
(LK-7, ``evening_links``): token, game, evening id, made and withdrawn.

Revision ID: 0015_links
Revises: 0014_records
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_links"
down_revision = "0014_records"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "share_links",
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.match_id"], name="fk_share_links_match_id_matches", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token", name="pk_share_links"),
    )
    op.create_index("ix_share_links_match_id", "share_links", ["match_id"])
    op.create_table(
        "evening_links",
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("evening_id", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("token", name="pk_evening_links"),
    )
    op.create_index("ix_evening_links_evening_id", "evening_links", ["evening_id"])


def downgrade() -> None:
    op.drop_index("ix_evening_links_evening_id", table_name="evening_links")
    op.drop_table("evening_links")
    op.drop_index("ix_share_links_match_id", table_name="share_links")
    op.drop_table("share_links")
