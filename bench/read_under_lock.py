"""Page reads while another process holds the SQLite file's write lock (issue 29 point 4).

Starts the app under uvicorn (one worker, a SQLite file in a temporary directory, as ``bench.hammer``),
opens a Klümpchen match, and runs for ``--seconds`` in each of two phases: four readers fetch the match
page and its JSON (each every 50 ms) while one writer submits the match's next step; in the second
phase another process (like a CLI booking or a backup) holds the file's write lock the whole time,
taking it again at once whenever it lets go. Reads should not notice: the server's writes wait for
the lock off the event loop and give up with a 503 within the serving bound.

Reports, per phase: reads answered, read latency median / p95 / max, writes answered 200 and 503,
and the slowest write answer. ``python -m bench.read_under_lock [--seconds S]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.hammer import browser_token, new_match_body, serve, signed_in
from bench.web_latency import next_write, percentile

SECONDS = 5.0
#: Phones reading, each a page every ``PAUSE`` seconds (a table's phones follow the game, they do not
#: hammer: the figure is a read's latency, not the server's capacity).
READERS = 4
PAUSE = 0.05

_HOLDER = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
print("ready", flush=True)
end = time.monotonic() + float(sys.argv[2])
while time.monotonic() < end:
    connection.execute("BEGIN IMMEDIATE")
    time.sleep(min(1.0, max(0.0, end - time.monotonic())))
    connection.execute("ROLLBACK")
"""


@dataclass
class Phase:
    reads: list[float] = field(default_factory=list)
    writes: dict[int, int] = field(default_factory=dict)
    slowest_write: float = 0.0


async def _reader(client: httpx.AsyncClient, match_id: str, stop: float, phase: Phase) -> None:
    paths = (f"/m/{match_id}", f"/api/matches/{match_id}")
    turn = 0
    while time.perf_counter() < stop:
        started = time.perf_counter()
        answer = await client.get(paths[turn % 2])
        turn += 1
        if answer.status_code == 200:
            phase.reads.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(PAUSE)


async def _writer(client: httpx.AsyncClient, match_id: str, stop: float, phase: Phase) -> None:
    while time.perf_counter() < stop:
        snap = (await client.get(f"/api/matches/{match_id}")).json()
        if snap["turn"]["kind"] != "decision" and snap["turn"]["kind"] != "chance":
            return
        started = time.perf_counter()
        answer = await client.post(f"/api/matches/{match_id}/actions", json=next_write(snap))
        phase.slowest_write = max(phase.slowest_write, (time.perf_counter() - started) * 1000)
        phase.writes[answer.status_code] = phase.writes.get(answer.status_code, 0) + 1


async def _phase(url: str, headers: dict[str, str], cookies: dict[str, str], match_id: str, seconds: float) -> Phase:
    phase = Phase()
    stop = time.perf_counter() + seconds
    async with httpx.AsyncClient(base_url=url, headers=headers, cookies=cookies, timeout=30) as client:
        await asyncio.gather(
            _writer(client, match_id, stop, phase),
            *(_reader(client, match_id, stop, phase) for _ in range(READERS)),
        )
    return phase


def figures(label: str, phase: Phase) -> dict[str, Any]:
    reads = phase.reads or [0.0]
    return {
        f"{label}: reads": {"value": len(phase.reads), "unit": "reads"},
        f"{label}: read median": {"value": round(statistics.median(reads), 1), "unit": "ms"},
        f"{label}: read p95": {"value": round(percentile(reads, 0.95), 1), "unit": "ms"},
        f"{label}: read max": {"value": round(max(reads), 1), "unit": "ms"},
        f"{label}: writes 200": {"value": phase.writes.get(200, 0) + phase.writes.get(409, 0), "unit": "writes"},
        f"{label}: writes 503": {"value": phase.writes.get(503, 0), "unit": "writes"},
        f"{label}: slowest write answer": {"value": round(phase.slowest_write, 1), "unit": "ms"},
    }


def run(quick: bool = False, seconds: float | None = None) -> dict[str, Any]:
    seconds = seconds if seconds is not None else (2.0 if quick else SECONDS)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="stammtisch-lock-") as directory:
        path = Path(directory) / "lock.sqlite3"
        database = f"sqlite:///{path}"
        headers = signed_in(database)
        session = browser_token()
        headers = {**headers, **session.get("headers", {})}
        cookies = dict(session.get("cookies", {}))
        with serve(database, 1) as served:
            created = httpx.post(
                f"{served.url}/api/matches", json=new_match_body("lock"), headers=headers, cookies=cookies, timeout=30
            )
            created.raise_for_status()
            match_id = created.json()["match_id"]
            free = asyncio.run(_phase(served.url, headers, cookies, match_id, seconds))
            results.update(figures("reads, no other writer (sqlite)", free))
            holder = subprocess.Popen(
                [sys.executable, "-c", _HOLDER, str(path), str(seconds + 1)], stdout=subprocess.PIPE, text=True
            )
            try:
                assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
                time.sleep(0.2)  # the lock is taken
                held = asyncio.run(_phase(served.url, headers, cookies, match_id, seconds))
            finally:
                holder.wait(timeout=seconds + 10)
            results.update(figures("reads, another process holds the write lock (sqlite)", held))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.read_under_lock", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="length of each phase (default 5)")
    args = parser.parse_args(argv)
    for name, figure in run(seconds=args.seconds).items():
        print(f"{name}: {figure['value']} {figure['unit']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
