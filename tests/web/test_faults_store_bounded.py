"""Issue 29 points 3 and 4 (docs/deploy.md, "Under faults"): a store fault is a readable 503 within
about two seconds with ``Retry-After``, the entry is not saved (no part of it), and a write waiting
for another process's lock never holds up the pages that only read.

The other process is real: a Python child holding SQLite's write lock on the same file, or a second
PostgreSQL connection holding a table lock. Times are asserted loosely (a deadline, not a benchmark:
bench/read_under_lock.py measures)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from stammtisch.web.app import create_app
from stammtisch.web.auth import club_service
from tests.store.conftest import pg_url  # noqa: F401  (fixture: a fresh PostgreSQL schema per test)
from tests.support.club import bearer, setup_club
from tests.web.conftest import PLAYERS

#: The issue's bound is two seconds; the slack is for a loaded two-core test machine.
DEADLINE = 2.0 + 1.0
THROW = {"seq": 0, "seat": 0, "action": {"type": "Throw"}}

_HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
"""


@contextmanager
def sqlite_write_lock(path: Path) -> Iterator[None]:
    """Another process holds the file's write lock (like a CLI booking or a second server mid-write)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.write("done\n")
        holder.stdin.flush()
        holder.wait(timeout=10)


def _new_match(app: FastAPI) -> str:
    snapshot = app.state.service.create(
        "kluempchen", PLAYERS, {"team_draw": "manual"}, {"teams": [[0, 1], [2, 3]]}, mode="table"
    )
    return str(snapshot.match_id)


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Iterator[tuple[FastAPI, Path]]:
    path = tmp_path / "stammtisch.sqlite3"
    app = create_app(database_url=f"sqlite:///{path}")  # the server's own store: every wait bounded
    setup_club(app)
    yield app, path
    app.state.service.repository.engine.dispose()


def _assert_readable_503(answer: Any, seconds: float, words: tuple[str, ...]) -> None:
    assert answer.status_code == 503, answer.text[:300]
    assert seconds < DEADLINE, f"503 after {seconds:.2f} s"
    assert int(answer.headers["retry-after"]) > 0
    for word in words:
        assert word in answer.text


def test_sqlite_write_behind_another_process_lock_is_a_503_within_two_seconds(
    sqlite_app: tuple[FastAPI, Path],
) -> None:
    app, path = sqlite_app
    match_id = _new_match(app)
    headers = bearer(app)
    with TestClient(app) as client, sqlite_write_lock(path):
        started = time.monotonic()
        answer = client.post(f"/api/matches/{match_id}/actions", json=THROW, headers=headers)
        _assert_readable_503(answer, time.monotonic() - started, ("nicht gespeichert", "not saved"))
        assert answer.json()["error"]["code"] == "store/unavailable"
    assert app.state.service.repository.last_seq(match_id) == 0  # nothing was written
    with TestClient(app) as client:  # the lock is gone: the same entry, sent again, counts once
        again = client.post(f"/api/matches/{match_id}/actions", json=THROW, headers=headers)
        assert again.status_code == 200, again.text
    assert app.state.service.repository.last_seq(match_id) == 1


def test_the_503_page_says_in_words_that_the_entry_was_not_saved(sqlite_app: tuple[FastAPI, Path]) -> None:
    app, path = sqlite_app
    match_id = _new_match(app)
    for lang, words in (("de", ("nicht gespeichert", "noch einmal")), ("en", ("not saved", "again"))):
        with TestClient(app, headers={"accept-language": lang, **bearer(app)}) as client, sqlite_write_lock(path):
            started = time.monotonic()
            answer = client.post(f"/m/{match_id}/act", data={"seq": "0", "seat": "0", "notation": "throw"})
            _assert_readable_503(answer, time.monotonic() - started, words)
            assert answer.headers["content-type"].startswith("text/html")
    assert app.state.service.repository.last_seq(match_id) == 0


def test_an_entry_from_the_board_keeps_the_board_and_gets_the_message_on_top(
    sqlite_app: tuple[FastAPI, Path],
) -> None:
    """HTMX: the 503 does not replace the board (what was tapped stays); the message goes on top."""
    app, path = sqlite_app
    match_id = _new_match(app)
    headers = {"hx-request": "true", "accept-language": "en", **bearer(app)}
    with TestClient(app, headers=headers) as client, sqlite_write_lock(path):
        answer = client.post(f"/m/{match_id}/act", data={"seq": "0", "seat": "0", "notation": "throw"})
    assert answer.status_code == 503 and answer.headers["hx-retarget"] == "#main"
    assert answer.headers["hx-reswap"] == "afterbegin" and int(answer.headers["retry-after"]) > 0
    assert answer.text.startswith('<div class="alert" role="alert"') and "not saved" in answer.text
    assert "<html" not in answer.text


async def _read_while_a_write_waits(app: FastAPI, match_id: str, headers: dict[str, str]) -> list[str]:
    """A write that waits for the other process's lock, and meanwhile a read: which answers first."""
    finished: list[str] = []
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver", headers=headers) as client:

        async def write() -> None:
            answer = await client.post(f"/api/matches/{match_id}/actions", json=THROW)
            finished.append(f"write {answer.status_code}")

        async def read() -> None:
            await asyncio.sleep(0.2)  # the write is under way and waiting for the file lock
            answer = await client.get(f"/api/matches/{match_id}")
            finished.append(f"read {answer.status_code}")

        await asyncio.gather(write(), read())
    return finished


