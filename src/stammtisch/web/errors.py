"""The one place where refusals become HTTP answers.

Rule violations come from the rules and the match service with a code, a clause and a German and
English message; here they get a status code and are answered in the reader's language:

* the JSON API answers ``{"error": {...}, "snapshot": ...}``;
* an HTMX request from the match page gets the board fragment with the message on top and the
  fresh state below (a stale submission shows who was faster, and what the table looks like now);
* a plain form post gets the whole page the same way.

Malformed HTTP input (bad JSON, missing or mistyped fields) is answered 400/422 with a readable
message and never reaches the service. Database trouble while running (busy, gone: ``StoreError``)
is a 503 with ``Retry-After`` and the store's bilingual explanation, never a bare 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from markupsafe import escape
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import Scope

from stammtisch.core.errors import (
    InvalidNotation,
    InvalidOption,
    InvalidSetup,
    RuleViolation,
)
from stammtisch.core.text import Text
from stammtisch.matches.errors import MatchNotFound, StaleSequence
from stammtisch.store.database import RETRY_AFTER_SECONDS, StoreUnavailable
from stammtisch.store.errors import StoreError
from stammtisch.web.deps import get_lang, get_renderer


class BadInput(Exception):
    """Malformed input from the network, refused before it reaches the service (HTTP 400)."""

    code = "input/invalid"

    def __init__(self, message: Text, status_code: int = 400, code: str | None = None) -> None:
        super().__init__(message.en)
        self.message = message
        self.status_code = status_code
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "clause": None, "de": self.message.de, "en": self.message.en}

    def text(self, lang: str) -> str:
        return self.message.get(lang)


class BodyTooLarge(StarletteHTTPException):
    """The request body is larger than the limit (``web.body_limit``): 413 with a readable message."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body larger than {limit} bytes")
        self.limit = limit

    @property
    def message(self) -> Text:
        size = f"{self.limit // 1024} KiB" if self.limit >= 1024 else f"{self.limit} Bytes"
        return Text(
            f"Die Anfrage ist zu groß (höchstens {size}). Kürze die Eingabe und versuche es noch einmal.",
            f"The request is too large (at most {size.replace('Bytes', 'bytes')}). Shorten the input and try again.",
        )


def status_for(error: RuleViolation) -> int:
    """HTTP status of a refusal: stale 409, not found 404, unreadable 400, against the rules 422."""
    if isinstance(error, StaleSequence):
        return 409
    if isinstance(error, MatchNotFound):
        return 404
    if isinstance(error, InvalidNotation):
        return 400
    if isinstance(error, InvalidOption | InvalidSetup):
        return 422
    return 422


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")


def _payload(error: RuleViolation | BadInput, lang: str) -> dict[str, Any]:
    data = {key: value for key, value in error.to_json().items() if key != "snapshot"}  # sent once, at the top
    return {**data, "message": error.message.get(lang)}  # the sentence; the clause is its own field


async def _answer(request: Request, error: RuleViolation | BadInput, status: int) -> Response:
    lang = get_lang(request)
    snapshot = getattr(error, "snapshot", None)
    if _wants_json(request):
        body: dict[str, Any] = {"error": _payload(error, lang)}
        if snapshot is not None:
            body["snapshot"] = snapshot.to_json()
        return JSONResponse(body, status_code=status)
    match_id = request.path_params.get("match_id")
    if match_id is not None and not isinstance(error, MatchNotFound):
        # Show the message above the current state of the match, so nobody acts on an old picture.
        from stammtisch.web.routes.match import render_match

        service = request.app.state.service
        if snapshot is None:
            try:
                snapshot = await run_in_threadpool(service.snapshot, match_id, _seat(request))
            except RuleViolation:
                snapshot = None
        if snapshot is not None:
            return render_match(request, snapshot, lang, error=error, status_code=status)
    renderer = get_renderer(request)
    return renderer.response("error.html", request, lang, status_code=status, error=error, message=error.text(lang))


async def answer_refusal(request: Request, error: RuleViolation | BadInput, status: int) -> Response:
    """``error`` answered like the handlers here do (for other handlers, e.g. ``web.auth``'s)."""
    return await _answer(request, error, status)


async def refuse(
    scope: Scope, status: int, message: Text, code: str, headers: Mapping[str, str] | None = None
) -> Response:
    """A refusal from a middleware (before routing), answered like the handlers' ones: JSON for the
    API, else the error page, in the reader's language (``LanguageMiddleware`` runs before)."""
    response = await _answer(Request(scope), BadInput(message, status, code), status)
    response.headers.update(headers or {})
    return response


def _seat(request: Request) -> int | None:
    seat = request.query_params.get("seat")
    return int(seat) if seat and seat.isdigit() else None


