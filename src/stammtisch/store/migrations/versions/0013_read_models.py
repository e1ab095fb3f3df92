"""Read models kept as events are appended, and match snapshots (issue 28).

Revision ID: 0013_read_models
Revises: 0012_sessions
Create Date: 2026-11-28
"""

from __future__ import annotations

revision = "0013_read_models"
down_revision = "0012_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
