"""The app for the access tests: the real app on a SQLite file whose match service also knows the
test games (``toy-open``: two seats pick 1-3, one die, one round: a match ends in three steps), the
test club (an account per role, tests.support.club) and a client per role."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.store import open_store
from stammtisch.web.app import create_app
from tests.matches.conftest import make_service
from tests.support.club import quick_argon2, setup_club, sign_in

ROLES: tuple[Role | None, ...] = (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER, None)


@pytest.fixture(autouse=True)
def _quick_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    quick_argon2(monkeypatch)


@pytest.fixture
def toy_app(tmp_path: Path) -> Iterator[FastAPI]:
    store = open_store(f"sqlite:///{tmp_path / 'access.sqlite3'}")
    app = create_app(make_service(store.repository))
    setup_club(app)
    yield app
    store.close()


def client_as(app: FastAPI, role: Role | None, **kwargs: object) -> TestClient:
    client = TestClient(app, headers={"accept-language": "en"}, **kwargs)  # type: ignore[arg-type]
    return sign_in(client, role)


@pytest.fixture
def clients(toy_app: FastAPI) -> Iterator[dict[Role | None, TestClient]]:
    made = {role: client_as(toy_app, role) for role in ROLES}
    for client in made.values():
        client.__enter__()
    yield made
    for client in made.values():
        client.__exit__(None, None, None)
