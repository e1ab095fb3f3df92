"""Das Regeln Wir Schon!: random 4-player games per second on one core, and the reveal of a secret
vote on every phone with 20 tables running.

``python -m bench.regeln [--quick] [--tables=N | --engine]`` (with ``--tables`` only the reveal latency,
with ``--engine`` only the engine).

* **Engine.** A "game" is a whole game (five rounds, or until the hands run out) with the uniform
  random policy: the first seat the turn waits for picks uniformly among its legal actions; chance
  outcomes come from ``core.chance.sample``. Only the engine is measured (``turn``, ``legal_actions``,
  ``act``, ``resolve``); the time is the process's CPU time (one core, even on a busy machine). Both
  the checked path (``fast_act`` switched off) and the default (the fast path for chips and votes) are
  reported (best of ``RUNS``), and the steps per game.
* **Reveal latency** (``reveal_latency``): the app served by uvicorn as ``bench/web_latency.py``
  serves it (one worker, SQLite in a temporary folder, a scribe's API token) with 20 digital Regeln
  tables of 3 people each; per table three Server-Sent-Events clients (the three phones) listen while
  the three seats vote through the JSON seat API. Timed from just before the last vote's POST until
  the **last** of the three phones has the event of the reveal ("event"), and until the last of them
  has fetched its board showing the reveal, as the page does after every event (``static/app.js``:
  one ``/seat/{id}/board`` request per phone with its seat cookie; "board"). All 20 tables play at
  once, every table a tap every ``STEP_PAUSE`` seconds (jittered), every phone fetching its board
  after each event; several votes per table. Median and 95th percentile in ms. ``--tables=N`` runs
  N tables (1: the latency without other tables' load). The figures are wall-clock times on the
  machine as it is: say its load (``uptime``) beside them.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.regeln import GAME, Regeln

SEATS = 4


def playout(game: Regeln, state: Any, rng: random.Random) -> int:
    """One random game to its end; the number of steps (actions and chance outcomes)."""
    steps = 0
    turn_of, legal_of, act, resolve = game.turn, game.legal_actions, game.act, game.resolve
    while True:
        turn = turn_of(state)
        if isinstance(turn, Finished):
            return steps
        if isinstance(turn, Chance):
            state = resolve(state, sample(turn.node, rng))
        else:
            seat = turn.seats[0]
            state = act(state, seat, rng.choice(legal_of(state, seat)))
        steps += 1


class Checked(Regeln):
    """The engine without its fast path: every step through the checks."""

    def fast_act(self, state: Any, seat: int, action: Any) -> Any:
        return None


def rate(game: Regeln, seconds: float, seed: int) -> tuple[float, float]:
    """Games per CPU second and steps per game, for ``seconds`` of CPU time."""
    initial = game.start(SEATS, game.configure({}))
    rng = random.Random(seed)
    games = steps = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        steps += playout(game, initial, rng)
        games += 1
    elapsed = time.process_time() - started
    return games / elapsed, steps / games


# --- the reveal on every phone ------------------------------------------------------------------------
TABLES = 20
#: Seconds between two taps at one table (people, not machines): 20 tables then write about 20 times
#: a second in all, more than a club evening, and the measured reveals happen amid that load.
STEP_PAUSE = 1.0
VOTES = 5
QUICK_VOTES = 2
EVENT_TIMEOUT = 10.0


class Phone:
    """One seat's phone: an SSE client of the match that notes when each seq arrived and, as the page
    does (``static/app.js``), fetches its board fragment after every event newer than the board it
    shows, noting when a board of each seq arrived."""

    def __init__(self, client: Any, board: Any, match_id: str) -> None:
        self.client = client
        self.board = board  # this phone's own client: it holds the seat cookie (S-3)
        self.match_id = match_id
        self.arrived: dict[int, float] = {}
        self.shown: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.changed = asyncio.Event()

    async def listen(self) -> None:
        import httpx

        while True:  # a stream ends after a while (or a read times out): reconnect, as a browser does
            try:
                async with self.client.stream("GET", f"/m/{self.match_id}/events") as stream:
                    if stream.status_code != 200:
                        raise RuntimeError(f"events of {self.match_id}: HTTP {stream.status_code}")
                    self.ready.set()
                    async for line in stream.aiter_lines():
                        if line.startswith("data: "):
                            self.arrived[int(json.loads(line[6:])["seq"])] = time.perf_counter()
                            self.changed.set()
            except httpx.TransportError:
                await asyncio.sleep(0.05)

    async def follow(self) -> None:
        """The page: one board request at a time, again while newer events came meanwhile."""
        showing = -1
        while True:
            await self.changed.wait()
            self.changed.clear()
            if max(self.arrived, default=-1) <= showing:
                continue
            answer = await _call(self.board, "GET", f"/seat/{self.match_id}/board", headers={"hx-request": "true"})
            found = BOARD_SEQ.search(answer.text)
            if answer.status_code == 200 and found:
                showing = int(found.group(1))
                self.shown.setdefault(showing, time.perf_counter())

    async def seen(self, seq: int, on_board: bool = False) -> float:
        deadline = time.perf_counter() + EVENT_TIMEOUT
        while time.perf_counter() < deadline:
            times = self.shown if on_board else self.arrived
            found = [at for s, at in times.items() if s >= seq]
            if found:
                return min(found)
            await asyncio.sleep(0.0005)
        raise TimeoutError(f"no event {seq} for {self.match_id} (seen: {sorted(self.arrived)[-5:]})")


BOARD_SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)"')


async def _call(client: Any, method: str, path: str, **kwargs: Any) -> Any:
    """One request; a connection the server closed under load (keep-alive) is retried once."""
    import httpx

    try:
        return await client.request(method, path, **kwargs)
    except httpx.TransportError:
        return await client.request(method, path, **kwargs)


async def _seat(client: Any, token: str) -> dict[str, Any]:
    answer = await _call(client, "GET", "/api/seat", headers={"x-seat-token": token})
    answer.raise_for_status()
    data: dict[str, Any] = answer.json()
    return data


async def _until_vote(client: Any, tokens: list[str]) -> None:
    """Everything before a vote (predictions, chips, the card) answered with the due seat's first
    choice, as its phone would: one look at the table, then that seat's answer."""
    for _ in range(400):
        table = await _seat(client, tokens[0])
        if table["view"]["phase"] == "vote":
            return
        seat = int(table["turn"]["seats"][0])
        state = table if seat == 0 else await _seat(client, tokens[seat])
        await asyncio.sleep(random.uniform(0.5, 1.5) * STEP_PAUSE)
        await _call(
            client,
            "POST",
            "/api/seat/actions",
            headers={"x-seat-token": tokens[seat]},
            json={"seq": state["seq"], "action": state["legal"][0]["notation"]},
        )
    raise RuntimeError("no vote reached")


