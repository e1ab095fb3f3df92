"""Live-update latency of the web app: from submitting an action to another phone's event.

Starts the app with uvicorn in a subprocess (one worker) on a free 127.0.0.1 port with SQLite in a
temporary directory, opens 20 Klümpchen matches in table mode, connects one Server-Sent-Events
client per match (the "other phone") and plays all 20 at once through the JSON API. Each write is
timed from just before the POST until the other client has received the event for the new sequence
number. Two loads: back to back (every match writes again as soon as its event arrived: the server
is saturated) and paced (a scribe's pause between a match's writes). Reports the median and 95th
percentile in milliseconds. Loopback only; a bounded number of writes; stops by itself.

``python -m bench.web_latency`` prints the figures; ``run()`` returns them as a dict.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from stammtisch.web.background import free_port

MATCHES = 20
WRITES = 24
QUICK_WRITES = 6
#: Seconds between two writes of one match in the paced load (a quick scribe: 20 writes/s in all).
PAUSE = 1.0
#: Give up on one event after this many seconds (counts as a failure, not as a figure).
EVENT_TIMEOUT = 10.0
PLAYERS = ["Anna", "Ben", "Carl", "Dora"]
#: Dice faces to enter for n free dice: a triple of ones first, then dice that make nothing new.
FACES = {6: "1 1 1 2 3 4", 5: "2 3 4 5 6", 4: "2 3 5 6", 3: "1 5 6", 2: "5 6", 1: "5"}


def next_write(snap: dict[str, Any]) -> dict[str, Any]:
    """A plausible next submission for a table-mode Klümpchen match (the scribe's input)."""
    seq = snap["seq"]
    if snap["turn"]["kind"] == "chance":
        free = (snap["view"].get("turn") or {}).get("free", 1)
        return {"seq": seq, "outcome": FACES.get(free, "5")}
    legal = snap["legal"]
    by_notation = {entry["notation"]: entry for entry in legal}
    if "stop" in by_notation:
        return {"seq": seq, "seat": by_notation["stop"]["seat"], "action": "stop"}
    if "throw" in by_notation:
        free = (snap["view"].get("turn") or {}).get("free", 6)
        steps = [{"seat": by_notation["throw"]["seat"], "action": "throw"}, {"outcome": FACES[free]}]
        return {"seq": seq, "steps": steps}
    if "next" in by_notation:
        return {"seq": seq, "seat": by_notation["next"]["seat"], "action": "next"}
    return {"seq": seq, "seat": legal[0]["seat"], "action": legal[0]["notation"]}


class Listener:
    """The other phone: an SSE client that notes when each sequence number arrived."""

    def __init__(self, client: httpx.AsyncClient, match_id: str) -> None:
        self.client = client
        self.match_id = match_id
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Condition()
        self.ready = asyncio.Event()

    async def listen(self) -> None:
        while True:  # a stream ends after a while; the browser reconnects, and so does this client
            async with self.client.stream("GET", f"/m/{self.match_id}/events") as stream:
                async for line in stream.aiter_lines():
                    if line.startswith("data: "):
                        seq = int(json.loads(line[6:])["seq"])
                        now = time.perf_counter()
                        async with self.changed:
                            self.arrived.setdefault(seq, now)
                            self.changed.notify_all()
                        self.ready.set()

    async def wait_for(self, seq: int) -> float:
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(lambda: seq in self.arrived), EVENT_TIMEOUT)
            return self.arrived[seq]


async def play(
    client: httpx.AsyncClient, listener: Listener, writes: int, pause: float, offset: float, latencies: list[float]
) -> None:
    await asyncio.wait_for(listener.ready.wait(), EVENT_TIMEOUT)
    await asyncio.sleep(offset)  # tables do not write in lockstep: spread the matches over one pause
    snap = (await client.get(f"/api/matches/{listener.match_id}")).json()
    for _ in range(writes):
        await asyncio.sleep(pause)
        body = next_write(snap)
        started = time.perf_counter()
        response = await client.post(f"/api/matches/{listener.match_id}/actions", json=body)
        if response.status_code != 200:
            raise RuntimeError(f"write refused: {response.status_code} {response.text[:200]}")
        seq = response.json()["seq"]
        arrived = await listener.wait_for(seq)
        latencies.append((arrived - started) * 1000)
        # The answer shows the acting seat's options; the scribe's next input needs the whole table.
        snap = (await client.get(f"/api/matches/{listener.match_id}")).json()
        if snap["turn"]["kind"] == "finished":
            break


