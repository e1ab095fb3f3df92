"""Who is asking: ``request.state.account`` is ``None`` (anonymous) or the signed-in ``Account``
(``member_id``, ``name``, ``role``), from the session cookie or, for the JSON API, from
``Authorization: Bearer <token>`` (a member's API token, AC-6).

``club_service(app)`` is the app's ``ClubService`` on the same database as the matches (an in-memory
SQLite club for a service without a database).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from stammtisch.club.members.model import Account, Club
from stammtisch.club.members.service import ClubService
from stammtisch.store.members import SqlClub, memory_club
from stammtisch.store.repository import SqlMatchRepository


def club_service(app: Any) -> ClubService:
    service = getattr(app.state, "club", None)
    if service is None:
        repository = app.state.service.repository
        store = SqlClub(repository.engine) if isinstance(repository, SqlMatchRepository) else memory_club()
        service = app.state.club = ClubService(store)
    return service


def the_club(app: Any) -> Club | None:
    """The club, remembered once it exists (it is never removed); its settings are read fresh."""
    club = club_service(app).club()
    if club is not None:
        app.state.club_ready = True
    return club


def club_ready(app: Any) -> bool:
    if getattr(app.state, "club_ready", False):
        return True
    return the_club(app) is not None


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return value.strip() or ""


def load_account(request: Request) -> Account | None:
    """The account the request speaks for (runs in a worker thread: it reads the database)."""
    service = club_service(request.app)
    token = bearer_token(request)
    if token is not None:
        return service.token_account(token) if token else None
    session = request.scope.get("session")
    if not session:
        return None
    member_id, stamp = session.get("account"), session.get("stamp")
    if not isinstance(member_id, int) or not isinstance(stamp, str):
        session.clear()
        return None
    account = service.session_account(member_id, stamp)
    if account is None:
        session.clear()  # disabled, or the password changed: this session is over
    return account


def remembered(request: Request) -> tuple[bool, Account | None] | None:
    """``identify`` answered from memory (the club exists and the account is remembered, or nobody
    is signed in), without the database; None when the database must be asked."""
    app = request.app
    if not getattr(app.state, "club_ready", False):
        return None
    token = bearer_token(request)
    if token is not None:
        account = club_service(app).remembered_account(secret=token) if token else None
        return (True, account) if account is not None or not token else None
    session = request.scope.get("session")
    if not session:
        return True, None
    member_id, stamp = session.get("account"), session.get("stamp")
    if not isinstance(member_id, int) or not isinstance(stamp, str):
        return None  # ``load_account`` clears the broken session
    account = club_service(app).remembered_account(session=(member_id, stamp))
    return (True, account) if account is not None else None


def current_account(request: Request) -> Account | None:
    """The signed-in account (set by the app-wide dependency before any route runs)."""
    return getattr(request.state, "account", None)
