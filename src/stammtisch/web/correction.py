"""The written reason of a correction, for every write under a match (M-10, AC-5).

A match that has ended is closed: taking a step back needs a written reason, and so does every
corrected step entered afterwards (``MatchService``). Any write route under a match, the games' own
routes included, takes the reason as the form field ``reason`` (the board shows the field while a
closed match is being corrected; the JSON API takes ``"reason"``). ``bind_reason`` is an app-wide
dependency: it checks that whoever gives a reason for a closed match may change it (the admin or the
treasurer, ``CHANGE_CLOSED``) and puts the reason into ``request.state.correction_reason``, which
``web.correlation`` binds for every event the request writes (``matches.audit``). A reason given
for a running match is not needed and is dropped."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from stammtisch.club.members.access import Permission
from stammtisch.core.errors import RuleViolation
from stammtisch.web.auth.policy import check

#: Longest reason taken (the match service refuses longer ones in words; this bounds the form).
MAX_REASON = 500
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _closed(request: Request, match_id: str) -> bool:
    service: Any = request.app.state.service
    try:
        return bool(service.is_closed(match_id))
    except RuleViolation:  # an unknown match: the route itself answers
        return False


async def accept_reason(request: Request, match_id: str, reason: str | None) -> str | None:
    """Accept ``reason`` for the writes of this request to ``match_id`` (the refusal when the reader
    may not change a closed match); returns it, or None when ``match_id`` is running (none needed)."""
    text = " ".join((reason or "").split())
    if not text or not await run_in_threadpool(_closed, request, match_id):
        return None
    await run_in_threadpool(check, request, request.state.account, Permission.CHANGE_CLOSED)
    request.state.correction_reason = text[: MAX_REASON + 1]  # longer: the service says how long
    return str(request.state.correction_reason)


async def bind_reason(request: Request) -> None:
    """The app-wide dependency: a form write under a match with a ``reason`` field (module docstring)."""
    match_id = request.path_params.get("match_id") or request.path_params.get("sheet_id")  # a sheet is a match
    if request.method != "POST" or not isinstance(match_id, str):
        return
    if not request.headers.get("content-type", "").startswith(_FORM_TYPES):
        return
    reason = (await request.form()).get("reason")
    if isinstance(reason, str):
        await accept_reason(request, match_id, reason)


def last_reason(service: Any, match_id: str) -> str:
    """The reason of the latest change to the closed match ``match_id`` (the board's correction field
    starts with it, so the steps after an undo need not be justified again)."""
    for event in reversed(service.events(match_id)):
        if event.reason:
            return str(event.reason)
    return ""