def test_reads_are_answered_while_a_write_waits_for_another_process(sqlite_app: tuple[FastAPI, Path]) -> None:
    """Point 4: the waiting write is in the store's writer thread, not on the event loop; before,
    the read answered only after the write had given up."""
    app, path = sqlite_app
    match_id = _new_match(app)
    headers = bearer(app)
    app.state.service.snapshot(match_id)  # the match is known to this worker, as on a busy evening
    with sqlite_write_lock(path):
        finished = asyncio.run(_read_while_a_write_waits(app, match_id, headers))
    assert finished == ["read 200", "write 503"]


def test_a_command_that_writes_while_the_server_writes_is_safe(sqlite_app: tuple[FastAPI, Path]) -> None:
    """Point 4: a command-line write (here the club's spectator setting) while the server takes entries:
    both succeed, nothing is refused (the server's writes hold the file for milliseconds)."""
    app, path = sqlite_app
    match_id = _new_match(app)
    env = {**os.environ, "STAMMTISCH_DATABASE_URL": f"sqlite:///{path}"}
    command = [str(Path(sys.executable).parent / "stammtisch"), "club", "spectators", "on"]
    with TestClient(app, headers=bearer(app)) as client:
        cli = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        statuses = []
        while cli.poll() is None:
            seq = client.get(f"/api/matches/{match_id}").json()["seq"]
            statuses.append(client.post(f"/api/matches/{match_id}/undo", json={"seq": seq}).status_code)
            statuses.append(client.post(f"/api/matches/{match_id}/actions", json={**THROW, "seq": seq}).status_code)
        out, err = cli.communicate(timeout=30)
    assert cli.returncode == 0, err
    assert statuses and 503 not in statuses and 500 not in statuses
    assert club_service(app).club().public_spectators  # type: ignore[union-attr]


@pytest.mark.postgres
def test_postgres_write_behind_a_held_table_lock_is_a_503_within_two_seconds(pg_url: str) -> None:  # noqa: F811
    app = create_app(database_url=pg_url)
    setup_club(app)
    match_id = _new_match(app)
    headers = bearer(app)
    other = create_engine(pg_url)
    try:
        with TestClient(app) as client, other.connect() as holder:
            holder.execute(text("LOCK TABLE match_events IN ACCESS EXCLUSIVE MODE"))  # e.g. a stuck migration
            started = time.monotonic()
            answer = client.post(f"/api/matches/{match_id}/actions", json=THROW, headers=headers)
            _assert_readable_503(answer, time.monotonic() - started, ("nicht gespeichert", "not saved"))
            started = time.monotonic()
            page = client.get(f"/m/{match_id}", headers={**headers, "accept-language": "en"})
            _assert_readable_503(page, time.monotonic() - started, ("Reload it to try again",))
            holder.rollback()
        assert app.state.service.repository.last_seq(match_id) == 0  # nothing half-written
    finally:
        other.dispose()
        app.state.service.repository.engine.dispose()


def test_a_write_runs_on_the_loop_when_the_file_is_free_and_waits_in_the_writer_thread_when_not(
    sqlite_app: tuple[FastAPI, Path],
) -> None:
    """The fast path stays (bench/hammer.py): on the loop when nobody else writes; in the writer thread
    (rolled back untouched, then again) while another process holds the file."""
    import threading

    from stammtisch.store.write_lock import single_writer

    app, path = sqlite_app
    match_id = _new_match(app)
    service = app.state.service
    writer = single_writer(service.repository.engine)
    where: list[str] = []

    def throw() -> Any:
        where.append(threading.current_thread().name)
        return service.act(match_id, 0, "throw", service.snapshot(match_id).seq)

    def undo() -> Any:
        where.append(threading.current_thread().name)
        return service.undo(match_id, service.snapshot(match_id).seq)

    asyncio.run(writer.run(throw))
    assert where == [threading.current_thread().name]
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"

    async def write_then_release() -> Any:
        pending = asyncio.ensure_future(writer.run(undo))
        await asyncio.sleep(0.3)
        assert holder.stdin is not None
        holder.stdin.write("done\n")
        holder.stdin.flush()
        return await pending

    asyncio.run(write_then_release())
    holder.wait(timeout=10)
    assert where[1] == threading.current_thread().name and where[2].startswith("stammtisch-writer")
    assert service.repository.last_seq(match_id) == 2  # the undo once: the loop's try wrote nothing
