"""Klümpchen for the follow link (docs/access.md LK-3): each team's names and points in the round being
played (a team races to 150), the team on turn marked; before the teams are drawn, the names alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def scoreboard(snap: Mapping[str, Any], lang: str) -> dict[str, Any]:
    view: Mapping[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    on_turn = (view.get("on_turn") or {}).get("team")
    teams = view.get("teams") or []
    if not teams:
        return {"caption": "", "lines": [{"name": name, "score": "–"} for name in players]}
    rounds = int(view.get("round") or 0)
    caption = (f"Runde {rounds}, bis 150" if lang == "de" else f"Round {rounds}, to 150") if rounds else ""
    lines = []
    for index, team in enumerate(teams):
        names = " & ".join(players[seat] for seat in team.get("members") or [] if 0 <= seat < len(players))
        lines.append(
            {
                "name": names,
                "score": team.get("score", 0),
                "current": team.get("index", index) == on_turn,
            }
        )
    return {"caption": caption, "lines": lines}
