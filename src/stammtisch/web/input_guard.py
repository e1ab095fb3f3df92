"""No server error for odd input (issue 31.5): what no route can use is refused before routing, in
plain words, with a 4xx (pure ASGI middleware, inside the body limit so a body is at most 64 KiB).

* the path and the query string: no control character (a NUL breaks PostgreSQL's text, the others
  are never part of an id or a name), at most ``MAX_TARGET`` characters;
* a JSON body: nested at most ``MAX_DEPTH`` deep (Python's parser would recurse until it fails), no
  NUL in its strings, no whole number beyond the store's integer range (64 bits);
* a form body: no NUL or other control character (tab and line breaks are text) in its fields.

``bounded_numbers`` is an app-wide dependency for what only the route knows: a path, query or form
parameter declared a whole number must lie within the store's integer range (a member id beyond
2⁶³ is no member, not an overflow of the database driver)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Request
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.core.text import Text
from stammtisch.web.errors import BadInput, refuse

#: The store's whole numbers are 64-bit (SQLite's INTEGER, PostgreSQL's bigint).
MAX_INT = 2**63 - 1
MAX_DEPTH = 32
MAX_TARGET = 2048
_CONTROL = frozenset(chr(c) for c in (*range(0x20), 0x7F)) - {"\t", "\n", "\r"}
_TARGET_CONTROL = frozenset(chr(c) for c in (*range(0x20), 0x7F))
_WRITES = frozenset(("POST", "PUT", "PATCH", "DELETE"))

CONTROL = Text(
    "Die Anfrage enthält ein Steuerzeichen (etwa ein Null-Zeichen); das kann kein Name und keine Kennung sein.",
    "The request holds a control character (such as a NUL); no name or id can contain one.",
)
TOO_LONG = Text("Die Adresse ist zu lang.", "The address is too long.")
TOO_DEEP = Text(
    f"Das JSON ist zu tief verschachtelt (höchstens {MAX_DEPTH} Ebenen).",
    f"The JSON is nested too deeply (at most {MAX_DEPTH} levels).",
)
TOO_BIG = Text(
    "Eine Zahl ist größer, als der Verein sie speichern kann.",
    "A number is larger than the club's records can hold.",
)


def target_problem(scope: Scope) -> Text | None:
    """What is wrong with the request's path and query string, if anything."""
    path: str = scope.get("path", "")
    query = scope.get("query_string", b"").decode("latin-1")
    if len(path) + len(query) > MAX_TARGET:
        return TOO_LONG
    if not _TARGET_CONTROL.isdisjoint(path) or not _TARGET_CONTROL.isdisjoint(_decoded(query)):
        return CONTROL
    return None


def _decoded(query: str) -> str:
    return "".join(k + v for k, v in parse_qsl(query, keep_blank_values=True, encoding="latin-1"))


def json_problem(body: bytes) -> Text | None:
    """One linear pass over a JSON body: its depth, NULs in strings, numbers beyond the range. Malformed
    JSON is left to the route's parser (its own refusal)."""
    depth = 0
    in_string = escaped = False
    digits = 0
    for i, byte in enumerate(body):
        if in_string:
            if escaped:
                escaped = False
                if byte == 0x75 and body[i + 1 : i + 5] == b"0000":  # \u0000
                    return CONTROL
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
            elif byte == 0:
                return CONTROL
            continue
        if 0x30 <= byte <= 0x39:
            digits += 1
            if digits > 18 and _number_too_big(body, i - digits + 1):
                return TOO_BIG
            continue
        digits = 0
        if byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_DEPTH:
                return TOO_DEEP
        elif byte in (0x5D, 0x7D):
            depth -= 1
        elif byte == 0:
            return CONTROL
    return None


def _number_too_big(body: bytes, start: int) -> bool:
    end = start
    while end < len(body) and 0x30 <= body[end] <= 0x39:
        end += 1
    if end < len(body) and body[end] in b".eE":  # a fraction or exponent: a float, not an id
        return False
    return int(body[start:end]) > MAX_INT


def form_problem(body: bytes) -> Text | None:
    """A urlencoded form with a NUL or another control character in a field (names and values)."""
    try:
        fields = parse_qsl(body.decode("utf-8"), keep_blank_values=True)
    except UnicodeDecodeError:  # the route's parser says so in words
        return None
    if any(not _CONTROL.isdisjoint(key) or not _CONTROL.isdisjoint(value) for key, value in fields):
        return CONTROL
    return None


class InputGuard:
    """The middleware (module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = target_problem(scope)
        status = 414 if problem is TOO_LONG else 400
        if problem is None and scope["method"] in _WRITES:
            kind = Headers(scope=scope).get("content-type", "").split(";")[0].strip().lower()
            if kind == "application/json" or kind.endswith("+json") or kind == "application/x-www-form-urlencoded":
                body, receive = await _buffered(receive)
                problem = json_problem(body) if "json" in kind else form_problem(body)
                status = 422
        if problem is not None:
            response = await refuse(scope, status, problem, "request/bad_input")
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


async def _buffered(receive: Receive) -> tuple[bytes, Receive]:
    """The whole body (bounded by the body limit outside), and a ``receive`` that hands it on again."""
    chunks: list[bytes] = []
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        more = bool(message.get("more_body"))
    body = b"".join(chunks)
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return body, replay


def _int_params(request: Request) -> Iterable[tuple[str, Any]]:
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return ()
    found: list[tuple[str, Any]] = []
    for group, values in (
        (dependant.path_params, request.path_params),
        (dependant.query_params, request.query_params),
    ):
        for param in group:
            if _is_int(param) and param.alias in values:
                found.append((param.alias, values[param.alias]))
    return found


def _is_int(param: Any) -> bool:
    annotation = getattr(getattr(param, "field_info", None), "annotation", None) or getattr(param, "type_", None)
    return annotation is int or (hasattr(annotation, "__args__") and int in getattr(annotation, "__args__", ()))


async def bounded_numbers(request: Request) -> None:
    """The app-wide dependency (module docstring): path and query whole numbers within the range."""
    for _, raw in _int_params(request):
        text = str(raw).strip().lstrip("+-")
        if text.isdigit() and int(text) > MAX_INT:
            raise BadInput(TOO_BIG, 404 if raw in request.path_params.values() else 422, "request/out_of_range")
