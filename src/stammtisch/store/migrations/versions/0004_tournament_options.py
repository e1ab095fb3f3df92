"""Tournament options that change totals: RA-23 ``scoring`` and RA-24 ``normalise_table_size``.

Revision ID: 0004_tournament_options
Revises: 0003_seat_links
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_tournament_options"
down_revision = "0003_seat_links"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing tournaments keep the defaults (penalty points, raw totals): an empty object.
    op.add_column("tournaments", sa.Column("options", sa.JSON(), nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("options")
