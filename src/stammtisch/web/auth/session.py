"""Sessions: Starlette's signed session cookie (``stammtisch_session``; HttpOnly, SameSite=Lax, and
Secure when the request came over HTTPS or ``STAMMTISCH_SECURE_COOKIES=1``).

The cookie holds only the member id and the session's secret (``sid``); the session itself is a row
on the server (``store.sessions``, issue 29) that every worker asks on each request, so the server can
end it: sign-out, "sign out everywhere", an admin disabling the member, a role or password change.
The cookie's signature only keeps made-up cookies from costing a database read.
"""

from __future__ import annotations

import json
import os
from base64 import b64encode
from collections.abc import Mapping
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


def session_data(account: Account, secret: str) -> dict[str, Any]:
    return {"account": account.member_id, "sid": secret}


def session_secret(session: Mapping[str, Any]) -> str | None:
    secret = session.get("sid")
    return secret if isinstance(secret, str) and secret else None


def session_cookie(app: Any, account: Account) -> tuple[str, str]:
    """The cookie a browser holds after ``account`` signed in (a new session on the server, the same
    signing as the middleware); for tests and tools that need a signed-in client without the password."""
    from stammtisch.web.auth.identity import club_service, sessions_of

    secret = sessions_of(app).start(account.member_id, club_service(app).clock())
    signer = itsdangerous.TimestampSigner(str(app.state.secret_key))
    data = b64encode(json.dumps(session_data(account, secret)).encode("utf-8"))
    return SESSION_COOKIE, signer.sign(data).decode("utf-8")
