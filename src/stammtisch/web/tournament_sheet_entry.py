"""A game typed into the Preisrommé score sheet (R-2.1), checked field by field before anything is sent:
what the scribe typed comes back into the form with each field in the way marked in words, so a missing
count costs one field, not the whole entry. The engine's own checks (RA-23) follow on what passes here.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.text import Text

#: The longest count a field takes (a hand holds at most a few hundred points).
MAX_DIGITS = 5


def _out_seat(out: str, seats: int) -> int | None:
    """The 0-based seat who went out, -1 for nobody, ``None`` when the field holds neither."""
    text = out.strip().lower()
    if text in ("none", "0", "-"):
        return -1
    if text.isdigit() and 1 <= int(text) <= seats:
        return int(text) - 1
    return None


def typed_entry(sheet: dict[str, Any], out: str, points: list[str], romme: str) -> dict[str, Any]:
    """The typed values (``out``, ``romme``, ``points`` by seat) and ``marks``: field → bilingual words
    (``"out"`` or a seat number) for each field that is missing or not a count. Fields already entered
    in a half-entered game (``sheet["half"]``) are the engine's to check."""
    players: list[str] = list(sheet["players"])
    half = sheet.get("half")
    marks: dict[str, Text] = {}
    winner = _out_seat(out, len(players))
    if half is not None and winner != half["winner"]:
        # Another winner than the one entered: the route's answer (already entered, R-2.1) says it.
        return {"form": "game", "out": out.strip(), "romme": False, "points": list(points), "marks": {}}
    if winner is None:
        marks["out"] = Text(
            "Bitte wählen, wer ausgemacht hat (oder niemand).", "Please choose who went out (or nobody)."
        )
    for seat, name in enumerate(players):
        if seat == winner or (half is not None and seat in half["points"]):
            continue
        text = points[seat].strip() if seat < len(points) else ""
        if not text:
            if winner is not None:  # without a winner every row might be hers: ask for her first
                marks[str(seat)] = Text(f"Die Punkte von {name} fehlen.", f"The points of {name} are missing.")
        elif not text.isdigit() or len(text) > MAX_DIGITS:
            marks[str(seat)] = Text(
                f"Die Punkte von {name} sind keine ganze Zahl von 0 bis 99999.",
                f"The points of {name} are not a whole number from 0 to 99999.",
            )
    return {
        "form": "game",
        "out": out.strip(),
        "romme": romme in ("yes", "on", "true", "1"),
        "points": [value[: MAX_DIGITS * 2] for value in points],
        "marks": marks,
    }


def typed_absent(sheet: dict[str, Any], absent: str, out: str, counts: list[str], romme: str) -> dict[str, Any]:
    """The PT-10 form (a game without a player who left) as typed, with ``marks`` like ``typed_entry``: who
    left, who went out, counts that are not numbers. Empty counts are PT-10's to name (the form stays open)."""
    players: list[str] = list(sheet["players"])
    marks: dict[str, Text] = {}
    text = absent.strip()
    if not (text.isdigit() and 1 <= int(text) <= len(players)):
        marks["absent"] = Text("Bitte wählen, wer gegangen ist.", "Please choose who has left.")
    winner = _out_seat(out, len(players))
    if winner is None:
        marks["out"] = Text(
            "Bitte wählen, wer ausgemacht hat (oder niemand).", "Please choose who went out (or nobody)."
        )
    for seat, name in enumerate(players):
        value = counts[seat].strip() if seat < len(counts) else ""
        if seat != winner and value and (not value.isdigit() or len(value) > MAX_DIGITS):
            marks[str(seat)] = Text(
                f"Die Punkte von {name} sind keine ganze Zahl von 0 bis 99999.",
                f"The points of {name} are not a whole number from 0 to 99999.",
            )
    return {
        "form": "absent",
        "absent": text,
        "out": out.strip(),
        "romme": romme in ("yes", "on", "true", "1"),
        "points": [value[: MAX_DIGITS * 2] for value in counts],
        "marks": marks,
    }


def refused_entry(typed: dict[str, Any]) -> Text:
    """The sentence over the form: how many fields need a look (the fields themselves say why)."""
    count = len(typed["marks"])
    if count == 1:
        return Text(
            "Nichts eingetragen: ein Feld braucht noch einen Blick (markiert).",
            "Nothing entered: one field still needs a look (marked).",
        )
    return Text(
        f"Nichts eingetragen: {count} Felder brauchen noch einen Blick (markiert).",
        f"Nothing entered: {count} fields still need a look (marked).",
    )
