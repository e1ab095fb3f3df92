"""A short memory of the accounts behind sessions and API tokens.

Every request names its account (AC-3, AC-6); asking the database each time was a tenth of a request's
work under load (bench/hammer.py). An account is remembered for ``ttl`` seconds: a change made through
the same ``ClubService`` (role, disabling, password, token revoked) forgets everything at once; a change
made through another process (a second worker, the CLI) takes effect within ``ttl`` (docs/access.md,
AC-10). Only found accounts are remembered, so guessing tokens fills nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable

from stammtisch.club.members.model import Account

#: Seconds an account found for a session or token is trusted without asking the database again.
ACCOUNT_TTL = 2.0
#: Remembered keys at most (a club has a few dozen members; each may have several sessions and tokens).
MAX_ENTRIES = 1024


class AccountMemo:
    def __init__(self, ttl: float = ACCOUNT_TTL, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.monotonic = monotonic
        self._entries: dict[Hashable, tuple[float, Account]] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Account | None:
        entry = self._entries.get(key)
        if entry is None or entry[0] <= self.monotonic():
            return None
        return entry[1]

    def put(self, key: Hashable, account: Account) -> None:
        with self._lock:
            if len(self._entries) >= MAX_ENTRIES:
                self._entries.clear()
            self._entries[key] = (self.monotonic() + self.ttl, account)

    def forget(self) -> None:
        with self._lock:
            self._entries.clear()
