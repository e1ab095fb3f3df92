"""Bier-Pong for the follow link (docs/access.md LK-3): each team's players and the cups it still has
standing (the first to lose all its cups loses)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def scoreboard(snap: Mapping[str, Any], lang: str) -> dict[str, Any]:
    view: Mapping[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    lines = []
    for team in view.get("teams") or []:
        names = ", ".join(players[seat] for seat in team.get("seats") or [] if 0 <= seat < len(players))
        live = int(team.get("live", 0))
        cups = f"{live} Becher" if lang == "de" else f"{live} cup" + ("" if live == 1 else "s")
        lines.append({"name": f"Team {team.get('name', '?')}: {names}", "score": cups})
    return {"caption": "Becher, die noch stehen" if lang == "de" else "Cups still standing", "lines": lines}
