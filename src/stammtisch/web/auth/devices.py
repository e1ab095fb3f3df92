"""Known browsers (AC-3, issue 29): a browser that signed in keeps a signed cookie
``stammtisch_known`` with a random id of its own and the names (case-folded) it signed in as. When it
signs in as one of those names again, the sign-in throttle counts it as itself, not as its network:
another person's wrong guesses on the club's wifi, or at that name from elsewhere, do not hold it up
(``web.auth.ratelimit``). The cookie proves nothing else and grants nothing: the password is checked
as always. The device-cookie scheme is OWASP's ("Slow Down Online Guessing Attacks with Device Cookies").
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

import itsdangerous
from starlette.requests import Request
from starlette.responses import Response

from stammtisch.web.auth.session import secure_cookies_forced

COOKIE = "stammtisch_known"
#: A year: a phone at the club's table is known for the next season too.
MAX_AGE = 365 * 24 * 3600
#: Names kept per browser (a shared club tablet signs in a few people).
MAX_NAMES = 8
_SALT = "stammtisch.known-browser"


@dataclass(frozen=True, slots=True)
class KnownBrowser:
    browser: str
    names: tuple[str, ...] = field(default=())

    def knows(self, name: str) -> bool:
        return name in self.names

    def with_name(self, name: str) -> KnownBrowser:
        names = tuple(n for n in self.names if n != name) + (name,)
        return KnownBrowser(self.browser, names[-MAX_NAMES:])


def _serializer(app: Any) -> itsdangerous.URLSafeTimedSerializer:
    return itsdangerous.URLSafeTimedSerializer(str(app.state.secret_key), salt=_SALT)


def known_browser(request: Request) -> KnownBrowser | None:
    raw = request.cookies.get(COOKIE)
    if not raw:
        return None
    try:
        data = _serializer(request.app).loads(raw, max_age=MAX_AGE)
    except itsdangerous.BadData:
        return None
    browser, names = (
        data.get("b") if isinstance(data, dict) else None,
        data.get("n") if isinstance(data, dict) else None,
    )
    if not isinstance(browser, str) or not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    return KnownBrowser(browser, tuple(names))


def remember(request: Request, response: Response, name: str) -> None:
    """After a successful sign-in as ``name``: this browser is known for it."""
    known = known_browser(request) or KnownBrowser(secrets.token_urlsafe(12))
    known = known.with_name(name)
    value = _serializer(request.app).dumps({"b": known.browser, "n": list(known.names)})
    secure = request.url.scheme == "https" or secure_cookies_forced()
    response.set_cookie(COOKIE, value, max_age=MAX_AGE, httponly=True, samesite="lax", secure=secure)
