"""Frozen records (issue 31.2) and evenings checked against their log (issue 31.1).

``matches.frozen_by`` names what keeps a match as it is.

An archived tournament's score sheets (``tournament:<id>``, PT-9) and the bank game's evenings of a
closed season (``season:<first day>``, KA-32) are frozen: the store refuses every event appended to
them (``store.repository``, in the append's own compare-and-set). Archiving sets it on the tournament's
sheets in the same transaction, restoring clears it; closing a season sets it on its booked evenings.
Existing data: the sheets of tournaments archived already and the evenings of seasons closed already.

``ledger_evenings.booked_seq``: the evening's ``last_seq`` its booking was last checked against; an
evening whose log moved on since (a correction that never reached the bank, e.g. after a crash) is
checked again by the bank's catch-up. Existing bookings: the evenings' current ``last_seq``.

Revision ID: 0014_records
Revises: 0013_read_models
Create Date: 2026-11-28
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0014_records"
down_revision = "0013_read_models"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("frozen_by", sa.String(80), nullable=True))
    with op.batch_alter_table("ledger_evenings") as batch:
        batch.add_column(sa.Column("booked_seq", sa.Integer(), nullable=True))
    connection = op.get_bind()
    connection.execute(
        sa.text(
            "UPDATE ledger_evenings SET booked_seq = "
            "(SELECT last_seq FROM matches WHERE matches.match_id = ledger_evenings.match_id)"
        )
    )
    archived = connection.execute(
        sa.text(
            "SELECT d.tournament_id, d.match_ids FROM tournament_draws d "
            "JOIN tournaments t ON t.tournament_id = d.tournament_id WHERE t.archived_at IS NOT NULL"
        )
    ).all()
    for tournament_id, match_ids in archived:
        ids = json.loads(match_ids) if isinstance(match_ids, str) else match_ids
        for match_id in ids or ():
            connection.execute(
                sa.text("UPDATE matches SET frozen_by = :by WHERE match_id = :m"),
                {"by": f"tournament:{tournament_id}", "m": match_id},
            )
    seasons = connection.execute(sa.text('SELECT start, "end" FROM ledger_seasons')).all()
    for start, end in seasons:
        connection.execute(
            sa.text(
                "UPDATE matches SET frozen_by = :by WHERE match_id IN "
                "(SELECT match_id FROM ledger_evenings WHERE day >= :start AND day <= :end)"
            ),
            {"by": f"season:{start}", "start": start, "end": end},
        )


def downgrade() -> None:
    with op.batch_alter_table("ledger_evenings") as batch:
        batch.drop_column("booked_seq")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("frozen_by")
