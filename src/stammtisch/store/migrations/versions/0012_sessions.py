"""Server-side sign-in sessions (issue 29): one row per signed-in browser, so the server can end a
session (sign-out, "sign out everywhere", an admin disabling a member, a role or password change) and
every worker sees it on the next request. The cookie carries a random secret; only its SHA-256 is
stored (``session_hash``). Sessions signed before this revision carry no secret and end: members sign
in once more.

Revision ID: 0012_sessions
Revises: 0011_club_settings
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_sessions"
down_revision = "0011_club_settings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("session_hash", sa.String(64), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.member_id"], name="fk_sessions_member_id_members", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("session_hash", name="pk_sessions"),
    )
    op.create_index("ix_sessions_member_id", "sessions", ["member_id"])


def downgrade() -> None:
    op.drop_index("ix_sessions_member_id", table_name="sessions")
    op.drop_table("sessions")
