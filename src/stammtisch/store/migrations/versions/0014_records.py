"""Frozen archives and the club's invariants (issue 31).

Revision ID: 0014_records
Revises: 0013_read_models
Create Date: 2026-11-28
"""

from __future__ import annotations

revision = "0014_records"
down_revision = "0013_read_models"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
