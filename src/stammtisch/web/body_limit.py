"""Request body limits (pure ASGI middleware): a body larger than ``STAMMTISCH_MAX_BODY_BYTES``
(default 64 KiB) is refused with 413 and a readable message, without reading it into memory.

A ``Content-Length`` above the limit is refused before the body is read. A body without one
(chunked) is counted while it streams in: the chunk that crosses the limit raises ``BodyTooLarge``
inside the route's body reading (JSON and forms alike), which the error handlers answer; the rest
of the body is never read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.web.errors import BodyTooLarge, refuse

MAX_BODY_VARIABLE = "STAMMTISCH_MAX_BODY_BYTES"
DEFAULT_MAX_BODY_BYTES = 64 * 1024


def max_body_bytes(env: Mapping[str, str] | None = None) -> int:
    """``STAMMTISCH_MAX_BODY_BYTES`` (a positive whole number of bytes), else 64 KiB."""
    env = os.environ if env is None else env
    given = env.get(MAX_BODY_VARIABLE, "").strip()
    if not given:
        return DEFAULT_MAX_BODY_BYTES
    if not given.isdigit() or int(given) <= 0:
        raise ValueError(
            f"{MAX_BODY_VARIABLE} muss eine positive ganze Zahl (Bytes) sein, nicht {given!r}. / "
            f"{MAX_BODY_VARIABLE} must be a positive whole number of bytes, not {given!r}."
        )
    return int(given)


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int | None = None) -> None:
        self.app = app
        self.limit = limit if limit is not None else max_body_bytes()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length", "")
        if length.strip().isdigit() and int(length) > self.limit:
            response = await refuse(scope, 413, BodyTooLarge(self.limit).message, "request/too_large")
            response.headers["connection"] = "close"  # the unread body stays with the client
            await response(scope, receive, send)
            return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watching_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, watching_send)
        except BodyTooLarge as error:  # read outside a route's handlers (e.g. by a middleware)
            if started:
                raise
            response = await refuse(scope, 413, error.message, "request/too_large")
            await response(scope, receive, send)
