"""Persistence: SQLAlchemy tables, repositories and Alembic migrations (SQLite default, PostgreSQL)."""
