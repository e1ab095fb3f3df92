"""Database trouble gets a clear answer (issue 10, item 6): a busy SQLite file is a 503 with
Retry-After within seconds (not a 30 s hang, not a bare 500); a file with damaged pages is refused
at start, like a truncated one, saying how to restore a backup."""

from __future__ import annotations

import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stammtisch.store.config import BUSY_TIMEOUT_VARIABLE, DEFAULT_BUSY_TIMEOUT_MS, busy_timeout_ms
from stammtisch.store.database import StoreUnavailable, open_store
from stammtisch.store.errors import StoreError
from stammtisch.web.app import create_app
from tests.support.club import signed_in
from tests.web.conftest import start_evening


@contextmanager
def write_locked(path: Path) -> Iterator[None]:
    """Another connection (another program, a stuck process) holds the file's write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_the_busy_timeout_is_a_few_seconds() -> None:
    assert busy_timeout_ms({}) == DEFAULT_BUSY_TIMEOUT_MS <= 5_000
    assert busy_timeout_ms({BUSY_TIMEOUT_VARIABLE: "250"}) == 250
    with pytest.raises(ValueError, match=BUSY_TIMEOUT_VARIABLE):
        busy_timeout_ms({BUSY_TIMEOUT_VARIABLE: "soon"})


def test_the_engine_waits_only_the_busy_timeout(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar_one() == DEFAULT_BUSY_TIMEOUT_MS
    finally:
        store.close()


@pytest.mark.parametrize(("lang", "words"), [("de", "belegt"), ("en", "busy")])
def test_a_locked_file_answers_503_with_retry_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    monkeypatch.setenv(BUSY_TIMEOUT_VARIABLE, "300")
    path = tmp_path / "busy.sqlite3"
    app = create_app(database_url=f"sqlite:///{path}")
    with signed_in(TestClient(app, headers={"accept-language": lang})) as client:
        match_id = start_evening(client)
        form = {"seq": "0", "seat": "0", "notation": "throw", "faces": "111234"}
        with write_locked(path):
            started = time.monotonic()
            page = client.post(f"/m/{match_id}/dice", data=form, headers={"hx-request": "true"})
            assert time.monotonic() - started < 10  # a bound, not a benchmark: no 30 s hang
            assert page.status_code == 503, page.text
            assert page.headers["retry-after"].isdigit()
            assert words in page.text
            api = client.post(f"/api/matches/{match_id}/actions", json={"seq": 0, "seat": 0, "action": "throw"})
            assert api.status_code == 503 and api.json()["error"]["code"] == "store/unavailable"
            assert "retry-after" in api.headers
            # Readers are not blocked in WAL mode: the table still shows.
            assert client.get(f"/m/{match_id}").status_code == 200
        assert client.get(f"/api/matches/{match_id}").json()["seq"] == 0  # nothing was written
        assert client.post(f"/m/{match_id}/dice", data=form, follow_redirects=False).status_code == 303


def test_a_locked_file_at_start_is_explained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BUSY_TIMEOUT_VARIABLE, "200")
    path = tmp_path / "busy.sqlite3"
    open_store(f"sqlite:///{path}").close()
    with write_locked(path), pytest.raises(StoreUnavailable) as caught:
        open_store(f"sqlite:///{path}")
    assert "belegt" in caught.value.message.de and "busy" in caught.value.message.en


def make_database(path: Path) -> None:
    """A real database with enough rows to fill several pages."""
    store = open_store(f"sqlite:///{path}")
    app = create_app(database_url=f"sqlite:///{path}")
    with signed_in(TestClient(app)) as client:
        for _ in range(15):
            start_evening(client)
    store.close()
    app.state.service.repository.engine.dispose()  # type: ignore[attr-defined]
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()


def damage(path: Path, pages: range) -> None:
    """Write garbage over whole pages, leaving page 1 (the header and the schema) intact."""
    with path.open("r+b") as file:
        page_size = int.from_bytes(file.read(18)[16:18], "big") or 65536
        for page in pages:
            file.seek((page - 1) * page_size)
            file.write(bytes((page * 37 + i) % 251 for i in range(page_size)))


def test_a_file_with_damaged_pages_is_refused_at_start(tmp_path: Path) -> None:
    original = tmp_path / "club.sqlite3"
    make_database(original)
    pages = original.stat().st_size // int.from_bytes(original.read_bytes()[16:18], "big")
    assert pages >= 4
    copy = tmp_path / "damaged" / "club.sqlite3"
    copy.parent.mkdir()
    shutil.copy(original, copy)
    damage(copy, range(pages - 2, pages + 1))  # data pages: the schema and alembic_version still read
    with pytest.raises(StoreError) as caught:
        open_store(f"sqlite:///{copy}")
    error = caught.value
    assert error.code == "store/corrupt"
    assert "beschädigt" in error.message.de and "Sicherung" in error.message.de
    assert "damaged" in error.message.en and "backup" in error.message.en and str(copy) in error.message.en
    with pytest.raises(StoreError):
        create_app(database_url=f"sqlite:///{copy}")
    # The undamaged original still opens.
    open_store(f"sqlite:///{original}").close()


def test_a_truncated_file_gets_the_same_kind_of_message(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    make_database(path)
    with path.open("r+b") as file:
        file.truncate(path.stat().st_size // 2)
    with pytest.raises(StoreError) as caught:
        open_store(f"sqlite:///{path}")
    assert caught.value.code == "store/corrupt" and "backup" in caught.value.message.en


def test_a_server_gone_while_running_answers_503() -> None:
    """PostgreSQL went away after start: every page answers 503 with Retry-After, quickly."""
    from stammtisch.matches.service import MatchService
    from stammtisch.store import SqlMatchRepository, create_store_engine

    service = MatchService(SqlMatchRepository(create_store_engine("postgresql://stammtisch@127.0.0.1:1/none")))
    with TestClient(create_app(service), headers={"accept-language": "en"}) as client:
        for path in ("/api/matches", "/m/abc"):
            answer = client.get(path)
            assert answer.status_code == 503, (path, answer.status_code)
            assert answer.headers["retry-after"].isdigit() and "try again" in answer.text
