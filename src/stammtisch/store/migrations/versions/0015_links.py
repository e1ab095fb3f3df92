"""Table-screen and follow links (issue 24).

Revision ID: 0015_links
Revises: 0014_records
Create Date: 2026-11-28
"""

from __future__ import annotations

revision = "0015_links"
down_revision = "0014_records"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
