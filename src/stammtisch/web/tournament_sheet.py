"""What the score-sheet page shows of a Preisrommé score-sheet match (R-2.1, RA-28): the seats, the
dealer of each game (RA-02), every booked game and the running totals. Rendered from a snapshot."""

from __future__ import annotations

from typing import Any


def present_sheet(snapshot: dict[str, Any]) -> dict[str, Any]:
    """Rows of the sheet and the state of the entry form, from ``MatchSnapshot.to_json()``."""
    view = snapshot["view"]
    players = list(snapshot["players"])
    seats = len(players)
    totals = [0] * seats
    rows = []
    for number, game in enumerate(view["history"], start=1):
        totals = [t + p for t, p in zip(totals, game["penalties"], strict=True)]
        rows.append(
            {
                "number": number,
                "dealer": players[game["dealer"]],
                "winner": None if game["winner"] is None else players[game["winner"]],
                "romme_hand": game["romme_hand"],
                "hand_points": game["hand_points"],
                "penalties": game["penalties"],
                "totals": list(totals),
            }
        )
    finished = snapshot["turn"].get("kind") == "finished"
    return {
        "match_id": snapshot["match_id"],
        "title": snapshot["title"],
        "seq": snapshot["seq"],
        "players": players,
        "rows": rows,
        "totals": list(view["penalties"]),
        "games": view["games"],
        "game_no": min(view["game_no"], view["games"]),
        "dealer": None if finished else players[view["dealer"]],
        "finished": finished,
        "partial": list(view["sheet"]),
        "sheet_mode": snapshot["mode"] == "scoresheet",
    }
