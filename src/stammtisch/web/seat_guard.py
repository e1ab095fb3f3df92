"""TS-2: in a match played through seat links, nobody sees or acts for a seat except through its link
(exchanged for the seat cookie, ``web.routes.tables``).

The generic match pages and API take the seat from the request (``?seat=``, a form field, a JSON
field), which is right for a table where everybody shares the scribe's phone, but would let anyone
see another player's hand in a game with seat links. For linked matches (and every digital match of
a game with hidden information: ``web.tables.seats_are_private``) this middleware refuses
every write under ``/m/{id}/`` and ``/api/matches/{id}/`` and every read there that names a seat
(HTTP 403, in the reader's language); reads without a seat (the public table) stay open, and so
does the live-update stream, whose events carry only a sequence number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import escape
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from stammtisch.matches.errors import MatchNotFound
from stammtisch.matches.seat_links import SeatLinkRequired
from stammtisch.store.database import RETRY_AFTER_SECONDS
from stammtisch.store.errors import StoreError
from stammtisch.web.i18n import COOKIE, choose_language
from stammtisch.web.tables import private_seats_known, seats_are_private

#: Match-scoped paths: every write under them, and every read naming a seat, is guarded. (Reads
#: without a seat show the public table; a page that fails would be drawn for ``?seat=``.)
GUARDED = (re.compile(r"^/m/([^/]+)(?:/.*)?$"), re.compile(r"^/api/matches/([^/]+)(?:/.*)?$"))


def _guarded_match(scope: Scope) -> str | None:
    path = scope.get("path", "")
    for pattern in GUARDED:
        found = pattern.match(path)
        if found is None:
            continue
        names_seat = "seat" in parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        if scope.get("method") in ("GET", "HEAD") and not names_seat:
            return None
        return found.group(1)
    return None


class SeatGuard:
    """ASGI middleware; ``linked(app, match_id)`` says whether a match's seats are private (default:
    ``web.tables.seats_are_private``)."""

    def __init__(
        self,
        app: ASGIApp,
        linked: Callable[[Any, str], bool] = seats_are_private,
        known: Callable[[Any, str], bool | None] | None = None,
    ) -> None:
        self.app = app
        self.linked = linked
        #: The answer from memory when ``linked`` has given it before (None: always ask ``linked``).
        self.known = known if known is not None else (private_seats_known if linked is seats_are_private else None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match_id = _guarded_match(scope) if scope["type"] == "http" else None
        if match_id is not None:
            # The answer never changes for a match: once known, no thread is needed.
            refused = self.known(scope["app"], match_id) if self.known is not None else None
            if refused is None:
                try:
                    refused = await run_in_threadpool(self.linked, scope["app"], match_id)
                except MatchNotFound:
                    refused = False  # the route answers 404 itself
                except StoreError as trouble:
                    # Unanswered, the guard must not let the request through; a 503 in words, as the
                    # routes give for a busy store (issue 29.3), never a bare 500.
                    retry = str(getattr(trouble, "retry_after", RETRY_AFTER_SECONDS))
                    await _answer(scope, send, 503, trouble, [(b"retry-after", retry.encode())])
                    return
            if refused:
                await _answer(scope, send, 403, SeatLinkRequired())
                return
        await self.app(scope, receive, send)


async def _answer(
    scope: Scope, send: Send, status: int, error: Any, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    """``error`` (a refusal or a store fault: ``code``, ``message``) in the reader's language."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a garbled cookie header: ignore it
        cookie = SimpleCookie()
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
    lang = choose_language(query, cookie[COOKIE].value if COOKIE in cookie else None, headers.get("accept-language"))
    if scope.get("path", "").startswith("/api/") or "application/json" in headers.get("accept", ""):
        payload = error.to_json() if hasattr(error, "to_json") else {"code": error.code}
        body = json.dumps({"error": {**payload, "message": error.message.get(lang)}}).encode()
        kind = b"application/json"
    else:
        body = f'<!doctype html><meta charset="utf-8"><p role="alert">{escape(error.message.get(lang))}</p>'.encode()
        kind = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", kind), *(extra or [])]})
    await send({"type": "http.response.body", "body": body})
