"""Hammer: 20 matches × 5 clients submitting as fast as they can, conflicts included.

Starts the app under uvicorn in a child process (``--workers``), on SQLite in a temporary directory
or on PostgreSQL (``--database postgresql``: ``STAMMTISCH_TEST_DATABASE_URL`` or the local test
server, in a fresh schema-free database state: the matches are new, nothing else is touched), opens
20 Klümpchen matches in table mode and lets 5 clients per match submit the next plausible step
(``bench.web_latency.next_write``) through the JSON API without any pause. The five race each other:
one wins each sequence number, the others get 409 with the fresh snapshot and go again from there
(a conflict is an expected answer, not an error). A match that ends is replaced by a new one.

Reports, per store: writes per second, write latency median / p95 / p99 (from just before the POST
to the answer; accepted writes and conflicts alike), the share of conflicts, and errors (any other
status, a transport error or a timeout). ``--seconds`` shortens the run (default 60).

``python -m bench.hammer [--seconds S] [--database sqlite|postgresql|both] [--workers N]``;
``run(quick)`` is the ``python -m bench`` part (SQLite, 1 worker, and PostgreSQL, 2 workers, when
the server answers).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.lean_http import LeanConnection
from bench.web_latency import PLAYERS, next_write, percentile
from stammtisch.web.background import free_port

MATCHES = 20
CLIENTS = 5
SECONDS = 60.0
QUICK_SECONDS = 8.0
#: A write slower than this counts as an error (the server is stuck, not just busy).
TIMEOUT = 30.0
POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@dataclass
class Tally:
    """What the clients saw: latencies of every answered write (ms), and counts."""

    latencies: list[float] = field(default_factory=list)
    accepted: int = 0
    conflicts: int = 0
    errors: int = 0
    matches_finished: int = 0
    requests: int = 0
    server_pid: int = 0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    first_errors: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.first_errors) < 5:
            self.first_errors.append(what)


class Slot:
    """One table: its current match; when it ends, the first client to notice opens the next one."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.lock = asyncio.Lock()

    async def replace(self, client: LeanConnection, finished: str, tally: Tally) -> None:
        async with self.lock:
            if self.match_id == finished:
                self.match_id = await create_match(client)
                tally.matches_finished += 1


def browser_token() -> dict[str, Any]:
    """The CSRF double-submit token as our pages send it (cookie and header with one random value), so
    the benchmark pays for the same checks as a phone."""
    try:
        from stammtisch.web.csrf import COOKIE, HEADER, new_token
    except ImportError:  # a tree without the token
        return {}
    token = new_token()
    return {"cookies": {COOKIE: token}, "headers": {HEADER: token}}


def signed_in(database_url: str) -> dict[str, str]:
    """A club with a scribe's API token in the benchmark's database (sign-in checked on every request,
    as for any script); empty headers on a tree without sign-in."""
    try:
        from stammtisch.club.members import Role
        from stammtisch.club.members.service import ClubService
        from stammtisch.store.members import SqlClub
    except ImportError:
        return {}
    from stammtisch.store.database import open_store

    store = open_store(database_url)
    try:
        service = ClubService(SqlClub(store.engine))
        if service.club() is None:
            service.init_club("Hammer", "Hammer Admin", new_password())
        scribe = service.add_user(f"Hammer Scribe {new_password()[:8]}", Role.SCRIBE, new_password())
        _, secret = service.create_token(scribe.member_id, "hammer")
    finally:
        store.close()
    return {"Authorization": f"Bearer {secret}"}


def new_password() -> str:
    import secrets

    return secrets.token_urlsafe(16)


def new_match_body(title: str) -> dict[str, Any]:
    return {
        "game": "kluempchen",
        "players": PLAYERS,
        "options": {"team_draw": "manual"},
        "setup": {"teams": [[0, 1], [2, 3]]},
        "mode": "table",
        "title": title,
    }


async def create_match(client: LeanConnection) -> str:
    response = await client.request("POST", "/api/matches", new_match_body("hammer"))
    if response.status not in (200, 201):
        raise RuntimeError(f"creating a match failed: {response.status} {response.text[:200]}")
    return str(response.json()["match_id"])


async def hammer(client: LeanConnection, slot: Slot, stop_at: float, tally: Tally) -> None:
    """One client: look once, then submit the next step as soon as the previous answer is in."""
    snap: dict[str, Any] | None = None
    while time.perf_counter() < stop_at:
        match_id = slot.match_id
        if snap is None or snap.get("match_id") != match_id:
            response = await client.request("GET", f"/api/matches/{match_id}")
            tally.requests += 1
            if response.status != 200:
                tally.error(f"GET {response.status} {response.text[:120]}")
                await asyncio.sleep(0.05)
                continue
            snap = response.json()
        if snap["turn"]["kind"] == "decision" and not snap["legal"]:
            snap = None  # the answer to an action shows that seat's options only: look at the whole table
            continue
        if snap["turn"]["kind"] == "finished":
            await slot.replace(client, match_id, tally)
            snap = None
            continue
        started = time.perf_counter()
        try:
            response = await client.request("POST", f"/api/matches/{match_id}/actions", next_write(snap))
            tally.requests += 1
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
            tally.error(f"{type(error).__name__}: {error}")
            snap = None
            continue
        elapsed = (time.perf_counter() - started) * 1000
        if response.status == 200:
            tally.accepted += 1
            tally.latencies.append(elapsed)
            snap = response.json()
        elif response.status == 409:
            tally.conflicts += 1
            tally.latencies.append(elapsed)
            snap = response.json().get("snapshot")
        else:
            tally.error(f"POST {response.status} {response.text[:160]}")
            snap = None


