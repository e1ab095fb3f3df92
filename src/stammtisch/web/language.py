"""ASGI middleware that picks each request's language and remembers an explicit choice.

It runs before routing, so error handlers and pages alike read ``request.state.lang``. A ``?lang=``
choice is stored in a cookie for a year, so the language switch sticks on the next pages.
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.web.i18n import COOKIE, LANGUAGES, choose_language

ONE_YEAR = 365 * 24 * 3600


class LanguageMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a garbled cookie header must not break the page; ignore it
            cookie = SimpleCookie()
        cookie_lang = cookie[COOKIE].value if COOKIE in cookie else None
        lang = choose_language(query, cookie_lang, headers.get("accept-language"))
        scope.setdefault("state", {})["lang"] = lang
        remember = query in LANGUAGES and query != cookie_lang

        async def send_with_cookie(message: Message) -> None:
            if remember and message["type"] == "http.response.start":
                value = f"{COOKIE}={lang}; Path=/; Max-Age={ONE_YEAR}; SameSite=Lax"
                message["headers"] = [*message.get("headers", []), (b"set-cookie", value.encode("latin-1"))]
            await send(message)

        await self.app(scope, receive, send_with_cookie)
