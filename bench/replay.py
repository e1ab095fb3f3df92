"""Store replay: rebuild a 10,000-event Klümpchen match from SQLite with a cold cache.

The match is played by a fixed-seed policy (mostly the first legal action — throwing on — which
keeps twelve players busy long enough) with sampled dice, stored as a digital match (each action
and the dice sampled after it form one batch, as the service writes them). Then a fresh
``MatchService`` (empty cache) rebuilds the state from the store: the figure the web app pays
once per match per worker. Target: under 200 ms. Warm snapshots and single writes are reported too.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished, Game
from stammtisch.core.replay import ActionStep, OutcomeStep, step_to_json
from stammtisch.games import GAMES
from stammtisch.matches import Event, MatchRecord, MatchService
from stammtisch.store import open_store

SLUG = "kluempchen"
SEATS = 12
EVENTS = 10_000
RUNS = 7


def _play(game: Game[Any], initial: Any, seed: int, limit: int) -> tuple[list[Any], Any] | None:
    """``limit`` steps of one game by a fixed-seed policy, or None if it finishes earlier."""
    rng = random.Random(seed)
    state, steps = initial, []
    while len(steps) < limit:
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return None
        if isinstance(turn, Chance):
            step: Any = OutcomeStep(sample(turn.node, rng))
            state = game.resolve(state, step.outcome)
        else:
            seat = turn.seats[0]
            legal = game.legal_actions(state, seat)
            action = legal[0] if rng.random() < 0.85 else rng.choice(legal)
            step = ActionStep(seat, action)
            state = game.act(state, seat, action)
        steps.append(step)
    return steps, state


def build(url: str, events: int = EVENTS) -> tuple[str, Any]:
    """Store a digital Klümpchen match with exactly ``events`` events; its id and final state."""
    game = GAMES[SLUG]
    options = game.configure({"mode": "digital"})
    initial = game.start(SEATS, options, {})
    for seed in range(1000):
        played = _play(game, initial, seed, events)
        if played is not None:
            break
    else:  # pragma: no cover - the policy above reaches 10,000 steps within a few seeds
        raise RuntimeError("no seed produced a long enough match")
    steps, final = played
    store = open_store(url)
    match_id = uuid.uuid4().hex
    start = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
    players = [f"P{i + 1}" for i in range(SEATS)]
    record = MatchRecord(
        match_id, SLUG, game.rules_version, options.to_json(), {}, players, "digital", "replay benchmark", start
    )
    store.repository.create(record)
    log: list[Event] = []
    batch = 1
    for seq, step in enumerate(steps, start=1):
        payload = step_to_json(game, step)
        if isinstance(step, ActionStep) or seq == 1:
            batch = seq
        if isinstance(step, OutcomeStep):
            payload["sampled"] = True
        seat = step.seat if isinstance(step, ActionStep) else None
        kind = "action" if isinstance(step, ActionStep) else "outcome"
        log.append(Event(match_id, seq, kind, seat, payload, None, start + timedelta(seconds=seq), batch))
    chunk: list[Event] = []
    for event in log:  # append in chunks of whole batches, as the service would (one batch per write)
        if len(chunk) >= 1000 and event.batch != chunk[-1].batch:
            store.repository.append(match_id, chunk)
            chunk = []
        chunk.append(event)
    store.repository.append(match_id, chunk)
    store.close()
    return match_id, final


def _ms(value: float) -> float:
    return round(value * 1000, 1)


def run(quick: bool = False) -> dict[str, Any]:
    """Wall-clock medians as asked for, plus the fastest run and the median CPU time of this process:
    on a machine busy with other work the wall clock mostly measures the others."""
    runs = 3 if quick else RUNS
    with tempfile.TemporaryDirectory(prefix="stammtisch-bench-") as directory:
        url = f"sqlite:///{Path(directory) / 'bench.sqlite3'}"
        match_id, final = build(url)
        store = open_store(url)
        try:
            read, cold, cold_cpu, warm = [], [], [], []
            for _ in range(runs):
                started = time.perf_counter()
                events = store.repository.events(match_id)  # as the service reads: the collector runs
                read.append(time.perf_counter() - started)
                service = MatchService(store.repository)
                started, started_cpu = time.perf_counter(), time.process_time()
                service.snapshot(match_id)
                cold.append(time.perf_counter() - started)
                cold_cpu.append(time.process_time() - started_cpu)
                started = time.perf_counter()
                service.snapshot(match_id)
                warm.append(time.perf_counter() - started)
                assert service.state(match_id) == final, "replay must rebuild the played state"
            write_service = MatchService(store.repository)
            writes = []
            for _ in range(runs):
                snapshot = write_service.snapshot(match_id)
                if snapshot.turn["kind"] != "decision":
                    break
                seat = snapshot.turn["seats"][0]
                started = time.perf_counter()
                write_service.act(match_id, seat, snapshot.legal[0]["action"], snapshot.seq)
                writes.append(time.perf_counter() - started)
        finally:
            store.close()
    median = statistics.median
    figures: dict[str, Any] = {
        f"replay {len(events):,}-event {SLUG} match from SQLite, cold cache, median of {runs}": (
            _ms(median(cold)),
            "ms",
        ),
        "replay, fastest run": (_ms(min(cold)), "ms"),
        "replay, median CPU time": (_ms(median(cold_cpu)), "ms"),
        "replay, of which reading the events (median)": (_ms(median(read)), "ms"),
        "snapshot with a warm cache (median)": (_ms(median(warm)), "ms"),
    }
    if writes:
        figures["act on SQLite: check, append, snapshot (median)"] = (_ms(median(writes)), "ms")
    return figures


if __name__ == "__main__":
    for label, (value, unit) in run(quick="--quick" in sys.argv).items():
        print(f"{label}: {value} {unit}")
