"""Security headers on every answer, and HEAD answered wherever GET is (pure ASGI middleware).

The pages load scripts only from ``/static`` (``htmx.min.js``, ``app.js``, no inline ``<script>`` and
no ``on…=`` handlers), so the Content-Security-Policy allows scripts from our own origin only. Styles
allow ``'unsafe-inline'``: htmx injects its indicator ``<style>``, and a few templates set computed
widths (the score bars) in ``style`` attributes; a style cannot run code, so this costs little.

Pages that show a hand or a seat (``/p/…``, ``/seat/…``, ``/api/seat…``, any ``?seat=``) and every
answer to a state-changing request (opening a table answers with its seat links) get
``Cache-Control: no-store``, so a shared phone's back button or a proxy keeps no copy. A header a
route sets itself (the seat pages' ``Referrer-Policy: no-referrer``) is kept.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

#: Sent on every answer (unless the route set the header itself).
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Same-origin requests keep their Referer (a fallback for the CSRF check); other sites never see a
    # path. The seat routes send "no-referrer" themselves.
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}

#: Paths whose answers show one seat's hand or its link.
PRIVATE_PREFIXES = ("/p/", "/seat/", "/api/seat")


def is_private(scope: Scope) -> bool:
    """May the answer to this request show a seat (a hand, a seat link)?"""
    if scope.get("method") not in ("GET", "HEAD"):
        return True
    path: str = scope.get("path", "")
    if path.startswith(PRIVATE_PREFIXES) or path == "/api/seat":
        return True
    query: bytes = scope.get("query_string", b"")
    return any(part.split(b"=", 1)[0] == b"seat" for part in query.split(b"&"))


class SecurityHeaders:
    """Adds ``HEADERS`` (and ``no-store`` on private pages) to every HTTP answer; answers ``HEAD`` by
    running the ``GET`` route and sending its status and headers without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}
        private = is_private(scope)
        finished = False

        async def send_with_headers(message: Message) -> None:
            nonlocal finished
            if finished:  # HEAD: the body (or a stream's rest) is dropped
                return
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
                if private:
                    headers["Cache-Control"] = "no-store"
            elif message["type"] == "http.response.body" and head:
                finished = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, receive, send_with_headers)
