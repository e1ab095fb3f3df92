"""Alembic migrations, shipped inside the package and run programmatically (``store.database.upgrade``)."""
