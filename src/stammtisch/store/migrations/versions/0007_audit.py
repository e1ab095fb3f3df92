"""Closed means closed: correlation ids on events, archived tournaments (issue 10; owned by the audit work).

A placeholder in the chain until its owner fills it in: the revisions are fixed in advance so that
work landing in any order keeps one head.

Revision ID: 0007_audit
Revises: 0006_members
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0007_audit"
down_revision = "0006_members"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
