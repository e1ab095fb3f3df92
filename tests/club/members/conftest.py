"""The club's people on every store: in-memory SQLite, a SQLite file and PostgreSQL (a fresh schema)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from stammtisch.club.members.service import ClubService
from stammtisch.store import open_store
from stammtisch.store.members import SqlClub, memory_club
from tests.store.conftest import pg_url, sqlite_url  # noqa: F401  (fixtures)

PASSWORD = "richtig-geheim"


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def service(request: pytest.FixtureRequest) -> Iterator[ClubService]:
    if request.param == "memory":
        yield ClubService(memory_club())
        return
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    store = open_store(url)
    yield ClubService(SqlClub(store.engine))
    store.close()


@pytest.fixture
def club(service: ClubService) -> ClubService:
    """A club whose admin is Anna (password ``PASSWORD``)."""
    service.init_club("Würfelfreunde Erfurt", "Anna", PASSWORD)
    return service


@pytest.fixture(autouse=True)
def _quick_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2 with the smallest cost: the same code path, a thousandth of the work (the 2-core machine)."""
    from tests.support.club import quick_argon2

    quick_argon2(monkeypatch)
