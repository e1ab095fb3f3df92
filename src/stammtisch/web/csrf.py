"""Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) sent by a page of
another origin is refused with 403 and a readable message (pure ASGI middleware).

Browsers send ``Origin`` with every such request (``null`` from sandboxed and some privacy contexts,
refused too); without it the ``Referer`` is checked (our pages send it to our own origin,
``Referrer-Policy: same-origin``). The origin must name the host the request was sent to (the
``Host`` header; the default port of the origin's scheme may be left out, so HTTPS ending at a
proxy in front of us still matches). A request with neither header does not come from a web page
(scripts, the test client) and passes; the JSON API gets its own authentication later.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

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