async def measure(base_url: str, match_ids: list[str], writes: int, pause: float) -> list[float]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=len(match_ids) * 2 + 4)
    timeout = httpx.Timeout(EVENT_TIMEOUT, read=None)
    async with (
        httpx.AsyncClient(base_url=base_url, limits=limits, timeout=timeout, headers=HEADERS) as streams,
        httpx.AsyncClient(base_url=base_url, limits=limits, timeout=EVENT_TIMEOUT, headers=HEADERS) as writers,
    ):
        listeners = [Listener(streams, match_id) for match_id in match_ids]
        listening = [asyncio.create_task(listener.listen()) for listener in listeners]
        try:
            offsets = [pause * index / len(listeners) for index in range(len(listeners))]
            await asyncio.gather(
                *(
                    play(writers, listener, writes, pause, offset, latencies)
                    for listener, offset in zip(listeners, offsets, strict=True)
                )
            )
        finally:
            for task in listening:
                task.cancel()
            await asyncio.gather(*listening, return_exceptions=True)
    return latencies


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


#: ``Authorization: Bearer …`` of a scribe's API token, made by ``serve`` (sign-in is required since issue 10).
HEADERS: dict[str, str] = {}


def scribe_token(database_url: str) -> dict[str, str]:
    """A club with a scribe and an API token for her, in the benchmark's fresh database."""
    from stammtisch.club.members import Role
    from stammtisch.club.members.service import ClubService
    from stammtisch.store import open_store
    from stammtisch.store.members import SqlClub

    store = open_store(database_url)
    try:
        club = ClubService(SqlClub(store.engine))
        if club.club() is None:
            club.init_club("Bench", "Bench Admin", "bench-password")
        scribe = club.add_user("Bench Scribe", Role.SCRIBE)
        _, secret = club.create_token(scribe.member_id, "bench")
    finally:
        store.close()
    return {"Authorization": f"Bearer {secret}"}


@contextmanager
def serve(database_url: str) -> Iterator[str]:
    """uvicorn with the app factory in a child process; yields its base URL, stops it afterwards."""
    port = free_port()
    # One listener client holds a stream per match (20): more than a phone's cap (STAMMTISCH_MAX_STREAMS_PER_CLIENT).
    env = {**os.environ, "STAMMTISCH_DATABASE_URL": database_url, "STAMMTISCH_MAX_STREAMS_PER_CLIENT": "0"}
    command = [sys.executable, "-m", "uvicorn", "stammtisch.web.app:create_app", "--factory"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    command += ["--timeout-graceful-shutdown", "2"]
    HEADERS.update(scribe_token(database_url))  # the API needs a member's token (docs/access.md)
    child = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/api/matches", timeout=1, headers=HEADERS).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if child.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the web server for the benchmark did not start")
            time.sleep(0.1)
        yield url
    finally:
        child.terminate()
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def create_matches(url: str, count: int) -> list[str]:
    body = {
        "game": "kluempchen",
        "players": PLAYERS,
        "options": {"team_draw": "manual"},
        "setup": {"teams": [[0, 1], [2, 3]]},
        "mode": "table",
    }
    with httpx.Client(base_url=url, timeout=EVENT_TIMEOUT, headers=HEADERS) as client:
        return [
            client.post("/api/matches", json={**body, "title": f"bench {n}"}).json()["match_id"] for n in range(count)
        ]


def _figures(label: str, latencies: list[float]) -> dict[str, Any]:
    return {
        f"{label}: median": {"value": round(statistics.median(latencies), 1), "unit": "ms"},
        f"{label}: p95": {"value": round(percentile(latencies, 0.95), 1), "unit": "ms"},
    }


def run(quick: bool = False, matches: int = MATCHES) -> dict[str, Any]:
    """Measure; returns ``{label: {"value", "unit"}}`` (the shape ``python -m bench`` prints)."""
    writes = QUICK_WRITES if quick else WRITES
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="stammtisch-bench-") as directory:
        with serve(f"sqlite:///{Path(directory) / 'bench.sqlite3'}") as url:
            for name, pause in (("paced", PAUSE), ("back to back", 0.0)):
                match_ids = create_matches(url, matches)
                latencies = asyncio.run(measure(url, match_ids, writes, pause))
                label = f"web live-update latency, {matches} matches at once, {name} (SQLite, SSE)"
                results.update(_figures(label, latencies))
                results[f"{label}: writes"] = {"value": len(latencies), "unit": "writes"}
    return results


if __name__ == "__main__":
    for name, figure in run(quick="--quick" in sys.argv).items():
        print(f"{name}: {figure['value']} {figure['unit']}")
