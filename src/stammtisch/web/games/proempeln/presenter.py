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
from stammtisch.web.i18n import translator
from stammtisch.web.presenters import seat_legal

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