async def _table(client: Any, streams: Any, votes: int, samples: list[float], boards: list[float]) -> None:
    import httpx

    opened = await client.post("/api/regeln", json={"players": ["Anna", "Ben", "Cem"]})
    opened.raise_for_status()
    links = opened.json()
    tokens = [str(links["links"][str(seat)]).removeprefix("/p/") for seat in range(3)]
    pages = [httpx.AsyncClient(base_url=str(client.base_url), timeout=EVENT_TIMEOUT) for _ in range(3)]
    for page, seat in zip(pages, range(3), strict=True):
        opened_link = await _call(page, "GET", links["links"][str(seat)])  # the link sets the seat cookie
        if opened_link.status_code != 303:
            raise RuntimeError(f"seat link: HTTP {opened_link.status_code}")
    phones = [Phone(streams, page, links["match_id"]) for page in pages]
    tasks = [asyncio.create_task(phone.listen()) for phone in phones]
    tasks += [asyncio.create_task(phone.follow()) for phone in phones]
    try:
        await asyncio.gather(*(phone.ready.wait() for phone in phones))
        for _ in range(votes):
            await _until_vote(client, tokens)
            for token in tokens[:-1]:
                await asyncio.sleep(random.uniform(0.5, 1.5) * STEP_PAUSE)
                mine = await _seat(client, token)
                tiles = 2 if mine["view"]["tiles"][mine["seat"]] >= 2 else 1  # extra tiles stay used until scoring
                voted = await _call(client, "POST", "/api/seat/actions", headers={"x-seat-token": token},
                                          json={"seq": mine["seq"], "action": f"vote yes {tiles}"})  # fmt: skip
                voted.raise_for_status()
            last = await _seat(client, tokens[-1])
            await asyncio.sleep(random.uniform(0.5, 1.5) * STEP_PAUSE)
            started = time.perf_counter()
            answer = await _call(
                client,
                "POST",
                "/api/seat/actions", headers={"x-seat-token": tokens[-1]},
                json={"seq": last["seq"], "action": "vote no 1"},
            )  # fmt: skip
            answer.raise_for_status()
            revealed = int(answer.json()["seq"])
            arrivals = await asyncio.gather(*(phone.seen(revealed) for phone in phones))
            samples.append((max(arrivals) - started) * 1000)
            shown = await asyncio.gather(*(phone.seen(revealed, on_board=True) for phone in phones))
            boards.append((max(shown) - started) * 1000)
    finally:
        for task in tasks:
            task.cancel()
        for page in pages:
            await page.aclose()


