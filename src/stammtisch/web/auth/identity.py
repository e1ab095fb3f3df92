"""Who is asking: ``request.state.account`` is ``None`` (anonymous) or the signed-in ``Account``
(``member_id``, ``name``, ``role``), from the session cookie or, for the JSON API, from
``Authorization: Bearer <token>`` (a member's API token, AC-6).

A session cookie names the member and the session's secret; the session's row in the database
(``store.sessions``) is asked on every request, so a session the server ended (sign-out, "sign out
everywhere", a disabled sign-in, a new role or password) is over at once on every worker (issue 29).
API tokens are remembered for a moment (``club.members.memo``): a token revoked or a sign-in disabled
through another worker counts there within two seconds.

``club_service(app)`` is the app's ``ClubService`` on the same database as the matches (an in-memory
SQLite club for a service without a database).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from starlette.requests import Request

from stammtisch.club.members.model import Account, Club
from stammtisch.club.members.service import ClubService
from stammtisch.store.members import SqlClub, memory_club
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.sessions import SqlSessions
from stammtisch.web.auth.session import SESSION_SECONDS, session_secret


def club_service(app: Any) -> ClubService:
    service = getattr(app.state, "club", None)
    if service is None:
        repository = app.state.service.repository
        store = SqlClub(repository.engine) if isinstance(repository, SqlMatchRepository) else memory_club()
        service = app.state.club = ClubService(store)
    return service


def sessions_of(app: Any) -> SqlSessions:
    """The sign-in sessions, in the club's database."""
    found: SqlSessions | None = getattr(app.state, "sessions", None)
    if found is None:
        repository = club_service(app).repository
        assert isinstance(repository, SqlClub)
        found = app.state.sessions = SqlSessions(repository.engine, timedelta(seconds=SESSION_SECONDS))
    return found


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
    member_id, secret = session.get("account"), session_secret(session)
    if not isinstance(member_id, int) or secret is None:
        session.clear()  # broken, or from before server-side sessions
        return None
    account = sessions_of(request.app).account(member_id, secret, service.clock())
    if account is None:
        session.clear()  # ended (signed out, disabled, a new role or password) or expired
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
    return None  # a session is asked in the database every time: it may have ended on another worker


def current_account(request: Request) -> Account | None:
    """The signed-in account (set by the app-wide dependency before any route runs)."""
    return getattr(request.state, "account", None)
