"""The authorization matrix on routes (AC-4): every route of the app gets one permission, and the
app-wide dependency ``authorize`` checks it before the route runs (HTML, HTMX, JSON API and SSE alike).

Routes are classified by rules, most specific first, so a game's new routes are covered without
naming any game here:

1. ``OPEN``: sign-in, sign-out, first start, invites, the seat links and seat pages (a seat's cookie or
   ``X-Seat-Token`` is the capability for that seat, TS-1..TS-3; its live stream ``/seat/{id}/events``,
   LK-1), the table-screen link ``/screen/{token}`` and the follow pages ``/f/{token}…`` (the token is the
   capability, LK-2, LK-3), the API schema;
2. explicit paths of the club pages (members, roles, settings, own tokens, the bank);
3. reading a match, tournament or score sheet (its page, fragment, live events, rules): ``SPECTATE``
   (anonymous viewers only where the club allows public spectators); with ``?seat=`` ``SEE_HAND``; a
   digital match's public table ``/w/{table}…`` also admits the holder of its table-screen cookie (LK-2);
4. undo: ``UNDO`` while the match runs, ``CHANGE_CLOSED`` once it ended (AC-5);
5. deleting: ``DELETE``; closing and reopening: ``CLOSE`` / ``CHANGE_CLOSED``;
6. any other write under a match (``/m/{match_id}/…``, ``/api/matches/{match_id}/…``, a sheet, a
   tournament): ``ACT``; any other write: ``CREATE``; any other read: ``VIEW``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from stammtisch.club.members.access import DESCRIPTIONS, Permission, allowed, roles_allowed
from stammtisch.club.members.errors import AccessDenied
from stammtisch.club.members.model import ROLE_TITLES, Account
from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.web.auth.identity import club_ready, load_account, remembered, the_club
from stammtisch.web.auth.refusals import SetupNeeded, SignInNeeded

#: Routes anyone may open (their own checks, if any, are inside).
OPEN = "open"

_OPEN_PATHS = (
    re.compile(r"^/(signin|signout|setup)$"),
    re.compile(r"^/invite/\{[^}]+\}$"),
    re.compile(r"^/p/\{[^}]+\}$"),
    re.compile(r"^/seat/"),
    re.compile(r"^/screen/\{[^}]+\}$"),  # the table-screen link (LK-2): exchanged for its cookie
    re.compile(r"^/f/\{[^}]+\}(/board|/events)?$"),  # the follow link (LK-3): its token is the capability
    re.compile(r"^/fe/\{[^}]+\}(/board)?$"),  # the evening follow link (LK-7): likewise
    re.compile(r"^/api/seat(/|$)"),
    re.compile(r"^/api/openapi\.json$"),
    re.compile(r"^/health$"),
)
#: Paths (route templates) with a fixed permission, whatever the method.
_FIXED: tuple[tuple[re.Pattern[str], Permission], ...] = (
    (re.compile(r"^/m/\{match_id\}/correct$"), Permission.CHANGE_CLOSED),
    (re.compile(r"^/members/\{[^}]+\}/(role|disable|enable)$"), Permission.ROLES),
    (re.compile(r"^/members(/|$)"), Permission.MEMBERS),
    (re.compile(r"^/settings$"), Permission.SETTINGS),
    (re.compile(r"^/(account|api/account)(/|$)"), Permission.OWN_TOKENS),
    (re.compile(r"^/(api/)?(bank|ledger|payments|fines|season)(/|$)"), Permission.MONEY),
    (re.compile(r"^/me/bank$"), Permission.VIEW),  # a member's own balance and bookings (issue 13)
    (re.compile(r"^/stats(/|$)"), Permission.VIEW),  # statistics per member and season (issue 13.5, ST-6)
)
#: Reading one match, tournament or sheet: the public table.
_SPECTATE = re.compile(
    r"^/(m/\{match_id\}(/board|/events)?|w/\{table\}(/board)?|t/\{tournament_id\}(/standings)?"
    r"|sheet/\{sheet_id\}(/board|/events)?|api/matches/\{match_id\}|rules/\{[^}]+\})$"
)
#: The public table of a digital match: also open to the holder of its table-screen link (LK-2).
_SCREEN = re.compile(r"^/w/\{table\}(/board|/events)?$")
_UNDO = re.compile(r"/undo$")
_DELETE = re.compile(r"/(delete|archive)$")
_CLOSE = re.compile(r"/close$")
_REOPEN = re.compile(r"/(reopen|restore)$")
_IN_MATCH = re.compile(r"^/(m|api/matches|sheet|t|w)/\{[^}]+\}/")


@dataclass(frozen=True, slots=True)
class RouteRule:
    """The permission a route needs (``OPEN``: none); ``after_end`` names the permission that
    replaces it once the route's match has ended (undo)."""

    permission: Permission | str
    after_end: Permission | None = None
    #: The route also admits the holder of the match's table-screen link (LK-2), without an account.
    screen: bool = False