async def _measure(url: str, headers: dict[str, str], votes: int, tables: int) -> tuple[list[float], list[float]]:
    import httpx

    samples: list[float] = []
    boards: list[float] = []
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    patient = httpx.Timeout(EVENT_TIMEOUT, read=None)  # a stream may be silent for a while
    async with (
        httpx.AsyncClient(base_url=url, timeout=EVENT_TIMEOUT, limits=limits, headers=headers) as client,
        httpx.AsyncClient(base_url=url, timeout=patient, limits=limits, headers=headers) as streams,
    ):
        await asyncio.gather(*(_table(client, streams, votes, samples, boards) for _ in range(tables)))
    return samples, boards


def reveal_latency(quick: bool = False, tables: int = TABLES) -> dict[str, tuple[float, str]]:
    """The app as ``bench.web_latency`` serves it (uvicorn, one worker, a fresh SQLite file, a club
    with a scribe's API token), 20 Regeln tables voting at once."""
    from bench.web_latency import HEADERS, serve

    # Each phone is its own client in real life; here all 60 come from one address, so the per-client
    # cap on open streams (web/live.py) is lifted for the benchmark's server.
    os.environ.setdefault("STAMMTISCH_MAX_STREAMS_PER_CLIENT", "0")
    with tempfile.TemporaryDirectory() as folder, serve(f"sqlite:///{Path(folder) / 'bench.sqlite3'}") as url:
        samples, boards = asyncio.run(_measure(url, dict(HEADERS), QUICK_VOTES if quick else VOTES, tables))
    return {
        f"regeln reveal event on all 3 phones, {tables} tables, median": (_median(samples), "ms"),
        f"regeln reveal event on all 3 phones, {tables} tables, p95": (_p95(samples), "ms"),
        f"regeln reveal board on all 3 phones, {tables} tables, median": (_median(boards), "ms"),
        f"regeln reveal board on all 3 phones, {tables} tables, p95": (_p95(boards), "ms"),
        "regeln reveals measured": (float(len(samples)), ""),
    }


def _median(samples: list[float]) -> float:
    return round(statistics.median(samples), 1)


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))], 1)


#: Runs per path; the best is reported (CPU time, so other processes slow a run less than wall time,
#: but caches and frequency still vary on a shared machine).
RUNS = 3


def engine(quick: bool = False, seed: int = 12) -> dict[str, tuple[float, str]]:
    """The engine's figures only: the best of ``RUNS`` runs per path, each ``seconds`` of CPU time."""
    seconds = 1.0 if quick else 8.0
    checked = max(rate(Checked(), seconds, seed) for _ in range(RUNS))
    fast = max(rate(GAME, seconds, seed) for _ in range(RUNS))
    return {
        "regeln random 4-player games (checked path), 1 core": (round(checked[0], 1), "games/s"),
        "regeln random 4-player games (default, fast path), 1 core": (round(fast[0], 1), "games/s"),
        "regeln steps per random game": (round(fast[1], 1), "steps"),
    }


def run(quick: bool = False, seed: int = 12) -> dict[str, tuple[float, str]]:
    figures = engine(quick, seed)
    figures.update(reveal_latency(quick))
    return figures


if __name__ == "__main__":
    chosen = next((int(arg.split("=", 1)[1]) for arg in sys.argv if arg.startswith("--tables=")), None)
    if chosen is not None:
        figures = reveal_latency("--quick" in sys.argv, chosen)
    elif "--engine" in sys.argv:
        figures = engine(quick="--quick" in sys.argv)
    else:
        figures = run(quick="--quick" in sys.argv)
    for label, (value, unit) in figures.items():
        print(f"{label}: {value} {unit}")
