"""Closed means closed (issue 10, item 3): who wrote each event and in which request, why a closed
match was changed, and archived tournaments.

* ``match_events.correlation_id`` (M-11): the id of the request that wrote the event (the web's
  ``X-Request-ID``); older events: NULL.
* ``match_events.reason`` (M-10): the written reason a closed match was changed for; NULL otherwise.
  (A column, not a payload field: payloads are the steps' JSON and are shared and memoized as facts.)
* ``tournaments.archived_at`` / ``archived_by`` (PT-9): "deleting" a tournament archives it; restoring
  clears both. Existing tournaments: not archived.

Revision ID: 0007_audit
Revises: 0006_members
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_audit"
down_revision = "0006_members"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match_events") as batch:
        batch.add_column(sa.Column("correlation_id", sa.String(64), nullable=True))
        batch.add_column(sa.Column("reason", sa.Text(), nullable=True))
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("archived_by", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("archived_by")
        batch.drop_column("archived_at")
    with op.batch_alter_table("match_events") as batch:
        batch.drop_column("reason")
        batch.drop_column("correlation_id")
