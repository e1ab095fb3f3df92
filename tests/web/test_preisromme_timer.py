"""The knock window's clock as asyncio tasks (RA-07): one task per open window and process, the
sleep injected so the test drives time itself; a window that closed before the timer fires is left
alone."""

from __future__ import annotations

import asyncio
import random

from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.games.preisromme import window_key
from stammtisch.matches.seat_links import InMemorySeatLinks
from stammtisch.matches.tables import Deadline, DigitalTable
from stammtisch.web.deadlines import AsyncioDeadlines


def _table() -> DigitalTable:
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(2))
    return DigitalTable(service, InMemorySeatLinks())


def test_one_task_per_window_and_the_passes_when_it_runs_out() -> None:
    table = _table()
    opened = table.open("preisromme", ["Anna", "Ben", "Carl"], deadline_seconds=9)
    match_id = opened.snapshot.match_id
    key = window_key(opened.snapshot.view)
    assert key is not None
    slept: list[float] = []
    expired: list[str] = []

    async def scenario() -> None:
        release = asyncio.Event()

        async def sleep(seconds: float) -> None:
            slept.append(seconds)
            await release.wait()

        timers = AsyncioDeadlines(table, sleep=sleep)
        timers.schedule(Deadline(match_id, key, 9), expired.append)
        timers.schedule(Deadline(match_id, key, 9), expired.append)  # the same window again: no second task
        await asyncio.sleep(0)
        assert timers.pending() == 1 and slept == [9]
        release.set()
        while timers.pending():
            await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert expired == [match_id]
    # P-24: the timer passed for the others; the next player's first right never runs out,
    # so the window waits for her own answer.
    waiting = table.public_snapshot(match_id)
    assert window_key(waiting.view) == key
    (nxt,) = waiting.turn["seats"]
    table.act(opened.tokens[nxt], "pass", waiting.seq)
    view = table.public_snapshot(match_id).view
    assert view["last_window"]["taken_by"] is None and window_key(view) != key


def test_a_timer_for_a_closed_window_does_nothing() -> None:
    table = _table()
    opened = table.open("preisromme", ["Anna", "Ben", "Carl"])
    match_id = opened.snapshot.match_id
    key = window_key(opened.snapshot.view)
    assert key is not None
    for seat in (1, 2):
        table.act(opened.tokens[seat], "pass", table.public_snapshot(match_id).seq)
    seq = table.public_snapshot(match_id).seq
    expired: list[str] = []

    async def scenario() -> None:
        async def sleep(seconds: float) -> None:
            return None

        timers = AsyncioDeadlines(table, sleep=sleep)
        timers.schedule(Deadline(match_id, key, 20), expired.append)
        while timers.pending():
            await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert expired == [] and table.public_snapshot(match_id).seq == seq
