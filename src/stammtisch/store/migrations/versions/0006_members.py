"""Members, accounts, roles, sign-in tokens and invites (issue 10; owned by the auth work).

A placeholder in the chain until its owner fills it in: the revisions are fixed in advance so that
work landing in any order keeps one head.

Revision ID: 0006_members
Revises: 0005_tournament_changes
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0006_members"
down_revision = "0005_tournament_changes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
