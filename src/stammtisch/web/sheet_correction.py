"""Correcting a game already entered on a Preisrommé score sheet (R-2.1, issue 25.2): the scribe retypes
game N and says why. The log is never rewritten: the submissions from game N on are taken back (undo
events) and game N as corrected is entered again together with every later game as it stood, in one
submission, all or nothing. Every one of those events carries who did it (the signed-in account, through
``matches.audit``) and the written reason; the standings are computed from the sheet, so they follow.

Should the corrected game be refused (a count no hand can hold, RA-23), the games taken back are entered
again unchanged and the refusal is raised: the sheet is as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.text import Text
from stammtisch.matches.service import MatchService

#: The longest reason kept with a correction (the correction field of M-10 takes as much).
MAX_REASON = 500


class CorrectionRefused(Exception):
    """A correction that cannot be made as asked; ``text`` says why in German and English."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.get("en"))
        self.text = text


def game_steps(record: Mapping[str, Any], seats: int) -> list[str]:
    """The sheet's notation of one entered game: who went out, Rommé-Hand, each other seat's count."""
    winner = record.get("winner")
    counts = list(record.get("hand_points") or [])
    steps = ["out none" if winner is None else f"out {winner + 1}"]
    if winner is not None:
        steps.append("romme yes" if record.get("romme_hand") else "romme no")
    steps += [f"points {seat + 1} {counts[seat]}" for seat in range(seats) if seat != winner]
    return steps


def corrected_steps(winner: int | None, romme: bool, counts: Sequence[int | None], seats: int) -> list[str]:
    """The notation of the game as corrected (``winner`` 0-based, ``None``: nobody went out)."""
    record = {"winner": winner, "romme_hand": romme, "hand_points": [c or 0 for c in counts]}
    return game_steps(record, seats)


def correct_game(service: MatchService, sheet_id: str, number: int, seq: int, steps: list[str], reason: str) -> Any:
    """Take back games ``number``.. and enter them again with game ``number`` as ``steps``; the snapshot."""
    reason = reason.strip()
    if not reason:
        raise CorrectionRefused(
            Text("Bitte kurz schreiben, warum korrigiert wird.", "Please write briefly why it is corrected.")
        )
    snapshot = service.snapshot(sheet_id)
    history = list(snapshot.view["history"])
    if list(snapshot.view.get("sheet") or []):
        raise CorrectionRefused(
            Text(
                "Ein Spiel ist gerade halb eingetragen; bitte erst zu Ende eintragen, dann korrigieren.",
                "A game is half entered right now; please finish it first, then correct.",
            )
        )
    if not 1 <= number <= len(history):
        raise CorrectionRefused(Text(f"Spiel {number} ist nicht eingetragen.", f"Game {number} is not entered."))
    seats = len(snapshot.players)
    later = [step for record in history[number:] for step in game_steps(record, seats)]
    taken = [step for record in history[number - 1 :] for step in game_steps(record, seats)]
    current = seq
    while len(snapshot.view["history"]) >= number or list(snapshot.view.get("sheet") or []):
        snapshot = service.undo(sheet_id, current, confirm=True, reason=reason)
        current = snapshot.seq
    try:
        return service.submit(sheet_id, [(0, step) for step in steps + later], current, reason=reason)
    except Exception:
        # Refused: the games taken back go in again as they were, then the refusal is told.
        service.submit(sheet_id, [(0, step) for step in taken], current, reason=reason)
        raise
