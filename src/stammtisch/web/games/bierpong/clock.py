"""The Bier-Pong timer (Art 9.2, BP-R16 ``timer_minutes``) as a server-side clock: the engine has no
clock (H8, H9), so when a match's time is up this process enters the ``timeup`` table event itself
(``actor = "timer"``), at the next throw node (table events wait while the teams decide). One task
per match and process; it is (re)started whenever the match is started or written through the
Bier-Pong routes, so a restarted server picks it up at the next tap. A match whose timer is no longer
running (already entered by hand, the game over) is left alone.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool

from stammtisch.core.errors import RuleViolation
from stammtisch.matches.games.bierpong import timer_deadline

_log = logging.getLogger(__name__)
#: Seconds between two looks while a decision holds the ``timeup`` back.
RETRY = 1.0
ACTOR = "timer"


def _tasks(app: Any) -> dict[str, asyncio.Task[None]]:
    tasks: dict[str, asyncio.Task[None]] | None = getattr(app.state, "bierpong_clocks", None)
    if tasks is None:
        tasks = app.state.bierpong_clocks = {}
    return tasks


def ensure_clock(app: Any, match_id: str) -> None:
    """Start the match's clock in this process if it has a time limit and none runs yet."""
    service = app.state.service
    record = service.record(match_id)
    deadline = timer_deadline(record)
    if deadline is None:
        return
    tasks = _tasks(app)
    running = tasks.get(match_id)
    if running is not None and not running.done():
        return
    tasks[match_id] = asyncio.get_running_loop().create_task(_run(app, match_id, deadline))


def seconds_left(snap: Any) -> int | None:
    """Whole seconds until the match's time is up (None: no timer or it is no longer running)."""
    options = snap.get("options") or {}
    minutes = int(options.get("timer_minutes") or 0)
    view = snap.get("view") or {}
    if minutes <= 0 or view.get("timer") != "running" or not snap.get("created_at"):
        return None
    started = datetime.fromisoformat(str(snap["created_at"]))
    return max(0, int(minutes * 60 - (datetime.now(UTC) - started).total_seconds()))


async def _run(app: Any, match_id: str, deadline: datetime) -> None:
    await asyncio.sleep(max(0.0, (deadline - datetime.now(UTC)).total_seconds()))
    service = app.state.service
    while True:
        try:
            snap = await run_in_threadpool(service.snapshot, match_id)
            view = snap.view
            if view["timer"] != "running" or view["winner"] is not None:
                return
            throw = view["throw"]
            if throw is not None and "timeup" in throw["events"]:
                written = await run_in_threadpool(service.enter_outcome, match_id, "timeup", snap.seq, ACTOR)
                app.state.broadcaster.publish(match_id, written.seq)
                return
        except RuleViolation:
            pass  # a tap was faster (stale seq) or the node changed: look again
        except Exception:  # a clock must never take the server down; the next tap restarts it
            _log.exception("the Bier-Pong timer of match %s failed", match_id)
            return
        await asyncio.sleep(RETRY)
