"""Bier-Pong tap-to-other-phone latency: from the scribe's tap (a throw or a choice posted to the
JSON API) until a second phone's Server-Sent-Events stream has the new sequence number.

Uses the server and the listener of ``bench/web_latency.py`` (uvicorn in a child process, SQLite in
a temporary directory, one SSE client per match); opens 20 Bier-Pong table matches (2 vs 2) and
plays them at once, paced (a scribe's pause of one second between a match's taps) and back to back.
Reports the median and 95th percentile in milliseconds. ``python -m bench.bierpong_latency [--quick]``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.web_latency import EVENT_TIMEOUT, HEADERS, Listener, _figures, serve

MATCHES = 20
WRITES = 24
QUICK_WRITES = 6
PAUSE = 1.0


def next_write(snap: dict[str, Any], count: int) -> dict[str, Any]:
    """A plausible next tap of the scribe: the duel, every third throw a hit on the first standing cup,
    otherwise a miss; a choice takes the first legal action (the adjacent-first extra cup, no call)."""
    seq = snap["seq"]
    view = snap["view"]
    if snap["turn"]["kind"] == "chance":
        if view["phase"] == "duel":
            return {"seq": seq, "outcome": "duel A"}
        throw = view["throw"]
        target = 0 if throw["target"] == "A" else 1
        cups = view["teams"][target]["cups"]
        if count % 3 == 0 and "live" in cups:
            return {"seq": seq, "outcome": f"hit {cups.index('live') + 1}"}
        return {"seq": seq, "outcome": "miss"}
    entry = snap["legal"][0]
    return {"seq": seq, "seat": entry["seat"], "action": entry["notation"]}


async def play(client: httpx.AsyncClient, listener: Listener, writes: int, pause: float, offset: float) -> list[float]:
    latencies: list[float] = []
    await asyncio.wait_for(listener.ready.wait(), EVENT_TIMEOUT)
    await asyncio.sleep(offset)
    snap = (await client.get(f"/api/matches/{listener.match_id}")).json()
    for count in range(writes):
        if snap["turn"]["kind"] == "finished":
            break
        await asyncio.sleep(pause)
        started = time.perf_counter()
        response = await client.post(f"/api/matches/{listener.match_id}/actions", json=next_write(snap, count))
        if response.status_code != 200:
            raise RuntimeError(f"write refused: {response.status_code} {response.text[:200]}")
        arrived = await listener.wait_for(response.json()["seq"])
        latencies.append((arrived - started) * 1000)
        snap = (await client.get(f"/api/matches/{listener.match_id}")).json()
    return latencies


async def measure(base_url: str, match_ids: list[str], writes: int, pause: float) -> list[float]:
    limits = httpx.Limits(max_connections=len(match_ids) * 2 + 4)
    async with (
        httpx.AsyncClient(
            base_url=base_url, limits=limits, timeout=httpx.Timeout(EVENT_TIMEOUT, read=None), headers=HEADERS
        ) as streams,
        httpx.AsyncClient(base_url=base_url, limits=limits, timeout=EVENT_TIMEOUT, headers=HEADERS) as writers,
    ):
        listeners = [Listener(streams, match_id) for match_id in match_ids]
        listening = [asyncio.create_task(listener.listen()) for listener in listeners]
        try:
            offsets = [pause * i / len(listeners) for i in range(len(listeners))]
            found = await asyncio.gather(
                *(play(writers, lst, writes, pause, off) for lst, off in zip(listeners, offsets, strict=True))
            )
        finally:
            for task in listening:
                task.cancel()
            await asyncio.gather(*listening, return_exceptions=True)
    return [value for values in found for value in values]


def create_matches(url: str, count: int) -> list[str]:
    body = {"game": "bierpong", "players": ["Ana", "Cem", "Ben", "Dora"], "setup": {"teams": [[0, 1], [2, 3]]}}
    with httpx.Client(base_url=url, timeout=EVENT_TIMEOUT, headers=HEADERS) as client:
        return [client.post("/api/matches", json={**body, "mode": "table"}).json()["match_id"] for _ in range(count)]


def run(quick: bool = False, matches: int = MATCHES) -> dict[str, Any]:
    writes = QUICK_WRITES if quick else WRITES
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="stammtisch-bench-") as directory:
        with serve(f"sqlite:///{Path(directory) / 'bench.sqlite3'}") as url:
            for name, pause in (("paced", PAUSE), ("back to back", 0.0)):
                latencies = asyncio.run(measure(url, create_matches(url, matches), writes, pause))
                label = f"Bier-Pong tap-to-other-phone latency, {matches} matches at once, {name} (SQLite, SSE)"
                results.update(_figures(label, latencies))
                results[f"{label}: writes"] = {"value": len(latencies), "unit": "writes"}
    return results


if __name__ == "__main__":
    for name, figure in run(quick="--quick" in sys.argv).items():
        print(f"{name}: {figure['value']} {figure['unit']}")