_FIELD_PROBLEMS = {
    "missing": Text("fehlt", "is missing"),
    "json_invalid": Text("ist kein gültiges JSON", "is not valid JSON"),
    "int_parsing": Text("muss eine ganze Zahl sein", "must be a whole number"),
    "int_type": Text("muss eine ganze Zahl sein", "must be a whole number"),
    "int_from_float": Text("muss eine ganze Zahl sein", "must be a whole number"),
    "string_type": Text("muss Text sein", "must be text"),
    "dict_type": Text("muss ein JSON-Objekt sein", "must be a JSON object"),
    "model_attributes_type": Text("muss ein JSON-Objekt sein", "must be a JSON object"),
    "list_type": Text("muss eine Liste sein", "must be a list"),
    "extra_forbidden": Text("ist unbekannt", "is not expected"),
    "greater_than_equal": Text("ist zu klein", "is too small"),
}


def describe_validation(error: RequestValidationError) -> Text:
    """A readable summary of what is wrong with the request, in both languages."""
    de_parts, en_parts = [], []
    for problem in error.errors()[:5]:
        location = [str(part) for part in problem.get("loc", ()) if part not in ("body", "query", "path", "form")]
        field = ".".join(location) or "body"
        kind = str(problem.get("type", ""))
        known = _FIELD_PROBLEMS.get(kind)
        message = problem.get("msg", "invalid")
        if kind == "json_invalid":
            de_parts.append("der Inhalt ist kein gültiges JSON")
            en_parts.append("the body is not valid JSON")
            continue
        de_parts.append(f"{field} {known.de if known else 'ist ungültig (' + message + ')'}")
        en_parts.append(f"{field} {known.en if known else 'is invalid (' + message + ')'}")
    return Text(
        "Ungültige Eingabe: " + "; ".join(de_parts or ["unlesbar"]),
        "Invalid input: " + "; ".join(en_parts or ["unreadable"]),
    )


async def _store_trouble(request: Request, error: StoreError) -> Response:
    """503 without touching the database again (no fresh snapshot: that would wait for the lock too)."""
    lang = get_lang(request)
    wait = getattr(error, "retry_after", RETRY_AFTER_SECONDS)
    headers = {"Retry-After": str(wait)}
    message = error.message
    if isinstance(error, StoreUnavailable) and request.method in ("GET", "HEAD"):
        message = _reading_refused(wait)  # nothing was sent to be saved: say what the page is missing
    refusal = BadInput(message, 503, error.code)
    if _wants_json(request):
        return JSONResponse({"error": _payload(refusal, lang)}, status_code=503, headers=headers)
    if request.headers.get("hx-request") == "true":
        # An entry from a page (the board, a form fragment): the page stays as it is, with what was
        # typed or tapped, and the message goes on top of it, so the same entry can be sent again.
        alert = f'<div class="alert" role="alert" data-testid="store-busy">{escape(refusal.text(lang))}</div>'
        headers.update({"HX-Retarget": "#main", "HX-Reswap": "afterbegin"})
        return HTMLResponse(alert, status_code=503, headers=headers)
    renderer = get_renderer(request)
    return renderer.response(
        "error.html", request, lang, status_code=503, headers=headers, error=refusal, message=refusal.text(lang)
    )


def _reading_refused(wait: int) -> Text:
    return Text(
        "Die Datenbank ist gerade belegt oder nicht erreichbar, deshalb fehlt diese Seite. "
        f"Lade sie in {wait} Sekunden neu; bleibt es dabei, sag dem Betreiber des Servers Bescheid.",
        "The database is busy or unavailable right now, so this page could not be shown. "
        f"Reload it to try again in {wait} seconds; if this keeps happening, tell whoever runs the server.",
    )


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""

    @app.exception_handler(StoreError)
    async def store_trouble(request: Request, error: StoreError) -> Response:
        return await _store_trouble(request, error)

    @app.exception_handler(PoolTimeout)
    async def no_connection(request: Request, error: PoolTimeout) -> Response:
        return await _store_trouble(request, StoreUnavailable(f"no pooled connection free: {error}"))

    @app.exception_handler(RuleViolation)
    async def rule_violation(request: Request, error: RuleViolation) -> Response:
        return await _answer(request, error, status_for(error))

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, error: BadInput) -> Response:
        return await _answer(request, error, error.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        status = 400 if any(p.get("type") == "json_invalid" for p in error.errors()) else 422
        return await _answer(request, BadInput(describe_validation(error), status), status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if isinstance(error, BodyTooLarge):
            return await _answer(request, BadInput(error.message, 413, "request/too_large"), 413)
        if error.status_code == 404:
            message = Text("Diese Seite gibt es nicht.", "There is no such page.")
        elif error.status_code == 405:
            message = Text("Diese Anfrage ist hier nicht erlaubt.", "This request method is not allowed here.")
        else:
            message = Text(str(error.detail), str(error.detail))
        return await _answer(request, BadInput(message, error.status_code), error.status_code)
