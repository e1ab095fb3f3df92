"""Who changed a match, and in which request (clause M-11).

Every stored event names its ``actor`` and the ``correlation_id`` of the request that wrote it, so
the log answers "who entered this, and what else happened in that request" (the same id is in the
server's access log and in the ``X-Request-ID`` answer header). Actor strings:

* ``"member:<id>"``: a signed-in member (``member_actor``);
* ``"seat:<n>"``: whoever holds seat ``n``'s link (``seat_actor``);
* ``"cli:<user>"``: the command line, as the operating-system user (``cli_actor``);
* ``"system"``: deadlines and bots acting by themselves (``SYSTEM``).

The use cases take ``actor`` and ``correlation_id`` explicitly; an adapter that serves requests can
instead bind them once per request (``bind``, a context variable) and every write inside that
request records them (``web.correlation`` does so for every HTTP request). An explicit argument wins.
The actor is asked for lazily, when an event is written: the web's sign-in runs after the
correlation middleware has bound the request.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

SYSTEM = "system"
#: Longest correlation id kept (the column holds 64 characters); longer or odd ones are replaced.
MAX_CORRELATION_ID = 64
_CORRELATION_SHAPE = re.compile(r"[A-Za-z0-9._:-]{1,64}")


def member_actor(member_id: int) -> str:
    return f"member:{member_id}"


def member_of(actor: str | None) -> int | None:
    """The member id of a ``member:<id>`` actor, else None."""
    if actor is None or not actor.startswith("member:"):
        return None
    number = actor.removeprefix("member:")
    return int(number) if number.isdigit() else None


def seat_actor(seat: int) -> str:
    return f"seat:{seat}"


def cli_actor(user: str) -> str:
    return f"cli:{user}"


def valid_correlation_id(value: str | None) -> bool:
    """A correlation id we keep as given (letters, digits, ``._:-``, at most 64 characters)."""
    return value is not None and _CORRELATION_SHAPE.fullmatch(value) is not None


@dataclass(frozen=True, slots=True)
class AuditContext:
    """What the current request records on the events it writes."""

    correlation_id: str | None = None
    actor: Callable[[], str | None] | None = None
    #: The written reason of a change to a closed match (M-10) the request carries, asked for lazily too.
    reason: Callable[[], str | None] | None = None


_current: ContextVar[AuditContext | None] = ContextVar("stammtisch_audit", default=None)


@contextmanager
def bind(
    correlation_id: str | None,
    actor: Callable[[], str | None] | None = None,
    reason: Callable[[], str | None] | None = None,
) -> Iterator[AuditContext]:
    """Within the block, writes without an explicit actor, correlation id or reason record these."""
    context = AuditContext(correlation_id, actor, reason)
    token = _current.set(context)
    try:
        yield context
    finally:
        _current.reset(token)


def current_correlation_id() -> str | None:
    context = _current.get()
    return None if context is None else context.correlation_id


def current_actor() -> str | None:
    context = _current.get()
    if context is None or context.actor is None:
        return None
    return context.actor()


def current_reason() -> str | None:
    """The written reason bound to the current request (M-10), if any."""
    context = _current.get()
    if context is None or context.reason is None:
        return None
    return context.reason()
