"""Bier-Pong evenings: teams and bracket (issue 11; owned by the Bier-Pong work).

A placeholder in the chain until its owner fills it in: the revisions are fixed in advance so that
work landing in any order keeps one head.

Revision ID: 0008_bierpong_evenings
Revises: 0007_audit
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0008_bierpong_evenings"
down_revision = "0007_audit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
