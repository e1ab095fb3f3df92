"""Alembic migrations build the schema from nothing and take it down again (SQLite, PostgreSQL)."""

from __future__ import annotations

from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from stammtisch.store import create_store_engine, downgrade, migrate, upgrade
from stammtisch.store.database import alembic_config, current_revision
from stammtisch.store.tables import metadata

#: The newest revision (the chain grows as features add tables).
HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_upgrade_head_creates_the_schema_and_downgrade_removes_it(sql_url: str) -> None:
    engine = create_store_engine(sql_url)
    try:
        assert current_revision(engine) is None
        upgrade(engine)
        tables = set(inspect(engine).get_table_names())
        assert {"matches", "match_events", "alembic_version"} <= tables
        assert current_revision(engine) == HEAD
        columns = {c["name"] for c in inspect(engine).get_columns("match_events")}
        assert columns == {c.name for c in metadata.tables["match_events"].columns}
        assert inspect(engine).get_pk_constraint("match_events")["constrained_columns"] == ["match_id", "seq"]
        upgrade(engine)  # idempotent
        downgrade(engine)
        assert not {"matches", "match_events"} & set(inspect(engine).get_table_names())
        assert current_revision(engine) is None
        upgrade(engine)
        assert current_revision(engine) == HEAD
    finally:
        engine.dispose()


def test_migrate_by_url(sql_url: str) -> None:
    migrate(sql_url)
    engine = create_store_engine(sql_url)
    try:
        assert current_revision(engine) == HEAD
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(sqlite_url: str) -> None:
    from sqlalchemy import text

    from stammtisch.store import open_store

    store = open_store(sqlite_url)
    try:
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
    finally:
        store.close()


def test_the_models_match_the_migrations(sql_url: str) -> None:
    """No schema drift: autogenerate finds nothing to do after upgrade head."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = create_store_engine(sql_url)
    try:
        upgrade(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": False})
            assert compare_metadata(context, metadata) == []
    finally:
        engine.dispose()


def _open_and_close(url: str) -> str:
    from stammtisch.store import open_store

    open_store(url).close()
    return "ok"


def test_workers_starting_at_once_migrate_one_after_the_other(sql_url: str) -> None:
    """Several worker processes opening a fresh database together: one migrates while holding the
    database's migration lock, the others wait and find the schema at head (no "table exists")."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=3, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(_open_and_close, [sql_url] * 3, timeout=120))
    assert results == ["ok"] * 3
    engine = create_store_engine(sql_url)
    try:
        assert current_revision(engine) == HEAD
    finally:
        engine.dispose()
