"""The club's bank: ledger, attendance, payments, seasons (issue 13; owned by the bank work).

A placeholder in the chain until its owner fills it in: the revisions are fixed in advance so that
work landing in any order keeps one head.

Revision ID: 0009_ledger
Revises: 0008_bierpong_evenings
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0009_ledger"
down_revision = "0008_bierpong_evenings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
