"""Server-side sign-in sessions (issue 29).

Revision ID: 0012_sessions
Revises: 0011_club_settings
Create Date: 2026-11-28
"""

from __future__ import annotations

revision = "0012_sessions"
down_revision = "0011_club_settings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
