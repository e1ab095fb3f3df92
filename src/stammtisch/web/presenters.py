"""From snapshots to what a page shows: names instead of seat numbers, actions grouped by seat,
the dice pad's set-up. Works on the JSON form of snapshots only (never on engine state).

Game-specific pages add their own presenter (``web/games/<slug>.py``) on top of this one.
"""

from __future__ import annotations

from typing import Any

from stammtisch.matches.service import MatchService
from stammtisch.web.games import kluempchen, proempeln


def N_(message: str) -> str:
    """Marks a message for extraction that is translated later (the template calls ``_(mode)``)."""
    return message


#: Play modes, shown translated on the pages.
MODE_NAMES = (N_("table"), N_("digital"), N_("scoresheet"))

#: Game presenters by slug: add to ``page`` what the game's template needs from ``view``.
GAME_PRESENTERS = {"kluempchen": kluempchen.present, "proempeln": proempeln.present}


def seat_name(players: list[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(players):
        return ""
    return players[seat]


def present_match(snap: dict[str, Any], lang: str, view_seat: int | None = None) -> dict[str, Any]:
    """The page model of one match snapshot (JSON form)."""
    players: list[str] = list(snap.get("players") or [])
    turn: dict[str, Any] = dict(snap.get("turn") or {})
    legal = [entry for entry in snap.get("legal") or [] if view_seat is None or entry.get("seat") == view_seat]
    by_seat: dict[int, list[dict[str, Any]]] = {}
    for entry in legal:
        by_seat.setdefault(int(entry["seat"]), []).append(entry)
    waiting = [int(seat) for seat in turn.get("seats") or []]
    page: dict[str, Any] = {
        "snap": snap,
        "match_id": snap["match_id"],
        "game": snap.get("game", ""),
        "title": snap.get("title") or "",
        "mode": snap.get("mode", "table"),
        "seq": snap.get("seq", 0),
        "players": players,
        "view": snap.get("view") or {},
        "turn": turn,
        "kind": turn.get("kind", "decision"),
        "waiting": [{"seat": seat, "name": seat_name(players, seat)} for seat in waiting],
        "legal": legal,
        "actions": [
            {"seat": seat, "name": seat_name(players, seat), "entries": entries} for seat, entries in by_seat.items()
        ],
        "can_undo": bool(snap.get("can_undo")),
        "result": snap.get("result"),
        "history": list(reversed(snap.get("last_events") or []))[:8],
        "view_seat": view_seat,
        "query": f"?seat={view_seat}" if view_seat is not None else "",
        "game_template": None,
    }
    presenter = GAME_PRESENTERS.get(page["game"])
    if presenter is not None:
        presenter(page, lang)
    return page


def list_matches(service: MatchService, limit: int = 50) -> list[dict[str, Any]]:
    """The newest matches, JSON-ready."""
    return [record.to_json() for record in service.list_matches(limit)]
