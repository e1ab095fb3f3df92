"""AC-3: failed sign-ins are limited per client address and per name: after ``LIMIT`` failures within
``WINDOW_SECONDS`` further attempts are refused (429, ``Retry-After``) until the oldest failure is that
old. A successful sign-in clears the name's failures.

Kept in memory per process (docs/access.md): with several workers each counts its own share, so the
effective limit is ``LIMIT`` × workers; behind a proxy, the proxy's forwarded address must be trusted
(uvicorn ``--proxy-headers``) for the per-address count to mean a person.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

LIMIT = 5
WINDOW_SECONDS = 15 * 60
#: Most keys remembered; the oldest are dropped first (a flood of made-up names cannot fill memory).
MAX_KEYS = 10_000


class SignInLimiter:
    def __init__(
        self, limit: int = LIMIT, window: float = WINDOW_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        failures = self._failures.get(key)
        if failures is None:
            return deque()
        while failures and failures[0] <= now - self.window:
            failures.popleft()
        if not failures:
            del self._failures[key]
        return failures

    def retry_after(self, *keys: str) -> int:
        """Seconds until another attempt is allowed for all ``keys`` (0: allowed now)."""
        now = self.clock()
        wait = 0.0
        with self._lock:
            for key in keys:
                failures = self._recent(key, now)
                if len(failures) >= self.limit:
                    wait = max(wait, failures[len(failures) - self.limit] + self.window - now)
        return int(wait + 0.999) if wait > 0 else 0

    def failed(self, *keys: str) -> None:
        now = self.clock()
        with self._lock:
            for key in keys:
                self._recent(key, now)
                self._failures.setdefault(key, deque()).append(now)
            while len(self._failures) > MAX_KEYS:
                del self._failures[next(iter(self._failures))]

    def succeeded(self, key: str) -> None:
        with self._lock:
            self._failures.pop(key, None)


def keys(client: str | None, name: str) -> tuple[str, str]:
    return f"ip:{client or '?'}", f"name:{' '.join(name.split()).casefold()[:40]}"
