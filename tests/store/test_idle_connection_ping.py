"""Kept PostgreSQL connections: one the server closed while it sat idle (a restart, an idle timeout) is
replaced before a request gets it, so nobody sees an error for it; a busy one is not pinged."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, create_engine, text

from stammtisch.store import database
from stammtisch.store.database import StoreUnavailable, create_store_engine

pytestmark = pytest.mark.postgres


def _kill_the_kept_connection(pg_url: str, engine: Engine) -> int:
    with engine.connect() as connection:
        victim = int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())
    admin = create_engine(pg_url)  # back in the pool now; another client ends it on the server
    try:
        with admin.begin() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": victim})
    finally:
        admin.dispose()
    return victim


def test_a_connection_closed_while_idle_is_replaced_without_an_error(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = create_store_engine(pg_url)
    try:
        victim = _kill_the_kept_connection(pg_url, engine)
        monkeypatch.setattr(database, "IDLE_PING_SECONDS", -1.0)  # the kept connection counts as idle
        with engine.connect() as connection:
            assert connection.execute(text("SELECT pg_backend_pid()")).scalar_one() != victim
    finally:
        engine.dispose()


def test_without_the_idle_ping_the_dead_connection_would_reach_a_request(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The contrast that shows what the ping is for (a recently used connection is not pinged)."""
    engine = create_store_engine(pg_url)
    try:
        _kill_the_kept_connection(pg_url, engine)
        monkeypatch.setattr(database, "IDLE_PING_SECONDS", 3600.0)
        with pytest.raises(StoreUnavailable), engine.connect() as connection:  # "try again in a moment"
            connection.execute(text("SELECT 1"))
    finally:
        engine.dispose()


def test_a_connection_in_steady_use_is_not_pinged(pg_url: str) -> None:
    engine = create_store_engine(pg_url)
    pings: list[object] = []
    original = engine.dialect.do_ping
    engine.dialect.do_ping = lambda dbapi_connection: pings.append(dbapi_connection) or original(dbapi_connection)  # type: ignore[method-assign]
    try:
        for _ in range(5):
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        assert pings == []
    finally:
        engine.dispose()