@functools.cache
def classify(method: str, path: str) -> RouteRule:
    """The permission for ``method`` on the route template ``path`` (rules in the module docstring)."""
    write = method not in ("GET", "HEAD", "OPTIONS")
    if any(pattern.search(path) for pattern in _OPEN_PATHS):
        return RouteRule(OPEN)
    for pattern, permission in _FIXED:
        if pattern.search(path):
            return RouteRule(permission)
    if _DELETE.search(path):
        return RouteRule(Permission.DELETE)
    if not write:
        if _SCREEN.search(path):
            return RouteRule(Permission.SPECTATE, screen=True)
        return RouteRule(Permission.SPECTATE if _SPECTATE.search(path) else Permission.VIEW)
    if _UNDO.search(path):
        return RouteRule(Permission.UNDO, after_end=Permission.CHANGE_CLOSED)
    if _REOPEN.search(path):
        return RouteRule(Permission.CHANGE_CLOSED)
    if _CLOSE.search(path):
        return RouteRule(Permission.CLOSE)
    if _IN_MATCH.search(path):
        return RouteRule(Permission.ACT)
    return RouteRule(Permission.CREATE)


def route_rule(request: Request) -> RouteRule:
    route = request.scope.get("route")
    path = getattr(route, "path", None) or request.url.path
    rule = classify(request.method, path)
    if rule.permission is Permission.SPECTATE and "seat" in request.query_params:
        return RouteRule(Permission.SEE_HAND)
    return rule


def _listed(names: list[str], conjunction: str) -> str:
    """``a, b und c``: a list as a sentence says it."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def denial(account: Account | None, permission: Permission) -> AccessDenied:
    """What the reader is told: who she is, what she may not do, and which roles may."""
    what = DESCRIPTIONS[permission]
    roles = roles_allowed(permission)
    who_de = _listed([ROLE_TITLES[role].de for role in roles], "und")
    who_en = _listed([ROLE_TITLES[role].en.lower() for role in roles], "and")
    if account is None:
        message = Text(
            f"Bitte melde dich an: {what.de} dürfen nur angemeldete Mitglieder (Rolle: {who_de}).",
            f"Please sign in: only signed-in members may {what.en} (role: {who_en}).",
        )
        if permission is Permission.SPECTATE:
            message = Text(
                "Bitte melde dich an: Zuschauen ohne Anmeldung hat der Verein nicht freigegeben.",
                "Please sign in: the club does not allow watching without signing in.",
            )
        return AccessDenied(message, signed_in=False)
    role = ROLE_TITLES[account.role]
    return AccessDenied(
        Text(
            f"Als {role.de} darfst du das nicht: {what.de} dürfen nur {who_de}.",
            f"As {role.en.lower()} you may not do this: only {who_en} may {what.en}.",
        ),
        signed_in=True,
        clause="AC-5" if permission is Permission.CHANGE_CLOSED else "AC-4",
    )


def check(request: Request, account: Account | None, permission: Permission) -> None:
    """Raise the refusal unless ``account`` may ``permission`` here (reads the club's settings for
    anonymous spectators)."""
    if account is not None and allowed(account.role, permission):
        return
    public = False
    if account is None and permission is Permission.SPECTATE:
        club = the_club(request.app)
        public = club is not None and club.public_spectators
    if allowed(account.role if account is not None else None, permission, public_spectators=public):
        return
    denied = denial(account, permission)
    if account is None:
        raise SignInNeeded(denied)
    raise denied


def _ended(request: Request) -> bool:
    """Whether the route's match has ended (finished, or closed where the match service says so)."""
    match_id = request.path_params.get("match_id")
    if not match_id:
        return False
    service: Any = request.app.state.service
    try:
        closed = getattr(service, "is_closed", None)
        if closed is not None:  # M-10: ended, or corrected after the end
            return bool(closed(match_id))
        return bool(service.snapshot(match_id, None).finished)
    except RuleViolation:  # an unknown match and the like: the route itself answers
        return False


