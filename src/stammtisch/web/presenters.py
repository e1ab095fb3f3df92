"""From snapshots to what a page shows: names instead of seat numbers, actions grouped by seat.
Works on the JSON form of snapshots only (never on engine state).

A registered web game adds its own page model on top of this one (``m.g``, from its presenter, see
``web.plugin``) and the template that shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.protocol import Game
from stammtisch.matches.service import MatchService
from stammtisch.web.games import web_game, web_games
from stammtisch.web.i18n import N_, translator

#: Play modes, shown translated on the pages.
MODE_NAMES = (N_("table"), N_("digital"), N_("scoresheet"))


def seat_name(players: list[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(players):
        return ""
    return players[seat]


def seat_legal(snap: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The legal actions a page for ``seat`` offers (all of them for the scribe, ``seat`` None)."""
    return [entry for entry in snap.get("legal") or [] if seat is None or entry.get("seat") == seat]


def present_match(snap: dict[str, Any], lang: str, view_seat: int | None = None) -> dict[str, Any]:
    """The page model of one match snapshot (JSON form); ``g`` holds the web game's own page model."""
    players: list[str] = list(snap.get("players") or [])
    turn: dict[str, Any] = dict(snap.get("turn") or {})
    legal = seat_legal(snap, view_seat)
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
        "undo_passes_outcome": bool(snap.get("undo_passes_outcome")),
        "result": snap.get("result"),
        "history": list(reversed(snap.get("last_events") or []))[:8],
        "view_seat": view_seat,
        "query": f"?seat={view_seat}" if view_seat is not None else "",
        "game_template": None,
        "g": None,
        "stylesheets": [],
    }
    game = web_game(page["game"])
    if game is not None and game.present is not None and game.board_template is not None:
        page["g"] = game.present(snap, lang, view_seat)
        page["game_template"] = game.board_template
        page["stylesheets"] = [game.static_url(name) for name in game.stylesheets]
    return page


def present_games(engines: Mapping[str, Game[Any]], lang: str) -> list[dict[str, Any]]:
    """The registered web games for the home page: slug, the engine's title (``engines``: the service's
    games), what can be started there."""
    gettext = translator(lang)
    games = []
    for game in web_games():
        engine = engines.get(game.slug)
        starts = [
            {
                # A message id goes through the catalog; a Text carries both languages itself.
                "label": gettext(start.label) if isinstance(start.label, str) else start.label.get(lang),
                "href": start.href,
                "primary": start.primary,
            }
            for start in game.starts
        ]
        title = engine.title.get(lang) if engine is not None else game.slug
        games.append({"slug": game.slug, "title": title, "starts": starts})
    return games


def list_matches(service: MatchService, limit: int = 50) -> list[dict[str, Any]]:
    """The newest matches, JSON-ready."""
    return [record.to_json() for record in service.list_matches(limit)]
