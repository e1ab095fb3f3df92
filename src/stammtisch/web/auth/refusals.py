"""How access refusals are answered (AC-3, AC-4, AC-8), in the reader's language:

* nobody signed in, a page (GET): redirect to the sign-in page, which brings her back (``next``);
  an HTMX request gets 401 with ``HX-Redirect``; the JSON API 401 with ``WWW-Authenticate: Bearer``;
* signed in, but the role may not: 403 with what the role may not do and who may;
* before the first start: every page redirects to ``/setup``; the API answers 503 saying so;
* too many failed sign-ins: 429 with ``Retry-After``.
The clause (``AC-…``) travels as data (JSON ``clause``; the page's small rule link), not in the sentence.
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi import FastAPI, Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from stammtisch.club.members.errors import AccessDenied, ClubRefusal, NoClub, SignInRefused
from stammtisch.core.text import Text
from stammtisch.web.deps import get_lang, get_renderer


class SignInNeeded(Exception):
    """Nobody is signed in where a role is needed."""

    def __init__(self, denied: AccessDenied) -> None:
        super().__init__(denied.message.en)
        self.denied = denied


class SetupNeeded(Exception):
    """The club does not exist yet (AC-8)."""


class TooManyAttempts(Exception):
    """AC-3: sign-in attempts over the limit; ``message`` says why and for how long."""

    def __init__(self, retry_after: int, message: Text | None = None) -> None:
        super().__init__(f"retry after {retry_after} s")
        self.retry_after = retry_after
        self.message = message


def wants_json(request: Request) -> bool:
    """The JSON API, a program asking for JSON, or a live-update stream (an ``EventSource`` cannot
    follow a redirect to a page: it gets the 401 and the page reloads itself)."""
    accept = request.headers.get("accept", "")
    return (
        request.url.path.startswith("/api/")
        or "application/json" in accept
        or "text/event-stream" in accept
        or request.url.path.endswith("/events")
    )


def next_target(request: Request) -> str:
    """Where the sign-in page sends her back to: this page (a fragment's page for HTMX)."""
    path = request.url.path
    if request.method not in ("GET", "HEAD"):
        path = request.headers.get("hx-current-url", "") or "/"
    elif request.url.query:
        path = f"{path}?{request.url.query}"
    return path if path.startswith("/") and not path.startswith("//") else "/"


def signin_url(target: str) -> str:
    return "/signin" if target in ("", "/") else f"/signin?next={quote(target, safe='/')}"


def json_refusal(error: ClubRefusal, lang: str, status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    body = {"error": {**error.to_json(), "message": error.message.get(lang)}}  # the clause is its own field
    return JSONResponse(body, status_code=status, headers=headers)


def page_refusal(request: Request, error: ClubRefusal, status: int, headers: dict[str, str] | None = None) -> Response:
    lang = get_lang(request)
    if wants_json(request):
        return json_refusal(error, lang, status, headers)
    account = getattr(request.state, "account", None)
    return get_renderer(request).response(
        "auth/denied.html",
        request,
        lang,
        status_code=status,
        headers=headers,
        message=error.text(lang),
        clause=error.clause,
        account=account,
        target=next_target(request),
    )


def install(app: FastAPI) -> None:
    """Register the handlers of these refusals on ``app``."""

    @app.exception_handler(SignInNeeded)
    async def sign_in_needed(request: Request, error: SignInNeeded) -> Response:
        target = next_target(request)
        if wants_json(request):
            headers = {"WWW-Authenticate": 'Bearer realm="stammtisch"'}
            return json_refusal(error.denied, get_lang(request), 401, headers)
        if request.headers.get("hx-request") == "true":
            return Response(status_code=401, headers={"HX-Redirect": signin_url(target)})
        if request.method in ("GET", "HEAD"):
            return RedirectResponse(signin_url(target), status_code=303)
        return page_refusal(request, error.denied, 401)

    @app.exception_handler(AccessDenied)
    async def access_denied(request: Request, error: AccessDenied) -> Response:
        status = 403 if error.signed_in else 401
        if "match_id" in request.path_params and not wants_json(request):
            # On a match page the refusal sits above the board as it is now, like the rules' refusals
            # (an HTMX swap keeps the board; nothing was written).
            from stammtisch.web.errors import answer_refusal

            return await answer_refusal(request, error, status)
        return page_refusal(request, error, status)

    @app.exception_handler(SetupNeeded)
    async def setup_needed(request: Request, _error: SetupNeeded) -> Response:
        if wants_json(request):
            return json_refusal(NoClub(), get_lang(request), 503, {"Retry-After": "60"})
        if request.headers.get("hx-request") == "true":
            return Response(status_code=401, headers={"HX-Redirect": "/setup"})
        return RedirectResponse("/setup", status_code=303)

    @app.exception_handler(TooManyAttempts)
    async def too_many(request: Request, error: TooManyAttempts) -> Response:
        minutes = max(1, (error.retry_after + 59) // 60)
        refusal = SignInRefused(
            "AC-3",
            error.message
            or Text(
                f"Zu viele falsche Anmeldeversuche. Warte {minutes} Minuten und versuche es dann noch einmal.",
                f"Too many failed sign-in attempts. Wait {minutes} minutes, then try again.",
            ),
        )
        return page_refusal(request, refusal, 429, {"Retry-After": str(error.retry_after)})
