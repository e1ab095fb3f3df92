"""Persistence: SQLAlchemy tables, repositories and Alembic migrations (SQLite default, PostgreSQL).

``open_store()`` opens the configured database (``STAMMTISCH_DATABASE_URL``, else SQLite in
``STAMMTISCH_DATA_DIR``), migrated to the newest schema; its ``repository`` is what
``matches.MatchService`` stores matches in.
"""

import stammtisch.store.games  # noqa: F401 - the games' own tables on the metadata (registry)
import stammtisch.store.ledger_tables  # noqa: F401 - the bank's tables on the metadata (issue 13)
import stammtisch.store.reminders  # noqa: F401 - birthdays and club dates on the metadata (issue 13.2)
import stammtisch.store.settings  # noqa: F401 - the club's settings on the metadata (issue 13.4)
import stammtisch.store.share_links  # noqa: F401 - table-screen and follow links (issue 24)
from stammtisch.store.config import data_dir, database_url
from stammtisch.store.database import Store, create_store_engine, downgrade, migrate, open_store, upgrade
from stammtisch.store.errors import StoreError
from stammtisch.store.notify import PostgresNotifier
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.seat_links import SqlSeatLinks
from stammtisch.store.tournament_repository import SqlTournamentRepository

__all__ = [
    "PostgresNotifier",
    "SqlMatchRepository",
    "SqlSeatLinks",
    "SqlTournamentRepository",
    "Store",
    "StoreError",
    "create_store_engine",
    "data_dir",
    "database_url",
    "downgrade",
    "migrate",
    "open_store",
    "upgrade",
]
