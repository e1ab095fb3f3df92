"""The correlation id of every request, and who is acting (M-11; pure ASGI middleware).

Each request gets an id: the ``X-Request-ID`` a proxy in front of us sent (kept if it is short and
plain: letters, digits, ``._:-``, at most 64 characters), else a fresh random one. It is in
``request.state.correlation_id``, in the answer's ``X-Request-ID`` header and (``matches.audit.bind``)
on every match event the request writes, so "who changed this, in which request" has one answer
across the log, the proxy's access log and the phone that got the answer.

The actor is resolved when an event is written, from what the sign-in put into the request's state:
``request.state.account`` (``member:<id>``) or, for a request acting through a seat link,
``request.state.seat`` (``seat:<n>``). Routes may still pass an ``actor`` explicitly; it wins. So is the
written reason of a change to a closed match (M-10), from ``request.state.correction_reason``
(``web.correction``).
"""

from __future__ import annotations

import itertools
import uuid
from typing import Any

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.matches import audit

HEADER = "x-request-id"


#: Fresh ids are this process's random prefix and a counter: unique across workers and restarts like
#: a random UUID, without asking the system for randomness on every request (bench/hammer.py).
_PREFIX = uuid.uuid4().hex[:20]
_COUNTER = itertools.count(1)


def correlation_id(scope: Scope) -> str:
    """The request's id: the one it came with, if plain enough, else a fresh one (32 hex digits)."""
    given = Headers(scope=scope).get(HEADER)
    if audit.valid_correlation_id(given) and given is not None:
        return given
    return f"{_PREFIX}{next(_COUNTER) % 16**12:012x}"


def actor_of(state: dict[str, Any]) -> str | None:
    """``member:<id>`` for a signed-in member, ``seat:<n>`` for a seat link's holder, else None."""
    account = state.get("account")
    member_id = getattr(account, "member_id", None)
    if isinstance(member_id, int):
        return audit.member_actor(member_id)
    seat = state.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return audit.seat_actor(seat)
    return None


class Correlation:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = correlation_id(scope)
        state: dict[str, Any] = scope.setdefault("state", {})
        state["correlation_id"] = request_id

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message)["X-Request-ID"] = request_id
            await send(message)

        with audit.bind(request_id, lambda: actor_of(state), lambda: state.get("correction_reason")):
            await self.app(scope, receive, send_with_id)
