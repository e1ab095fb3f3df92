"""Each game's warm-up (``WebGame.warm_up``), once per server process, in a daemon thread.

What a game loads before its first request can answer (an advice card's stored solution and compiled
solver, about a second) is loaded while the server already serves: the first player to open the card
does not wait for it. A warm-up that fails is logged; the request that needs the
thing loads it itself, as it would without a warm-up.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from stammtisch.web.games import web_games

logger = logging.getLogger(__name__)

_started = False


def warm_up_games() -> threading.Thread | None:
    """Start the registered games' warm-ups in one daemon thread (the first call per process only)."""
    global _started
    if _started:
        return None
    _started = True
    jobs = [game.warm_up for game in web_games() if game.warm_up is not None]
    if not jobs:
        return None
    thread = threading.Thread(target=_run, args=(jobs,), name="stammtisch-warm-up", daemon=True)
    thread.start()
    return thread


def _run(jobs: Sequence[Callable[[], None]]) -> None:
    for job in jobs:
        try:
            job()
        except Exception:  # a warm-up only saves time; the request that needs the thing loads it itself
            logger.exception("warm-up %s failed", getattr(job, "__qualname__", job))