async def authorize(request: Request) -> None:
    """The app-wide dependency: set ``request.state.account`` and enforce the route's permission.
    A signed-in account the club service remembers is checked on the event loop; the database is asked
    (in one worker thread) only when it does not (a thread hop per check was most of this dependency's
    cost under load, bench/hammer.py)."""
    request.state.account = None
    rule = route_rule(request)
    known = remembered(request)
    ready, account = known if known is not None else await run_in_threadpool(identify, request)
    if not ready:
        if rule.permission == OPEN or request.url.path.startswith("/api/seat"):
            return
        raise SetupNeeded()
    request.state.account = account
    if rule.permission == OPEN:
        await _note_seat(request)
        return
    assert isinstance(rule.permission, Permission)
    permission = rule.permission
    role = account.role if account else None
    if rule.after_end is not None and not allowed(role, rule.after_end):
        if await run_in_threadpool(_ended, request):
            permission = rule.after_end
    if account is not None and allowed(account.role, permission):
        return
    if rule.screen:
        from stammtisch.web.links import admitted_screen

        # A table-screen cookie admits (LK-2); a withdrawn or foreign one is refused in plain words (LK-6).
        if await admitted_screen(request, str(request.path_params.get("table", ""))):
            return
    await run_in_threadpool(check, request, account, permission)


def identify(request: Request) -> tuple[bool, Account | None]:
    """Whether the club exists, and the account the request speaks for (reads the database)."""
    if not club_ready(request.app):
        return False, None
    return True, load_account(request)


async def _note_seat(request: Request) -> None:
    """A request through a seat link names its seat (``request.state.seat``: the events' actor is
    ``seat:<n>``, matches.audit): the seat cookie of ``/seat/{table}``, or ``X-Seat-Token``."""
    token = request.headers.get("x-seat-token") or (
        request.cookies.get("stammtisch_seat") if request.url.path.startswith("/seat/") else None
    )
    if not token:
        return
    from stammtisch.web.tables import table_for

    tables = table_for(request.app)
    link = tables.known_link(token)
    if link is None:
        try:
            link = await run_in_threadpool(tables.link, token)
        except RuleViolation:
            return  # an unknown token: the route refuses it itself
    request.state.seat = link.seat


def app_routes(app: Any) -> list[Any]:
    """Every HTTP route of ``app`` with its full path, methods and dependant (FastAPI keeps included
    routers as branches: their effective routes are walked)."""
    found: list[Any] = []

    def walk(routes: Any) -> None:
        for route in routes:
            contexts = getattr(route, "effective_route_contexts", None)
            if callable(contexts):
                walk(contexts())
            elif hasattr(route, "methods") and hasattr(route, "dependant"):
                found.append(route)

    walk(app.routes)
    return found


def route_table(app: Any) -> list[tuple[str, str, str]]:
    """(method, path, permission) of every route: the matrix as the app enforces it (docs/access.md)."""
    rows = {
        (method, route.path, str(classify(method, route.path).permission))
        for route in app_routes(app)
        for method in route.methods
        if method != "HEAD"
    }
    return sorted(rows, key=lambda row: (row[1], row[0]))
