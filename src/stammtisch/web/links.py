"""What the links handed out at the table admit to (docs/access.md LK-1…LK-6, docs/web.md "Links").

* ``GET /screen/{token}`` – the table-screen link (LK-2): exchanged for the cookie ``stammtisch_screen``
  (HttpOnly, SameSite=Lax, ``Path=/w/{match_id}``), then 303 to ``/w/{match_id}``; the cookie admits to
  ``/w/{match_id}``, ``/w/{match_id}/board`` and ``/w/{match_id}/events`` and nothing else.
* ``GET /f/{token}`` (page), ``/f/{token}/board`` (fragment), ``/f/{token}/events`` (live) – the follow
  link (LK-3): names and scores, read-only; the token stays in the path (no cookie: a follow link shows
  nothing a passer-by at the table could not see).
* ``admit(app, token, kind, match_id)`` checks a link: known, of that kind, of that match, not withdrawn
  (LK-4), not ended (LK-5); otherwise a ``LinkRefused`` (the app's refusal type: a page saying why in
  German and English, LK-6, or JSON for programs, with 403, 404 or 410).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.share_links import LinkKind, ShareLink
from stammtisch.web.errors import BadInput
from stammtisch.web.tables import table_for

#: The table screen's cookie (LK-2); its path is the match's spectator page, so it goes with no other request.
SCREEN_COOKIE = "stammtisch_screen"
#: The longest token looked up (tokens are 32 characters; anything much longer is not one).
MAX_TOKEN = 128


class LinkRefused(BadInput):
    """A link that does not (or no longer) admit (LK-4..LK-6): the holder is told why in plain words, in
    German and in English on the same page (the reader's language first; whoever was handed a QR code
    may read either), with the HTTP status of the case."""

    code = "link/refused"
    clause = "LK-6"

    def __init__(self, clause: str, message: Text, status_code: int) -> None:
        super().__init__(message, status_code)
        self.clause = clause

    def text(self, lang: str) -> str:
        other = "en" if lang == "de" else "de"
        return f"{self.message.get(lang)} / {self.message.get(other)}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "clause": self.clause}


class LinkWithdrawn(LinkRefused):
    code = "link/withdrawn"


class LinkExpired(LinkRefused):
    code = "link/expired"


class LinkUnknown(LinkRefused):
    code = "link/unknown"


class LinkForeign(LinkRefused):
    code = "link/foreign"


_WHAT = {
    LinkKind.SCREEN: Text("Dieser Link für den Tisch-Bildschirm", "This table-screen link"),
    LinkKind.FOLLOW: Text("Dieser Link zum Mitverfolgen", "This follow link"),
    LinkKind.SEAT: Text("Dieser Platz-Link", "This seat link"),
    LinkKind.EVENING: Text("Dieser Link zum Mitverfolgen des Abends", "This link to follow the evening"),
}


def withdrawn(kind: LinkKind) -> LinkRefused:
    """LK-4: the scribe withdrew the link (410 Gone)."""
    what = _WHAT[kind]
    return LinkWithdrawn(
        "LK-4",
        Text(
            f"{what.de} wurde von der Spielleitung zurückgezogen. Frag am Tisch nach dem neuen Link.",
            f"{what.en} was withdrawn by whoever keeps the game. Ask at the table for the new link.",
        ),
        410,
    )


def expired(kind: LinkKind) -> LinkRefused:
    """LK-5: the evening (or the match) is over (410 Gone)."""
    what = _WHAT[kind]
    return LinkExpired(
        "LK-5",
        Text(
            f"{what.de} gilt nicht mehr: das Spiel ist vorbei oder der Abend zu Ende.",
            f"{what.en} is no longer valid: the game or the evening is over.",
        ),
        410,
    )


def unknown(kind: LinkKind) -> LinkRefused:
    """LK-6: no such link (mistyped, or its match was deleted): 404."""
    what = _WHAT[kind]
    return LinkUnknown(
        "LK-6",
        Text(
            f"{what.de} ist unbekannt. Prüfe den Link oder lass dir den QR-Code noch einmal zeigen.",
            f"{what.en} is not known. Check the link or ask to be shown the QR code again.",
        ),
        404,
    )


def foreign(kind: LinkKind) -> LinkRefused:
    """LK-6: a link of another match: 403."""
    what = _WHAT[kind]
    return LinkForeign(
        "LK-6",
        Text(
            f"{what.de} gehört zu einem anderen Spiel; für dieses hier gilt er nicht.",
            f"{what.en} belongs to another game; it does not open this one.",
        ),
        403,
    )


def screen_url(token: str) -> str:
    return f"/screen/{token}"


def follow_url(token: str) -> str:
    return f"/f/{token}"


def watch_url(match_id: str) -> str:
    return f"/w/{match_id}"


def admit(app: Any, token: str | None, kind: LinkKind, match_id: str | None = None) -> ShareLink:
    """The link ``token`` if it admits to ``match_id`` now as ``kind``; else why not (LK-4..LK-6).
    Reads the store (call it in a thread)."""
    table = table_for(app)
    shares = table.shares
    link = shares.find(token) if shares is not None and token and len(token) <= MAX_TOKEN else None
    if link is None or link.kind is not kind:
        raise unknown(kind)
    if match_id is not None and link.match_id != match_id:
        raise foreign(kind)
    if link.revoked:
        raise withdrawn(kind)
    if table.clock() >= link.ends_at(ended_at(app, link.match_id)):
        raise expired(kind)
    return link


def ended_at(app: Any, match_id: str) -> datetime | None:
    """When ``match_id`` ended (its last event), or None while it runs."""
    service = table_for(app).service
    try:
        snapshot = service.snapshot(match_id, None)
    except RuleViolation:
        return None
    if not snapshot.finished:
        return None
    last = service.events(match_id, max(0, snapshot.seq - 1))
    return last[-1].at if last else None


def seat_withdrawn(app: Any, token: str | None) -> bool:
    """Whether ``token`` is a seat link the scribe withdrew (LK-4)."""
    shares = table_for(app).shares
    if shares is None or not token or len(token) > MAX_TOKEN:
        return False
    link = shares.find(token)
    return link is not None and link.kind is LinkKind.SEAT


async def admitted_screen(request: Request, match_id: str) -> bool:
    """LK-2 in the access check of ``/w/{match_id}…``: True when the screen cookie admits; a cookie that
    does not raises its refusal; no cookie: False (the ordinary rules decide)."""
    token = request.cookies.get(SCREEN_COOKIE)
    if not token:
        return False
    await run_in_threadpool(admit, request.app, token, LinkKind.SCREEN, match_id)
    return True
