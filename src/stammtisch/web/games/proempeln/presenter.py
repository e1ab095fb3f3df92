"""The Prömpeln page model, read from the engine's JSON view (``games/proempeln/view.py``).

The table page is built for seven quick taps per run: while a stopper is pending, one big button
per value 0-3 (and "invalid attempt") enters it for the bottle the engine waits for; undo takes a
wrong tap back. Announcements, the Doppellörer hand, Kniffel replays, claims and slip corrections
are the engine's legal actions, grouped here. Works on snapshots only, never on engine state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.games.proempeln.model import MEIER_POINTS, ROUNDS
from stammtisch.games.proempeln.texts import SHORT_MOVE_NAMES
from stammtisch.web.kit import seat_legal, translator

BOTTLES = tuple(range(1, ROUNDS + 1))
#: How each move is shown on the score sheet.
MOVE_SIGNS = {"none": "–", "L": "L", "K": "K", "P": "P", "D": "D"}


#: The special moves' short names (the advisor's table, the statistics): the game's own table.
MOVE_NAMES = SHORT_MOVE_NAMES


def move_names(lang: str) -> dict[str, str]:
    """Each special move's short name in ``lang``."""
    return {move: text.get(lang) for move, text in MOVE_NAMES.items()}


def _name(players: list[str], seat: object) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def move_sign(move: str) -> str:
    """``L``, ``K?`` (botched, PR-R10), ``–`` for no special."""
    botched = move.endswith("?")
    base = move.rstrip("?")
    return MOVE_SIGNS.get(base, base) + ("?" if botched else "")


