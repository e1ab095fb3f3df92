"""``GET /sw.js``: the service worker (``static/sw.js``) served at the root, so its scope covers the
whole app (a worker under ``/static/`` could only control ``/static/``).

It is a plain route outside the authorization matrix on purpose: every phone needs it before anyone
has signed in (seat links, the table screen), and it holds no club data, only the script.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.routing import Route

from stammtisch.web.rendering import STATIC_DIR

PATH = "/sw.js"


async def service_worker(request: Request) -> FileResponse:
    # no-cache: the browser asks again each time (a changed worker takes over at once).
    headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
    return FileResponse(STATIC_DIR / "sw.js", media_type="text/javascript", headers=headers)


def install(app: Any) -> None:
    app.router.routes.append(Route(PATH, service_worker, methods=["GET"]))
