"""AC-3: failed sign-ins slow down further guesses, without locking anybody else out (issue 29).

Each wrong password counts for three things: the *pair* of the one who asks and the name typed, the
*name* (from anywhere) and the *address* (for any name). Who asks is the browser when it is known
for that name (``web.auth.devices``: it signed in as that name before), else the client address.
After a few free failures, each further one doubles the wait (1 s, 2 s, 4 s … up to 15 minutes)
from the latest failure:

* **pair** (a burst against one name from one place): after ``PAIR_FREE`` failures;
* **name** (guesses at one name from many places): after ``NAME_FREE`` failures, but only for places
  that already typed a wrong password for that name: a phone or address that never failed for it,
  the owner's among them, is never held up, so nobody can lock the treasurer out;
* **address** (a spray of guesses over many names from one network): after ``ADDRESS_FREE``
  failures, for browsers not known for the name typed, so members who signed in on their phone
  before are not held up by someone else on the club's wifi.

An attempt inside a wait is refused (429, ``Retry-After``, a sentence saying why and for how long)
without checking the password, so it counts nothing. A successful sign-in clears the pair and the
name. Kept in memory per process (docs/access.md): with several workers each counts its own share,
and behind a proxy the forwarded address must be trusted (uvicorn ``--proxy-headers``).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from stammtisch.core.text import Text

#: Failures that cost nothing, per pair, per name (from places that failed for it), per address.
PAIR_FREE = 3
NAME_FREE = 10
ADDRESS_FREE = 10
#: Failures older than this are forgotten (longer than the waits add up to before the longest);
#: no wait is longer than ``MAX_WAIT_SECONDS``.
WINDOW_SECONDS = 60 * 60
MAX_WAIT_SECONDS = 15 * 60
#: Most keys remembered; the oldest are dropped first (a flood of made-up names cannot fill memory).
MAX_KEYS = 10_000


@dataclass(frozen=True, slots=True)
class Asker:
    """Who tries to sign in: the client address, the name typed (case-folded), and the browser's id
    if that browser is known for the name (it signed in as that name before), else None."""

    address: str
    name: str
    browser: str | None = None

    @property
    def place(self) -> str:
        return f"browser:{self.browser}" if self.browser else f"address:{self.address}"

    @property
    def pair(self) -> str:
        return f"pair:{self.place}|{self.name}"


@dataclass(frozen=True, slots=True)
class Wait:
    """A refusal: how long, and why (``pair``, ``name`` or ``address``)."""

    seconds: int
    reason: str

    @property
    def message(self) -> Text:
        de_time, en_time = _duration(self.seconds)
        de, en = _REASONS[self.reason]
        return Text(
            f"{de} Warte {de_time}, dann versuche es noch einmal. Jeder weitere Fehlversuch verdoppelt die Wartezeit.",
            f"{en} Wait {en_time}, then try again. Each further wrong password doubles the wait.",
        )


_REASONS = {
    "pair": (
        "Für diesen Namen wurde hier mehrmals ein falsches Passwort eingegeben.",
        "A wrong password was typed for this name here several times.",
    ),
    "name": (
        "Für diesen Namen kamen von mehreren Stellen falsche Passwörter, auch von hier. "
        "Ein Gerät, auf dem kein falsches Passwort für ihn eingegeben wurde, meldet sich weiter sofort an.",
        "Wrong passwords for this name came from several places, this one among them. "
        "A device where no wrong password was typed for it still signs in at once.",
    ),
    "address": (
        "Aus diesem Netz kamen viele falsche Passwörter für verschiedene Namen. "
        "Wer sich auf diesem Browser schon einmal angemeldet hat, wird nicht aufgehalten.",
        "Many wrong passwords for different names came from this network. "
        "Whoever signed in on this browser before is not held up.",
    ),
}


def _duration(seconds: int) -> tuple[str, str]:
    if seconds < 120:
        return ("1 Sekunde", "1 second") if seconds == 1 else (f"{seconds} Sekunden", f"{seconds} seconds")
    minutes = (seconds + 59) // 60
    return f"{minutes} Minuten", f"{minutes} minutes"


def _doubling(failures: int, free: int) -> float:
    """The wait after ``failures`` with ``free`` of them free: 1 s for the first paid one, doubling."""
    return float(min(2 ** min(failures - free, 20), MAX_WAIT_SECONDS))


class SignInLimiter:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        failures = self._failures.get(key)
        if failures is None:
            return deque()
        while failures and failures[0] <= now - WINDOW_SECONDS:
            failures.popleft()
        if not failures:
            del self._failures[key]
        return failures

    def check(self, asker: Asker) -> Wait | None:
        """The wait ``asker`` must sit out before her password is checked, if any (the longest)."""
        now = self.clock()
        waits: list[Wait] = []
        with self._lock:
            pair = self._recent(asker.pair, now)
            if len(pair) >= PAIR_FREE:
                waits.append(self._wait(pair, PAIR_FREE, now, "pair"))
            name = self._recent(f"name:{asker.name}", now)
            if pair and len(name) >= NAME_FREE:
                waits.append(self._wait(name, NAME_FREE, now, "name"))
            if asker.browser is None:
                address = self._recent(f"address:{asker.address}", now)
                if len(address) >= ADDRESS_FREE:
                    waits.append(self._wait(address, ADDRESS_FREE, now, "address"))
        waits = [wait for wait in waits if wait.seconds > 0]
        return max(waits, key=lambda wait: wait.seconds) if waits else None

    @staticmethod
    def _wait(failures: deque[float], free: int, now: float, reason: str) -> Wait:
        left = failures[-1] + _doubling(len(failures), free) - now
        return Wait(int(left + 0.999) if left > 0 else 0, reason)

    def failed(self, asker: Asker) -> None:
        now = self.clock()
        keys = [asker.pair, f"name:{asker.name}"]
        if asker.browser is None:  # a known browser's typo is its own business, not its network's
            keys.append(f"address:{asker.address}")
        with self._lock:
            for key in keys:
                self._recent(key, now)
                self._failures.setdefault(key, deque()).append(now)
            while len(self._failures) > MAX_KEYS:
                del self._failures[next(iter(self._failures))]

    def succeeded(self, asker: Asker) -> None:
        with self._lock:
            self._failures.pop(asker.pair, None)
            self._failures.pop(f"name:{asker.name}", None)


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()[:40]
