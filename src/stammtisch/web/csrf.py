"""Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) sent by a page of
another origin is refused with 403 and a readable message (pure ASGI middleware).

Browsers send ``Origin`` with every such request (``null`` from sandboxed and some privacy contexts,
refused too); without it the ``Referer`` is checked (our pages send it to our own origin,
``Referrer-Policy: same-origin``). The origin must name the host the request was sent to (the
``Host`` header; the default port of the origin's scheme may be left out, so HTTPS ending at a
proxy in front of us still matches). A request with neither header does not come from a web page
(scripts, the test client) and passes this check.

Second line of defence, the double-submit token (``CsrfToken``, issue 10.5): every state-changing request
from a browser also carries the random value of our ``stammtisch_csrf`` cookie in the ``X-CSRF-Token``
header or a ``csrf_token`` form field (``static/csrf.js`` adds them); a page of another site cannot read
the cookie, so it cannot forge either. Requests authenticated only by ``Authorization: Bearer`` (the
JSON API's tokens) need no token: browsers never attach that header on their own.
"""

from __future__ import annotations

import hmac
import re
import secrets
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.core.text import Text
from stammtisch.web.errors import refuse

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": "80", "https": "443"}


def _strip_default_port(netloc: str, scheme: str) -> str:
    netloc = netloc.strip().lower().rstrip(".")
    default = DEFAULT_PORTS.get(scheme)
    if default and netloc.endswith(f":{default}") and not netloc.endswith("]"):
        return netloc[: -len(default) - 1]
    return netloc


def same_origin(source: str, host: str | None) -> bool:
    """Does ``source`` (an ``Origin`` or ``Referer`` value) name the server at ``host``?"""
    if not host:
        return False
    parts = urlsplit(source.strip())
    if parts.scheme not in DEFAULT_PORTS or not parts.netloc or "@" in parts.netloc:
        return False
    return _strip_default_port(parts.netloc, parts.scheme) == _strip_default_port(host, parts.scheme)


def cross_site_source(scope: Scope) -> str | None:
    """The foreign origin a state-changing request came from, or None when it may pass."""
    if scope["type"] != "http" or scope["method"] not in STATE_CHANGING:
        return None
    headers = Headers(scope=scope)
    source = headers.get("origin") or headers.get("referer")
    if source is None or same_origin(source, headers.get("host")):
        return None
    return source


class OriginGuard:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        source = cross_site_source(scope)
        if source is None:
            await self.app(scope, receive, send)
            return
        shown = urlsplit(source).netloc[:100] or source[:20]
        message = Text(
            f"Abgelehnt: Diese Anfrage kam von einer anderen Seite ({shown}), nicht von Stammtisch selbst. "
            "Öffne Stammtisch direkt und mach es dort noch einmal.",
            f"Refused: this request came from another site ({shown}), not from Stammtisch itself. "
            "Open Stammtisch directly and do it there again.",
        )
        response = await refuse(scope, 403, message, "request/cross_site")
        await response(scope, receive, send)


# --- the token: a double-submit cookie ------------------------------------------------------------

#: The cookie every answer to a browser without one sets: a random token, readable by our script
#: (``static/csrf.js``), ``SameSite=Lax``. Another site can make a browser *send* it, but cannot read it,
#: so it cannot put the same value into a header or a form field.
COOKIE = "stammtisch_csrf"
#: Where a state-changing request carries the token: HTMX requests in this header, plain forms in
#: this field (``csrf.js`` adds both).
HEADER = "x-csrf-token"
FIELD = "csrf_token"
TOKEN_BYTES = 32
#: A year: the token only has to be unguessable, not fresh, and a phone at the table keeps its tabs.
COOKIE_SECONDS = 365 * 24 * 3600
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,128}")
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def valid_token(value: str | None) -> bool:
    return value is not None and _TOKEN_SHAPE.fullmatch(value) is not None


def bearer_only(headers: Headers) -> bool:
    """Authenticated by ``Authorization: Bearer`` (the JSON API's tokens): a page of another site cannot
    send that header (it would need a CORS preflight, which we never allow), so no CSRF token is needed."""
    return headers.get("authorization", "").lower().startswith("bearer ")


def cookie_header(token: str, scope: Scope) -> str:
    secure = "; Secure" if scope.get("scheme") == "https" else ""
    return f"{COOKIE}={token}; Max-Age={COOKIE_SECONDS}; Path=/; SameSite=Lax{secure}"


def token_refusal(missing_cookie: bool) -> Text:
    if missing_cookie:
        return Text(
            "Abgelehnt: Dein Browser hat den Sicherheitsschlüssel von Stammtisch nicht mitgeschickt (Cookies aus?). "
            "Änderungen nimmt Stammtisch nur von seinen eigenen Seiten an. Lade die Seite neu und versuche es "
            "noch einmal; Programme melden sich mit ihrem API-Schlüssel an (Authorization: Bearer).",
            "Refused: your browser did not send Stammtisch's security token (are cookies off?). Stammtisch accepts "
            "changes only from its own pages. Reload the page and try again; programs sign in with their API token "
            "(Authorization: Bearer).",
        )
    return Text(
        "Abgelehnt: Der Sicherheitsschlüssel dieser Anfrage fehlt oder ist veraltet. Änderungen nimmt Stammtisch "
        "nur von seinen eigenen Seiten an. Lade die Seite neu und versuche es noch einmal.",
        "Refused: this request's security token is missing or out of date. Stammtisch accepts changes only from "
        "its own pages. Reload the page and try again.",
    )


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def _form_token(scope: Scope, body: bytes) -> str | None:
    """The ``csrf_token`` field of a form body (URL-encoded or multipart), or None."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.request", "body": b"", "more_body": False}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    request = Request(scope, replay)
    try:
        async with request.form() as form:
            value = form.get(FIELD)
    except Exception:  # an unreadable form carries no token; the route answers the form itself
        return None
    return value if isinstance(value, str) else None


class CsrfToken:
    """The double-submit token (pure ASGI middleware, inside the body limit so a form it reads is bounded).

    Every answer to a browser without a well-formed ``stammtisch_csrf`` cookie sets one. A state-changing
    request must carry the cookie's value in the ``X-CSRF-Token`` header or the ``csrf_token`` form field;
    otherwise it is refused with 403 and a readable message, before any route runs (nothing is written).
    Requests authenticated by ``Authorization: Bearer`` only are exempt. The token is in
    ``request.state.csrf_token`` for templates that render a form field themselves."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        cookie = Request(scope).cookies.get(COOKIE)
        known = valid_token(cookie)
        token = cookie if known and cookie is not None else new_token()
        scope.setdefault("state", {})["csrf_token"] = token

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and not known:
                MutableHeaders(scope=message).append("set-cookie", cookie_header(token, scope))
            await send(message)

        if scope["method"] in STATE_CHANGING and not bearer_only(headers):
            given = headers.get(HEADER)
            content_type = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if given is None and content_type in _FORM_TYPES:
                body = await _read_body(receive)
                given = await _form_token(scope, body)
                receive = _replaying(body, receive)
            if not known or given is None or not hmac.compare_digest(given.encode(), token.encode()):
                response = await refuse(scope, 403, token_refusal(not known), "request/csrf_token")
                await response(scope, receive, send_with_cookie)
                return
        await self.app(scope, receive, send_with_cookie)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """``receive`` for the route: the body read already, then whatever the client sends next (a disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
