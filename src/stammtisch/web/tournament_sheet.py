"""What the score-sheet page shows of a Preisrommé score-sheet match (R-2.1, RA-28): the seats, the
dealer of each game (RA-02), every booked game and the running totals. Rendered from a snapshot.

Under RA-23 ``scoring = winner_collects`` the winner's credit is shown in her cell and the running
totals are net scores (credits minus penalty points, higher is better); otherwise they are penalty
points (lower is better)."""

from __future__ import annotations

from typing import Any


def present_sheet(snapshot: dict[str, Any]) -> dict[str, Any]:
    """Rows of the sheet and the state of the entry form, from ``MatchSnapshot.to_json()``."""
    view = snapshot["view"]
    players = list(snapshot["players"])
    seats = len(players)
    collects = snapshot.get("options", {}).get("scoring") == "winner_collects"
    totals = [0] * seats
    rows = []
    for number, game in enumerate(view["history"], start=1):
        credits = list(game.get("credits") or [0] * seats)
        scores = [c - p if collects else p for c, p in zip(credits, game["penalties"], strict=True)]
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        rows.append(
            {
                "number": number,
                "dealer": players[game["dealer"]],
                "winner": None if game["winner"] is None else players[game["winner"]],
                "romme_hand": game["romme_hand"],
                "hand_points": game["hand_points"],
                "penalties": game["penalties"],
                "credits": credits,
                "totals": list(totals),
            }
        )
    finished = snapshot["turn"].get("kind") == "finished"
    partial = list(view["sheet"])
    return {
        "match_id": snapshot["match_id"],
        "title": snapshot["title"],
        "seq": snapshot["seq"],
        "players": players,
        "rows": rows,
        "totals": list(totals),
        "winner_collects": collects,
        "games": view["games"],
        "game_no": min(view["game_no"], view["games"]),
        "dealer": None if finished else players[view["dealer"]],
        "finished": finished,
        # M-10: taken back after its last game: every corrected entry carries the written reason.
        "correcting": bool(snapshot.get("closed")) and not finished,
        "partial": partial,
        "half": half_entered(partial, seats),
        "sheet_mode": snapshot["mode"] == "scoresheet",
    }


def half_entered(partial: list[int], seats: int) -> dict[str, Any] | None:
    """A game begun on the sheet but not finished (entered step by step, e.g. through the API): who
    went out (``winner``: 0-based seat, -1 nobody), Rommé-Hand if entered yet (``romme``: None while
    due), the points entered so far by seat (``points``) and the seats still due (``due``), in the
    engine's order (the losers in seat order). None when no game is half entered."""
    if not partial:
        return None
    winner = partial[0]
    romme = bool(partial[1]) if len(partial) >= 2 else None
    losers = [seat for seat in range(seats) if seat != winner]
    entered = partial[2:]
    return {
        "winner": winner,
        "romme": romme,
        "points": {seat: value for seat, value in zip(losers, entered, strict=False)},
        "due": losers[len(entered) :],
    }