async def measure(
    served: Served,
    seconds: float,
    matches: int = MATCHES,
    clients: int = CLIENTS,
    headers: dict[str, str] | None = None,
) -> tuple[Tally, float]:
    url, server_pid = served.url, served.pid
    tally = Tally()
    session = browser_token()
    fixed = {**session.get("headers", {}), **(headers or {})}
    if session.get("cookies"):
        fixed["Cookie"] = "; ".join(f"{name}={value}" for name, value in session["cookies"].items())
    phones = [LeanConnection(url, fixed, TIMEOUT) for _ in range(matches * clients)]
    try:
        slots = [Slot(await create_match(phones[0])) for _ in range(matches)]
        started = time.perf_counter()
        server_before, client_before = tree_cpu_seconds(server_pid), time.process_time()
        stop_at = started + seconds
        runs = [
            hammer(phones[i * clients + j], slot, stop_at, tally)
            for i, slot in enumerate(slots)
            for j in range(clients)
        ]
        await asyncio.gather(*runs)
        took = time.perf_counter() - started
        tally.server_cpu = tree_cpu_seconds(server_pid) - server_before
        tally.client_cpu = time.process_time() - client_before
    finally:
        for phone in phones:
            await phone.close()
    return tally, took


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds (user + system) used so far by process ``root`` and its direct children (uvicorn's
    workers): a figure that does not depend on what else the machine is doing."""
    ticks = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == root or int(fields[1]) == root:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Served:
    url: str
    pid: int


@contextmanager
def serve(database_url: str, workers: int) -> Iterator[Served]:
    """uvicorn with ``workers`` processes in a child process; yields its base URL and process id."""
    port = free_port()
    env = {**os.environ, "STAMMTISCH_DATABASE_URL": database_url}
    command = [sys.executable, "-m", "uvicorn", "stammtisch.web.app:create_app", "--factory"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", "--no-access-log"]
    command += ["--timeout-graceful-shutdown", "2", "--workers", str(workers)]
    child = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/matches", timeout=2).status_code < 500:  # up (sign-in may be asked)
                    break
            except httpx.TransportError:
                pass
            if child.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the web server for the benchmark did not start")
            time.sleep(0.2)
        yield Served(url, child.pid)
    finally:
        child.terminate()
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


@contextmanager
def postgres_schema() -> Iterator[str | None]:
    """A fresh schema on the PostgreSQL test server (``STAMMTISCH_TEST_DATABASE_URL`` or the local one),
    dropped afterwards; None when no server answers (the PostgreSQL part is then left out)."""
    import uuid

    from sqlalchemy import create_engine, make_url, text

    base = os.environ.get("STAMMTISCH_TEST_DATABASE_URL") or POSTGRES_URL
    schema = f"hammer_{uuid.uuid4().hex[:12]}"
    try:
        admin = create_engine(base, connect_args={"connect_timeout": 3})
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception:
        yield None
        return
    try:
        yield make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def figures(label: str, tally: Tally, took: float) -> dict[str, Any]:
    answered = tally.accepted + tally.conflicts
    requests = max(tally.requests, 1)
    lat = tally.latencies or [0.0]
    return {
        f"{label}: writes/s": {"value": round(tally.accepted / took, 1), "unit": "writes/s"},
        f"{label}: write median": {"value": round(statistics.median(lat), 1), "unit": "ms"},
        f"{label}: write p95": {"value": round(percentile(lat, 0.95), 1), "unit": "ms"},
        f"{label}: write p99": {"value": round(percentile(lat, 0.99), 1), "unit": "ms"},
        f"{label}: conflicts": {"value": round(100 * tally.conflicts / max(answered, 1), 1), "unit": "%"},
        f"{label}: errors": {"value": tally.errors, "unit": "errors"},
        f"{label}: server CPU per request": {"value": round(1000 * tally.server_cpu / requests, 2), "unit": "ms"},
        f"{label}: load generator CPU per request": {
            "value": round(1000 * tally.client_cpu / requests, 2),
            "unit": "ms",
        },
    }


def hammer_one(database: str, workers: int, seconds: float) -> dict[str, Any]:
    label = f"hammer, {MATCHES} matches x {CLIENTS} clients, {seconds:g} s ({database}, {workers} worker(s))"
    if database == "postgresql":
        with postgres_schema() as url:
            if url is None:
                return {}
            headers = signed_in(url)
            with serve(url, workers) as served:
                tally, took = asyncio.run(measure(served, seconds, headers=headers))
    else:
        with tempfile.TemporaryDirectory(prefix="stammtisch-hammer-") as directory:
            database = f"sqlite:///{Path(directory) / 'hammer.sqlite3'}"
            headers = signed_in(database)
            with serve(database, workers) as served:
                tally, took = asyncio.run(measure(served, seconds, headers=headers))
    for line in tally.first_errors:
        print(f"  error: {line}", file=sys.stderr)
    return figures(label, tally, took)


def run(quick: bool = False, seconds: float | None = None) -> dict[str, Any]:
    """SQLite with one worker and PostgreSQL with two (when the server answers)."""
    seconds = seconds if seconds is not None else (QUICK_SECONDS if quick else SECONDS)
    results = hammer_one("sqlite", 1, seconds)
    results.update(hammer_one("postgresql", 2, seconds))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hammer", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="how long the clients hammer (default 60)")
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--workers", type=int, default=None, help="uvicorn workers (default: 1 SQLite, 2 PostgreSQL)")
    args = parser.parse_args(argv)
    stores = ("sqlite", "postgresql") if args.database == "both" else (args.database,)
    for database in stores:
        workers = args.workers or (1 if database == "sqlite" else 2)
        for name, figure in hammer_one(database, workers, args.seconds).items():
            print(f"{name}: {figure['value']} {figure['unit']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
