"""From snapshots to what a page shows: names instead of seat numbers, actions grouped by seat.
Works on the JSON form of snapshots only (never on engine state).

A registered web game adds its own page model on top of this one (``m.g``, from its presenter, see
``web.plugin``) and the template that shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from stammtisch.core.protocol import Game
from stammtisch.core.text import Text
from stammtisch.core.wording import plain
from stammtisch.games import GAMES
from stammtisch.matches.service import MatchService
from stammtisch.web.games import web_game, web_games
from stammtisch.web.i18n import N_, translator

#: Play modes, shown translated on the pages.
MODE_NAMES = (N_("table"), N_("digital"), N_("scoresheet"))


def plain_text(value: Any, lang: str, players: list[str]) -> str:
    """``plain`` of a bilingual value (``Text``, ``{"de", "en"}`` or a string) in ``lang``."""
    if isinstance(value, Text):
        value = value.get(lang)
    elif isinstance(value, Mapping):
        value = value.get(lang) or value.get("en") or ""
    return plain(str(value or ""), players)


@cache
def _sample_state(slug: str, seats: int) -> Any:
    """A fresh state of the game, for ``describe_action`` of past actions (their words rarely depend on
    the position; where they do, the fresh state gives the plain name: "throw the dice")."""
    engine = GAMES.get(slug)
    if engine is None:
        return None
    try:
        return engine.start(seats, engine.configure({}))
    except Exception:  # a game that needs a set-up to start: describe without a state
        return None


def describe_notation(slug: str, notation: str, seats: int) -> Text | None:
    """What an action written as ``notation`` means, in words (the game's ``describe_action``)."""
    engine = GAMES.get(slug)
    if engine is None:
        return None
    try:
        action = engine.parse_action(notation)
        return engine.describe_action(_sample_state(slug, seats), action)
    except Exception:  # unreadable under today's rules, or words that need a position: say the notation
        return None


def describe_outcome_notation(slug: str, notation: str) -> Text | None:
    """What a chance outcome written as ``notation`` was, in words (the game's ``describe_outcome``):
    "Treffer in Becher 5", not "hit 5"."""
    engine = GAMES.get(slug)
    if engine is None:
        return None
    try:
        return engine.describe_outcome(engine.parse_outcome(notation))
    except Exception:  # unreadable under today's rules: say the notation
        return None


def history(snap: Mapping[str, Any], lang: str, limit: int = 8) -> list[dict[str, Any]]:
    """The latest entries as sentences in ``lang``, newest first: who did what, with names."""
    _ = translator(lang)
    players: list[str] = list(snap.get("players") or [])
    slug = str(snap.get("game", ""))
    lines = []
    for event in list(reversed(snap.get("last_events") or []))[:limit]:
        kind = event.get("kind")
        seat = event.get("seat")
        name = seat_name(players, seat if isinstance(seat, int) else None)
        notation = event.get("notation")
        if kind == "undo":
            undone = event.get("undoes") or []
            text = (
                _("Taken back: %(count)s entries", count=len(undone)) if len(undone) > 1 else _("One entry taken back")
            )
        elif kind == "action" and notation is not None:
            words = describe_notation(slug, str(notation), len(players))
            what = plain_text(words, lang, players) if words is not None else str(notation)
            text = f"{name}: {what}" if name else what
        elif kind == "action":
            text = _("%(name)s made a move", name=name) if name else _("A move was made")
        elif notation is not None:
            outcome = describe_outcome_notation(slug, str(notation))
            text = (_("The app drew: %(what)s") if event.get("sampled") else _("Entered at the table: %(what)s")) % {
                "what": outcome.get(lang) if outcome is not None else notation
            }
        else:
            text = _("A result was entered")
        lines.append({"seq": event.get("seq"), "text": text})
    return lines


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
        "history": history(snap, lang),
        "view_seat": view_seat,
        "query": f"?seat={view_seat}" if view_seat is not None else "",
        "game_template": None,
        "g": None,
        "stylesheets": [],
        "finale": finale(snap, lang) if turn.get("kind") == "finished" else None,
    }
    game = web_game(page["game"])
    if game is not None and game.present is not None and game.board_template is not None:
        page["g"] = game.present(snap, lang, view_seat)
        page["game_template"] = game.board_template
        page["stylesheets"] = [game.static_url(name) for name in game.stylesheets]
    return page


def _names(players: list[str], seats: list[int], lang: str) -> str:
    names = [seat_name(players, seat) for seat in seats]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" und " if lang == "de" else " and ") + names[-1]


def finale(snap: Mapping[str, Any], lang: str) -> dict[str, Any] | None:
    """The end of a match in words: the game's own end screen where it has one (``WebGame.finale``),
    else who won, the places with their scores and a bar chart; then what next."""
    page = generic_finale(snap, lang)
    game = web_game(str(snap.get("game", "")))
    if game is not None and game.finale is not None:
        own = game.finale(snap, lang)
        if own is not None:
            page.update(own)
    return page


def generic_finale(snap: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Places with their scores and a bar chart: for a game without an end screen of its own."""
    _ = translator(lang)
    result = snap.get("result") or {}
    players: list[str] = list(snap.get("players") or [])
    ranking = [[int(seat) for seat in group] for group in result.get("ranking") or []]
    scores = list(result.get("scores") or [])
    if not ranking:
        headline = _("The game is over.")
    elif len(ranking) == 1 and len(players) > 1:
        headline = _("A draw: everybody shares the first place.")
    elif len(ranking[0]) == 1:
        headline = _("%(names)s wins!", names=_names(players, ranking[0], lang))
    else:
        headline = _("%(names)s win together!", names=_names(players, ranking[0], lang))
    lines = []
    place = 1
    for group in ranking:
        for seat in group:
            score = scores[seat] if seat < len(scores) else None
            shown = f" – {score}" if isinstance(score, int | float) else ""
            lines.append(f"{place}. {seat_name(players, seat)}{shown}")
        place += len(group)
    chart = None
    numbers = [score for score in scores if isinstance(score, int | float)]
    if len(numbers) == len(players) > 1 and any(numbers):
        top = max(abs(score) for score in numbers) or 1
        winners = set(ranking[0]) if ranking else set()
        left, span = 96, 210
        chart = {
            "width": left + span + 60,
            "height": 28 * len(players) + 4,
            "left": left,
            "label": _("Scores: %(list)s", list=", ".join(f"{n} {s}" for n, s in zip(players, numbers, strict=True))),
            "bars": [
                {
                    "name": name[:12],
                    "value": score,
                    "width": max(2, round(span * abs(score) / top)),
                    "y": 4 + 28 * i,
                    "best": i in winners,
                }
                for i, (name, score) in enumerate(zip(players, numbers, strict=True))
            ],
            "note": _("Fewer points are better in this game.")
            if winners and min(numbers) < max(numbers) and all(numbers[w] == min(numbers) for w in winners)
            else "",
        }
    return {
        "headline": headline,
        "lines": lines,
        "chart": chart,
        "table": None,
        "rematch": True,
        # A match that belongs to no evening: the way back is the start page, and it says so.
        "back": "/",
        "back_label": _("To the start page"),
    }


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
