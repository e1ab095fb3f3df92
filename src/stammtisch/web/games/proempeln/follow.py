"""Prömpeln for the follow link (docs/access.md LK-3): each player's total after the rounds played, the
player on turn marked, the round in the caption."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def scoreboard(snap: Mapping[str, Any], lang: str) -> dict[str, Any]:
    view: Mapping[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    current = view.get("current_seat")
    round_number = view.get("round", 1)
    lines = []
    for player in view.get("players") or []:
        seat = player.get("seat")
        lines.append(
            {
                "name": players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?",
                "score": player.get("total", 0),
                "current": seat == current and view.get("winner") is None,
            }
        )
    caption = f"Runde {round_number} von 7" if lang == "de" else f"Round {round_number} of 7"
    return {"caption": caption if view.get("winner") is None else "", "lines": lines}
