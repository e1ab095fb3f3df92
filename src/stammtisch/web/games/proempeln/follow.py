"""Prömpeln for the follow link (docs/access.md LK-3): each player's total after the rounds played, the
player on turn marked, the round in a note."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def scoreboard(snap: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    view: Mapping[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    current = view.get("current_seat")
    round_number = view.get("round", 1)
    lines = []
    for index, player in enumerate(view.get("players") or []):
        seat = player.get("seat")
        lines.append(
            {
                "name": players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?",
                "score": player.get("total", 0),
                "current": seat == current and view.get("winner") is None,
                "note": ((f"Runde {round_number}" if lang == "de" else f"round {round_number}") if index == 0 else ""),
            }
        )
    return lines
