"""Web tests: the real app on a real SQLite file, driven through FastAPI's TestClient."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from tests.support.club import setup_club, sign_in

PLAYERS = ["Anna", "Ben", "Carl", "Dora"]


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    """The app on a fresh SQLite file, its club set up with one account per role (tests.support.club)."""
    app = create_app(database_url=f"sqlite:///{tmp_path / 'stammtisch.sqlite3'}")
    setup_club(app)
    return app


def _client(app: FastAPI, role: Role | None) -> Iterator[TestClient]:
    with TestClient(app, headers={"accept-language": "de"}) as client:
        sign_in(client, role)
        yield client


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """The default test client: a signed-in scribe (creates and keeps matches and evenings)."""
    yield from _client(app, Role.SCRIBE)


@pytest.fixture
def admin_client(app: FastAPI) -> Iterator[TestClient]:
    yield from _client(app, Role.ADMIN)


@pytest.fixture
def treasurer_client(app: FastAPI) -> Iterator[TestClient]:
    yield from _client(app, Role.TREASURER)


@pytest.fixture
def member_client(app: FastAPI) -> Iterator[TestClient]:
    yield from _client(app, Role.MEMBER)


@pytest.fixture
def anonymous_client(app: FastAPI) -> Iterator[TestClient]:
    yield from _client(app, None)


def start_evening(
    client: TestClient, mode: str = "table", teams: bool = True, players: list[str] | None = None, **extra: Any
) -> str:
    """Post the new-evening form; returns the match id. With ``teams`` the pairs are entered (1+2, 3+4)."""
    names = players or PLAYERS
    form: dict[str, Any] = {
        "title": "Freitag",
        "player": names,
        "team": [str(1 + i // 2) for i in range(len(names))] if teams else [""] * len(names),
        "team_draw": "manual" if teams else "reuse_rolls",
        "mode": mode,
        "base_euro": "0,50",
        **extra,
    }
    response = client.post("/evenings", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    return response.headers["location"].rsplit("/", 1)[-1]


def state(client: TestClient, match_id: str) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}")
    assert response.status_code == 200
    return response.json()


def alert(page: str) -> str:
    """The text of the page's alert box (whitespace collapsed)."""
    found = re.search(r'role="alert">(.*?)</(?:div|p)>', page, re.S)
    assert found, "no alert on the page"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


HTMX = {"hx-request": "true"}