def present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]:
    """The Prömpeln page model of a snapshot for ``seat``'s page (``None``: the scribe's)."""
    view: dict[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    run = view.get("run") or None
    phase = view.get("phase", "")
    current = view.get("current_seat")
    p: dict[str, Any] = {
        "phase": phase,
        "round": view.get("round", 1),
        "rounds": ROUNDS,
        "current": current,
        "current_name": _name(players, current),
        "winner": _name(players, view.get("winner")) if view.get("winner") is not None else None,
        "end_reason": view.get("end_reason"),
        "sheet": _sheet(view, players),
        "run": _run(run, view) if run else None,
        "pad": None,
        "announce": [],
        "announce_botched": [],
        "replay": None,
        "record": [],
        "slips": [],
        "stechen": _stechen(view, players),
        "advice_seat": None,
    }
    turn: dict[str, Any] = snap.get("turn") or {}
    if turn.get("kind") == "chance" and snap.get("mode", "table") == "table":
        p["pad"] = _pad(view, turn)
    for entry in seat_legal(snap, seat):
        action = entry.get("action") or {}
        kind = action.get("type")
        if kind == "Announce":
            (p["announce"] if action.get("correct", True) else p["announce_botched"]).append(entry)
        elif kind == "Replay":
            if not action.get("bottles"):
                p["replay"] = {"seat": entry["seat"], "stop": entry}
        elif kind == "Record":
            p["record"].append({**entry, "warning": _claim_warning(action.get("claim"), run, lang)})
        elif kind == "Slip":
            p["slips"].append(entry)
    if p["announce"] and view.get("round", 1) <= ROUNDS:
        p["advice_seat"] = p["announce"][0]["seat"]
    return p


def _sheet(view: dict[str, Any], players: list[str]) -> list[dict[str, Any]]:
    """The score sheet: per player the move and running total of every round (PR-3.5)."""
    rows = []
    for player in view.get("players") or []:
        seat = player.get("seat")
        scores = player.get("round_scores") or []
        running = player.get("running_totals") or []
        moves = player.get("moves") or []
        cells: list[dict[str, Any] | None] = []
        for index in range(ROUNDS):
            if index < len(scores):
                cells.append({"points": scores[index], "running": running[index], "move": move_sign(moves[index])})
            else:
                cells.append(None)
        rows.append(
            {
                "seat": seat,
                "name": _name(players, seat),
                "total": player.get("total", 0),
                "cells": cells,
                "left": player.get("specials_left") or [],
                "must": bool(player.get("must_announce_special")),
                "current": seat == view.get("current_seat"),
                "winner": seat == view.get("winner"),
            }
        )
    return rows


def _run(run: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    caps = run.get("caps") or []
    pending = run.get("pending_bottles") or []
    return {
        "seat": run.get("seat"),
        "special": run.get("special"),
        "effective": run.get("effective"),
        "hand": run.get("hand"),
        "bottles": [
            {
                "bottle": bottle,
                "value": caps[bottle - 1] if bottle - 1 < len(caps) else None,
                "next": bottle == run.get("next_bottle"),
                "pending": bottle in pending,
                "middle": bottle == run.get("middle_bottle"),
            }
            for bottle in BOTTLES
        ],
        "replays_left": run.get("replays_left", 0),
        "replays_done": run.get("replays_done", 0),
        "score_now": run.get("score_now"),
        "claims": run.get("claims_available") or [],
    }


def _pad(view: dict[str, Any], turn: dict[str, Any]) -> dict[str, Any] | None:
    """The tap pad for the stopper the engine waits for: its seat and bottle (0: a Stechen flick)."""
    run = view.get("run")
    stechen = view.get("stechen")
    if run and run.get("next_bottle"):
        return {
            "seat": run["seat"],
            "bottle": run["next_bottle"],
            "middle": run["next_bottle"] == run.get("middle_bottle"),
        }
    if stechen:
        for seat, flick in zip(stechen.get("contenders") or [], stechen.get("flicks") or [], strict=False):
            if flick is None:
                return {"seat": seat, "bottle": 0, "middle": False}
    seats = turn.get("seats") or []
    return {"seat": seats[0], "bottle": None, "middle": False} if seats else None


def _stechen(view: dict[str, Any], players: list[str]) -> dict[str, Any] | None:
    stechen = view.get("stechen")
    if not stechen:
        return None
    return {
        "contenders": [
            {"name": _name(players, seat), "flick": flick}
            for seat, flick in zip(stechen.get("contenders") or [], stechen.get("flicks") or [], strict=False)
        ],
        "history": [
            ", ".join(f"{_name(players, seat)} {points}" for seat, points in flick)
            for flick in stechen.get("history") or []
        ],
    }


def _claim_warning(claim: object, run: dict[str, Any] | None, lang: str) -> str | None:
    """PR-R06: a Meier claim replaces the score with 21 (× multiplier); say so when that is less."""
    if claim != "meier" or not run:
        return None
    caps = [value or 0 for value in run.get("caps") or []]
    multiplier = caps[3] if run.get("effective") == "D" and len(caps) == ROUNDS else 1
    claimed = MEIER_POINTS * multiplier
    now = run.get("score_now")
    if isinstance(now, int) and claimed < now:
        _ = translator(lang)
        return _("Claiming Meier lowers this run from %(now)s to %(claimed)s points.", now=now, claimed=claimed)
    return None


#: What a stopper's value means (PR-3), for the plain-words distributions.
LANDING_WORDS = (
    ("nicht auf der Flasche", "off the bottle"),
    ("flach (kleine Seite oben)", "flat, small side up"),
    ("gekippt oder auf der Seite", "tilted or on its side"),
    ("große Seite oben", "big flat side up"),
)


def landing_shares(distribution: list[float] | tuple[float, ...], lang: str) -> list[dict[str, Any]]:
    """A landing distribution as percentages with what each value means (never raw probabilities)."""
    index = 0 if lang == "de" else 1
    return [
        {"value": value, "percent": round(100 * share), "words": LANDING_WORDS[value][index]}
        for value, share in enumerate(distribution)
    ]


def _signed(value: float) -> str:
    shown = round(value, 1) + 0.0  # no "-0.0"
    return f"{shown:+.1f}"


def present_advice(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The advisor's table in plain words, the best move being the best under the numbers shown.

    ``data`` is ``advisor.advise(...).to_json()`` with the player: per move the expected points of this
    round (``this_round``) and of the rest of the game (``total``). Both are shown with one decimal, so
    moves whose totals round alike are equal to the reader; among them the one with the most points this
    round is marked (the game-long values alone differ by hundredths, which nobody can read)."""
    _ = translator(lang)
    names = move_names(lang)
    moves = [dict(move) for move in data.get("moves") or []]
    plain_move = next((move for move in moves if move["move"] == "none"), None)
    for move in moves:
        move["name"] = names.get(move["move"], move["move"])
        move["this_round_shown"] = f"{move['this_round']:.1f}"
        move["total_shown"] = f"{move['total']:.1f}"
        move["key"] = (round(move["total"], 1), round(move["this_round"], 1))
        if plain_move is None or move is plain_move:
            move["sentence"] = _(
                "Without a special: on average %(points)s points this round.", points=move["this_round_shown"]
            )
            move["versus"] = ""
            continue
        gain = move["this_round"] - plain_move["this_round"]
        over_game = move["total"] - plain_move["total"]
        if abs(gain) < 0.05:
            first = _(
                "With %(move)s now you score on average as much this round as without a special", move=move["name"]
            )
        elif gain > 0:
            first = _(
                "With %(move)s now you score on average %(points)s more this round than without a special",
                move=move["name"],
                points=f"{gain:.1f}",
            )
        else:
            first = _(
                "With %(move)s now you score on average %(points)s less this round than without a special",
                move=move["name"],
                points=f"{-gain:.1f}",
            )
        if abs(over_game) < 0.05:
            second = _("over the whole game it makes no difference.")
        else:
            second = _("over the whole game %(points)s.", points=_signed(over_game))
        move["sentence"] = f"{first}; {second}"
        move["versus"] = _signed(over_game)
    best = max(moves, key=lambda move: move["key"]) if moves else None
    tied = best is not None and sum(1 for move in moves if move["key"][0] == best["key"][0]) > 1
    for move in moves:
        move["best"] = move is best
    distribution = list(data.get("distribution") or [])
    return {
        "name": data.get("name", ""),
        "samples": data.get("samples", 0),
        "landings": landing_shares(distribution, lang),
        "moves": sorted(moves, key=lambda move: move["key"], reverse=True),
        "best": best,
        "tied": tied,
        "compared": plain_move is not None,
    }
