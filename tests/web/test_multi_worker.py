"""Several workers on one PostgreSQL database behave as one app (DESIGN "Storage and scale", M-1):
a write through one worker is in the other's snapshot, announced on the other's live updates, and a
stale write through the other is refused with the fresh state. Two ``create_app`` calls are two
workers, each with its own service cache and broadcaster; the last test runs two uvicorn processes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.store.config import DATABASE_URL_VARIABLE
from stammtisch.web.app import create_app
from stammtisch.web.background import free_port
from stammtisch.web.live import MatchChanged
from tests.store.conftest import pg_url  # noqa: F401  (fixture: a fresh PostgreSQL schema per test)
from tests.support.club import bearer_for_url, signed_in
from tests.web.conftest import PLAYERS
from tests.web.test_live import run

pytestmark = pytest.mark.postgres

NEW_MATCH = {
    "game": "kluempchen",
    "players": PLAYERS,
    "options": {"team_draw": "manual"},
    "setup": {"teams": [[0, 1], [2, 3]]},
    "mode": "table",
}
#: Seat 0 throws: in table mode the match then waits for the dice (seq 0 -> 1).
THROW = {"seq": 0, "seat": 0, "action": {"type": "Throw"}}
#: Bounded waits: a notice crosses the database in milliseconds; these only stop a broken run.
WAIT_SECONDS = 10.0


@pytest.fixture
def workers(pg_url: str) -> Iterator[tuple[TestClient, TestClient]]:  # noqa: F811
    """Workers A and B, started (lifespan: ``LISTEN`` is in place), on their own NOTIFY channel."""
    channel = f"t_{uuid.uuid4().hex[:12]}"  # parallel test runs never hear each other
    apps = [create_app(database_url=pg_url, notify_channel=channel) for _ in range(2)]
    with signed_in(TestClient(apps[0])) as a, signed_in(TestClient(apps[1])) as b:
        for app in apps:
            assert app.state.fanout is not None and app.state.fanout.listener.ready.is_set()
        yield a, b
    for app in apps:
        assert app.state.fanout.listener is None  # shutdown stopped the listener


def app_of(client: TestClient) -> FastAPI:
    app = client.app
    assert isinstance(app, FastAPI)
    return app


def new_match(client: TestClient) -> str:
    response = client.post("/api/matches", json=NEW_MATCH)
    assert response.status_code == 201, response.text
    return str(response.json()["match_id"])


def snapshot(client: TestClient, match_id: str) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_write_through_one_worker_is_in_the_others_snapshot(workers: tuple[TestClient, TestClient]) -> None:
    """M-1 across workers: B's cached position picks up the event A appended."""
    a, b = workers
    match_id = new_match(a)
    assert snapshot(b, match_id)["seq"] == 0  # B has the match cached now
    assert a.post(f"/api/matches/{match_id}/actions", json=THROW).status_code == 200
    fresh = snapshot(b, match_id)
    assert fresh["seq"] == 1 and fresh["turn"]["kind"] == "chance"
    assert fresh == snapshot(a, match_id)


def test_a_write_through_one_worker_is_announced_on_the_others_live_updates(
    workers: tuple[TestClient, TestClient],
) -> None:
    """LISTEN/NOTIFY: an open page served by B hears of A's write (once)."""
    a, b = workers
    match_id = new_match(a)
    broadcaster = app_of(b).state.broadcaster

    async def scenario() -> None:
        async with broadcaster.subscribe(match_id) as queue:
            response = await asyncio.to_thread(a.post, f"/api/matches/{match_id}/actions", json=THROW)
            assert response.status_code == 200
            assert await asyncio.wait_for(queue.get(), WAIT_SECONDS) == MatchChanged(match_id, 1)
            await asyncio.sleep(0.2)  # A's route, A's service and A's NOTIFY echo must not repeat it on B
            assert queue.empty()

    run(scenario())


def test_a_stale_write_through_the_other_worker_gets_the_fresh_state(workers: tuple[TestClient, TestClient]) -> None:
    """M-1: B saw seq 0, A moved on; B's write with seq 0 is a 409 carrying A's state."""
    a, b = workers
    match_id = new_match(a)
    assert snapshot(b, match_id)["seq"] == 0
    assert a.post(f"/api/matches/{match_id}/actions", json=THROW).status_code == 200
    refused = b.post(f"/api/matches/{match_id}/actions", json=THROW)
    assert refused.status_code == 409
    body = refused.json()
    assert body["error"]["code"] == "match/stale"
    assert body["snapshot"]["seq"] == 1 and body["snapshot"]["turn"]["kind"] == "chance"
    assert snapshot(a, match_id)["seq"] == snapshot(b, match_id)["seq"] == 1  # nothing lost or doubled


def test_two_uvicorn_processes_share_writes_and_live_updates(pg_url: str) -> None:  # noqa: F811
    """The real thing: two server processes; a page open on B's event stream hears A's write."""
    with uvicorn_worker(pg_url) as a, uvicorn_worker(pg_url) as b:
        with httpx.Client(timeout=WAIT_SECONDS, headers=bearer_for_url(pg_url)) as http:
            match_id = http.post(f"{a}/api/matches", json=NEW_MATCH).json()["match_id"]
            seen: list[int] = []
            with http.stream("GET", f"{b}/m/{match_id}/events") as stream:
                for line in stream.iter_lines():  # each read is bounded by the client's timeout
                    if not line.startswith("id: "):
                        continue
                    seen.append(int(line[4:]))
                    if seen == [0]:  # the stream starts with the current seq; now A writes
                        assert http.post(f"{a}/api/matches/{match_id}/actions", json=THROW).status_code == 200
                    else:
                        break
            assert seen == [0, 1]
            refused = http.post(f"{b}/api/matches/{match_id}/actions", json=THROW)
            assert refused.status_code == 409 and refused.json()["snapshot"]["seq"] == 1


class uvicorn_worker:  # noqa: N801  (used like a function: ``with uvicorn_worker(url) as base_url``)
    """``uvicorn --factory stammtisch.web.app:create_app`` on a free loopback port; stopped on exit."""

    def __init__(self, database_url: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, DATABASE_URL_VARIABLE: database_url}
        command = [sys.executable, "-m", "uvicorn", "--factory", "stammtisch.web.app:create_app"]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"]
        command += ["--timeout-graceful-shutdown", "2"]
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.headers = bearer_for_url(database_url)

    def __enter__(self) -> str:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"worker on {self.url} exited: {error}")
            try:
                if httpx.get(f"{self.url}/api/matches", timeout=1, headers=self.headers).status_code == 200:
                    return self.url
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.__exit__()
        raise RuntimeError(f"worker on {self.url} did not start")

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        if self.process.stderr is not None:
            self.process.stderr.close()
