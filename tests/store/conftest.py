"""Storage backends for the contract suite: in-memory, SQLite (a file per test) and PostgreSQL
(a fresh schema per test, so parallel workers never see each other's tables)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, make_url, text

from stammtisch.matches import InMemoryRepository
from stammtisch.matches.repository import MatchRepository
from stammtisch.store import Store, open_store

PG_VARIABLE = "STAMMTISCH_TEST_DATABASE_URL"
PG_SKIP = (
    f"PostgreSQL tests need {PG_VARIABLE}, e.g. "
    f"{PG_VARIABLE}=postgresql+psycopg://postgres@127.0.0.1:5432/test .venv/bin/pytest tests/store"
)


def postgres_base_url() -> str:
    url = os.environ.get(PG_VARIABLE, "").strip()
    if not url:
        pytest.skip(PG_SKIP)
    return url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A URL whose connections live in a fresh, empty schema; dropped afterwards."""
    base = postgres_base_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def sqlite_url(tmp_path: object) -> str:
    return f"sqlite:///{tmp_path}/stammtisch.sqlite3"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def sql_url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(sql_url: str) -> Iterator[Store]:
    opened = open_store(sql_url)
    yield opened
    opened.close()


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def repository(request: pytest.FixtureRequest) -> Iterator[MatchRepository]:
    if request.param == "memory":
        yield InMemoryRepository()
        return
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    opened = open_store(url)
    yield opened.repository
    opened.close()
