"""The CSRF token for test clients (issue 10.5): a ``TestClient`` that sends it like our pages do.

Our pages send the value of the ``stammtisch_csrf`` cookie with every state-changing request
(``static/csrf.js``: header ``X-CSRF-Token`` for HTMX, field ``csrf_token`` for forms). A test client
does the same through an httpx request hook: it keeps one token in its cookie jar (the one the server
set, or one it makes up before its first request, as the server accepts any well-formed token) and
puts it into the header of each request that does not name one itself.

``send_csrf_token(client)`` sets this up for one client; the suite's autouse fixture (imported by
``tests/conftest.py``) does it for every ``TestClient`` / ``httpx`` client made in a test, so tests read
like a page's clicks. A test that
checks the refusal opts out with ``without_csrf_token(client)`` or sends a header of its own.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any, TypeVar

import httpx
import pytest

from stammtisch.web.csrf import COOKIE, HEADER, STATE_CHANGING, new_token

ClientT = TypeVar("ClientT", httpx.Client, httpx.AsyncClient)
_opted_out: weakref.WeakSet[httpx.Client | httpx.AsyncClient] = weakref.WeakSet()
_made_up: weakref.WeakKeyDictionary[httpx.Client | httpx.AsyncClient, str] = weakref.WeakKeyDictionary()


def _token(client: httpx.Client | httpx.AsyncClient) -> str:
    """The token the server set for this client, else the one this client made up."""
    for cookie in client.cookies.jar:
        if cookie.name == COOKIE and cookie.value:
            return cookie.value
    if client not in _made_up:
        _made_up[client] = new_token()
    return _made_up[client]


def _stamp(client: httpx.Client | httpx.AsyncClient, request: httpx.Request) -> None:
    if client in _opted_out or request.method not in STATE_CHANGING or HEADER in request.headers:
        return
    token = _token(client)
    request.headers[HEADER] = token
    cookies = request.headers.get("cookie", "")
    if f"{COOKIE}=" not in cookies:  # the jar was read before the hook made the token up
        request.headers["cookie"] = f"{cookies}; {COOKIE}={token}" if cookies else f"{COOKIE}={token}"


def send_csrf_token(client: ClientT) -> ClientT:
    """Make ``client`` (a ``TestClient``, an ``httpx.Client`` or ``httpx.AsyncClient``) send the CSRF
    cookie and header with every state-changing request."""
    hooks: list[Any] = list(client.event_hooks["request"])
    if any(getattr(known, "csrf", False) for known in hooks):
        return client
    if isinstance(client, httpx.AsyncClient):

        async def async_hook(request: httpx.Request) -> None:
            _stamp(client, request)

        async_hook.csrf = True  # type: ignore[attr-defined]
        client.event_hooks["request"] = [*hooks, async_hook]
    else:

        def hook(request: httpx.Request) -> None:
            _stamp(client, request)

        hook.csrf = True  # type: ignore[attr-defined]
        client.event_hooks["request"] = [*hooks, hook]
    return client


def without_csrf_token(client: ClientT) -> ClientT:
    """``client`` sends no token of its own (to test the refusals)."""
    _opted_out.add(client)
    return client


@pytest.fixture(autouse=True)
def _test_clients_send_the_csrf_token(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every HTTP client made during a test (``TestClient`` is an ``httpx.Client``) sends the token, as
    our pages do (``csrf.js``)."""
    for cls in (httpx.Client, httpx.AsyncClient):
        original = cls.__init__

        def init(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            _original(self, *args, **kwargs)
            send_csrf_token(self)

        monkeypatch.setattr(cls, "__init__", init)
    yield


def csrf_headers(token: str | None = None) -> list[tuple[bytes, bytes]]:
    """Raw ASGI headers carrying a token as cookie and header (for tests below the HTTP client)."""
    token = token or new_token()
    return [(b"cookie", f"{COOKIE}={token}".encode()), (HEADER.encode(), token.encode())]
