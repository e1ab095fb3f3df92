"""Replay equals live state on SQLite (and PostgreSQL when configured): the match state machine
of tests/matches with a SQL repository; every fresh service replays the stored log from scratch."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from typing import Any

from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, make_url, text

from stammtisch.store import open_store
from tests.matches.test_replay_state_machine import MatchMachine
from tests.store.conftest import PG_VARIABLE


class SqliteMachine(MatchMachine):
    def make_repository(self) -> Any:
        self._dir = tempfile.mkdtemp(prefix="stammtisch-")
        self._store = open_store(f"sqlite:///{self._dir}/db.sqlite3")
        return self._store.repository

    def teardown(self) -> None:
        self._store.close()
        shutil.rmtree(self._dir, ignore_errors=True)


class PostgresMachine(MatchMachine):
    def make_repository(self) -> Any:
        base = os.environ[PG_VARIABLE]
        self._schema = f"t_{uuid.uuid4().hex[:16]}"
        self._admin = create_engine(base)
        with self._admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{self._schema}"'))
        url = make_url(base).update_query_dict({"options": f"-csearch_path={self._schema}"})
        self._store = open_store(url.render_as_string(hide_password=False))
        return self._store.repository

    def teardown(self) -> None:
        self._store.close()
        with self._admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{self._schema}" CASCADE'))
        self._admin.dispose()


def _machine(base: type, slug: str, mode: str, seats: int) -> Any:
    cls = type(f"{base.__name__}_{slug}_{mode}", (base,), {"slug": slug, "mode": mode, "seats": seats})
    cls.TestCase.settings = settings(
        max_examples=6, stateful_step_count=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    return cls.TestCase


TestSqliteOpenToy = _machine(SqliteMachine, "toy-open", "table", 2)
TestSqliteKluempchen = _machine(SqliteMachine, "kluempchen", "table", 4)
if os.environ.get(PG_VARIABLE, "").strip():
    TestPostgresOpenToy = _machine(PostgresMachine, "toy-open", "digital", 2)
    TestPostgresKluempchen = _machine(PostgresMachine, "kluempchen", "table", 4)
