"""Sessions: Starlette's signed session cookie (``stammtisch_session``; HttpOnly, SameSite=Lax, and
Secure when the request came over HTTPS or ``STAMMTISCH_SECURE_COOKIES=1``).

A session holds only the member id and the account's ``stamp`` (a piece of its password hash): a new
password, a disabled account or a changed role is seen on the next request, because the account is
read from the database every time (``web.auth.identity``).
"""

from __future__ import annotations

import json
import os
from base64 import b64encode
from typing import Any

import itsdangerous
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from stammtisch.club.members.model import Account

SESSION_COOKIE = "stammtisch_session"
SECURE_VARIABLE = "STAMMTISCH_SECURE_COOKIES"
#: Two weeks, then sign in again.
SESSION_SECONDS = 14 * 24 * 3600


def secure_cookies_forced() -> bool:
    return os.environ.get(SECURE_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


class Sessions:
    """Two ``SessionMiddleware``s on one key: the Secure one for HTTPS requests (or always, when forced)."""

    def __init__(self, app: ASGIApp, secret_key: str) -> None:
        options: dict[str, Any] = {
            "secret_key": secret_key,
            "session_cookie": SESSION_COOKIE,
            "max_age": SESSION_SECONDS,
            "same_site": "lax",
        }
        self.plain = SessionMiddleware(app, https_only=False, **options)
        self.secure = SessionMiddleware(app, https_only=True, **options)
        self.forced = secure_cookies_forced()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        https = scope.get("scheme") in ("https", "wss")
        handler = self.secure if (self.forced or https) else self.plain
        await handler(scope, receive, send)


def session_data(account: Account) -> dict[str, Any]:
    return {"account": account.member_id, "stamp": account.stamp}


def session_cookie(app: Any, account: Account) -> tuple[str, str]:
    """The cookie a browser holds after ``account`` signed in (the same signing as the middleware);
    for tests and tools that need a signed-in client without typing the password."""
    signer = itsdangerous.TimestampSigner(str(app.state.secret_key))
    data = b64encode(json.dumps(session_data(account)).encode("utf-8"))
    return SESSION_COOKIE, signer.sign(data).decode("utf-8")
