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

try:  # Starlette's TestClient is an httpx2 client when httpx2 is installed (the test extra installs it)
    import httpx2
except ImportError:  # pragma: no cover - a bare install of the app
    httpx2 = None

from stammtisch.web.csrf import COOKIE, HEADER, STATE_CHANGING, new_token

ClientT = TypeVar("ClientT", bound=Any)
#: The client classes a test may make: httpx's, and httpx2's (Starlette's TestClient) when installed.
SYNC_CLIENTS: tuple[type, ...] = (httpx.Client,) + ((httpx2.Client,) if httpx2 else ())
ASYNC_CLIENTS: tuple[type, ...] = (httpx.AsyncClient,) + ((httpx2.AsyncClient,) if httpx2 else ())
_opted_out: weakref.WeakSet[Any] = weakref.WeakSet()
_made_up: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def _token(client: Any) -> str:
    """The token the server set for this client, else the one this client made up."""
    for cookie in client.cookies.jar:
        if cookie.name == COOKIE and cookie.value:
            return cookie.value
    if client not in _made_up:
        _made_up[client] = new_token()
    return _made_up[client]


def _stamp(client: Any, request: Any) -> None:
    if client in _opted_out or request.method not in STATE_CHANGING or HEADER in request.headers:
        return
    token = _token(client)
    request.headers[HEADER] = token
    cookies = request.headers.get("cookie", "")
    if f"{COOKIE}=" not in cookies:  # the jar was read before the hook made the token up
        request.headers["cookie"] = f"{cookies}; {COOKIE}={token}" if cookies else f"{COOKIE}={token}"


def send_csrf_token(client: ClientT) -> ClientT:
    """Make ``client`` (a ``TestClient``, an httpx or httpx2 ``Client`` or ``AsyncClient``) send the CSRF
    cookie and header with every state-changing request."""
    hooks: list[Any] = list(client.event_hooks["request"])
    if any(getattr(known, "csrf", False) for known in hooks):
        return client
    if isinstance(client, ASYNC_CLIENTS):

        async def async_hook(request: Any) -> None:
            _stamp(client, request)

        async_hook.csrf = True  # type: ignore[attr-defined]
        client.event_hooks["request"] = [*hooks, async_hook]
    else:

        def hook(request: Any) -> None:
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
    for cls in SYNC_CLIENTS + ASYNC_CLIENTS:
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
