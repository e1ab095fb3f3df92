"""The end of a Prömpeln game in its own terms: who is king (by the King move, after seven rounds or by
the Stechen) and each player's total, best first; the round-by-round sheet follows on the board. No chart:
the totals are already in the sheet beside their rounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.web.kit import translator


def finale(snap: Mapping[str, Any], lang: str) -> dict[str, Any] | None:
    """The king, and the totals."""
    _ = translator(lang)
    view = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    winner = view.get("winner")
    if not isinstance(winner, int) or not 0 <= winner < len(players):
        return None
    king = players[winner]
    if view.get("end_reason") == "king":
        headline = _("%(name)s is king by the King move (seven 3s)", name=king)
    else:
        headline = _("%(name)s wins and is king", name=king)
    entries = [p for p in view.get("players") or [] if 0 <= int(p.get("seat", -1)) < len(players)]
    entries.sort(key=lambda p: (p["seat"] != winner, -int(p.get("total", 0))))
    rows = [
        {
            "cells": [players[p["seat"]], len(p.get("round_scores") or []), p.get("total", 0)],
            "best": p["seat"] == winner,
        }
        for p in entries
    ]
    return {
        "headline": headline,
        "lines": [],
        "table": {"caption": "", "head": [_("Player"), _("Rounds"), _("Points")], "rows": rows},
        "chart": None,
    }
