"""The end of a Bier-Pong game in its own terms: the winning team with its players, the cups it has left,
and what each player drinks (the team's owed drinks, each person, in the agreed amount) beside the hits.
The engine's +1/-1 scores are only a ranking; they are not shown. Texts are bilingual pairs like the
rest of the game's pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TEAMS = ("A", "B")


def _l(lang: str, de: str, en: str) -> str:
    return de if lang == "de" else en


def finale(snap: Mapping[str, Any], lang: str) -> dict[str, Any] | None:
    """Winner, cups left, drinks per player."""
    details = (snap.get("result") or {}).get("details") or {}
    view = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    teams = view.get("teams") or []
    winner = details.get("winner")
    if winner not in TEAMS or len(teams) != len(TEAMS):
        return None
    index = TEAMS.index(winner)
    members = " & ".join(players[s] for s in teams[index].get("seats") or [] if 0 <= s < len(players))
    cups = list(details.get("live_cups") or [t.get("live", 0) for t in teams])
    rack = int(view.get("rack") or len(teams[index].get("cups") or []) or 0)
    owed = list(details.get("drinks_owed") or [t.get("drinks_owed", 0) for t in teams])
    amount = str(view.get("drink_amount") or "")
    hits = {int(p["seat"]): int(p.get("hits", 0)) for p in view.get("players") or [] if "seat" in p}
    left = cups[index] if index < len(cups) else 0
    lines = [
        _l(lang, f"Team {winner} hat noch {left} von {rack} Bechern.", f"Team {winner} has {left} of {rack} cups left.")
    ]
    rows = []
    for team, data in enumerate(teams):
        for seat in data.get("seats") or []:
            if not 0 <= seat < len(players):
                continue
            drinks = owed[team] if team < len(owed) else 0
            drink = f"{drinks} × {amount}" if drinks and amount else str(drinks)
            rows.append({"cells": [players[seat], TEAMS[team], hits.get(seat, 0), drink], "best": team == index})
    return {
        "headline": _l(lang, f"Team {winner} gewinnt: {members}", f"Team {winner} wins: {members}"),
        "lines": lines,
        "table": {
            "caption": _l(lang, "Wer trinkt was", "Who drinks what"),
            "head": [
                _l(lang, "Spieler", "Player"),
                "Team",
                _l(lang, "Treffer", "Hits"),
                _l(lang, "trinkt", "drinks"),
            ],
            "rows": rows,
        },
        "chart": None,  # two teams, one winner: the sentence says it
    }
