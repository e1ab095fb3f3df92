"""The app on SQLite and on PostgreSQL (a fresh schema per test) with the test club, and signed-in
clients per role: for the records tests (issue 31), whose stores must both keep them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from tests.store.conftest import pg_url as _pg_url
from tests.support.club import setup_club, sign_in

#: A fresh PostgreSQL schema per test (``tests.store.conftest``), as a plain generator.
fresh_schema = _pg_url.__wrapped__  # type: ignore[attr-defined]


@pytest.fixture(name="store_url", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'stammtisch.sqlite3'}"
        return
    yield from fresh_schema()


@pytest.fixture(name="store_app")
def store_app_fixture(store_url: str) -> FastAPI:
    """The app on SQLite and on PostgreSQL, its club set up (import both fixtures into the test module)."""
    app = create_app(database_url=store_url)
    setup_club(app)
    return app


@contextmanager
def signed_in(app: FastAPI, role: Role | None, **headers: Any) -> Iterator[TestClient]:
    with TestClient(app, headers={"accept-language": "de", **headers}) as client:
        sign_in(client, role)
        yield client
