"""Sign-in, sessions and the authorization matrix on every route (issue 10.2; docs/access.md).

Contract for the routes: ``request.state.account`` is ``None`` (anonymous) or an ``Account`` with
``member_id: int``, ``name: str``, ``role: str`` ("admin" | "treasurer" | "scribe" | "member"). The
app-wide dependency ``authorize`` sets it and checks the route's permission (``policy.classify``);
a route that needs more declares ``require(permission)``:

    @router.post("/bank/payments", dependencies=[require(Permission.MONEY)])

``AccountDep`` gives a route the account (or None).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from starlette.concurrency import run_in_threadpool

from stammtisch.club.members.access import Permission, allowed
from stammtisch.club.members.model import Account
from stammtisch.web.auth import refusals
from stammtisch.web.auth.identity import club_service, current_account
from stammtisch.web.auth.policy import authorize, check
from stammtisch.web.auth.secret import key_for_database
from stammtisch.web.auth.session import Sessions


def require(permission: Permission | str) -> Any:
    """A FastAPI dependency: the signed-in account must have ``permission`` (AC-4)."""
    wanted = Permission(permission)

    async def dependency(request: Request) -> None:
        account = current_account(request)
        if account is not None and allowed(account.role, wanted):
            return  # the usual case, decided without a thread (only the public-spectator setting is read)
        await run_in_threadpool(check, request, account, wanted)

    return Depends(dependency)


async def _account(request: Request) -> Account | None:
    """``current_account`` as an ``async`` dependency: FastAPI would run a plain function in a thread."""
    return current_account(request)


AccountDep = Annotated[Account | None, Depends(_account)]


async def link_seats(app: Any, match_id: str, players: list[str]) -> None:
    """AC-1: the members behind a new match's seats (unknown names become guests). Idempotent; a
    match's seats stay linked to whom they were first linked to."""
    await run_in_threadpool(club_service(app).link_seats, match_id, players)


def install(app: FastAPI) -> None:
    """Sessions (signed with the club's secret key) and the refusal handlers; ``authorize`` itself is
    the app's dependency (``FastAPI(dependencies=...)``)."""
    repository = app.state.service.repository
    url = repository.engine.url.render_as_string(hide_password=False) if hasattr(repository, "engine") else None
    app.state.secret_key = key_for_database(url)
    app.add_middleware(Sessions, secret_key=app.state.secret_key)
    refusals.install(app)


__all__ = [
    "AccountDep",
    "Permission",
    "authorize",
    "club_service",
    "current_account",
    "install",
    "link_seats",
    "require",
]
