"""Attendance fines on dice day (C-1, KA-30): per member per day, at most one fine.

| situation | fine |
|---|---|
| at the table for the whole window (default 20:00–22:00) | 0 |
| present and playing, but arrived late or left early | ``late_fine_cents`` (300), once a day |
| absent, or present but not playing | ``absent_fine_cents`` (800), never both |
| credible illness or a sick note | 0 |
| an external player (C-5.1) | 0 |

Amounts are euros, not units: no external shares (KA-30)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.model import Reason
from stammtisch.core.text import Text


@dataclass(frozen=True, slots=True)
class Attendance:
    """What the scribe marked for one member on one dice day. ``arrived``/``left`` are None when she
    was there from before the window opened / until after it closed."""

    member_id: int
    present: bool
    playing: bool = True
    arrived: time | None = None
    left: time | None = None
    excused: bool = False  # credible illness or a sick note (C-1.4)
    external: bool = False  # externals pay no fines (C-5.1, KA-30)


def parse_window(text: str) -> tuple[time, time]:
    """``"20:00-22:00"`` -> (20:00, 22:00). Refused bilingually when it is not a window."""
    try:
        start_text, end_text = text.split("-")
        start, end = time.fromisoformat(start_text.strip()), time.fromisoformat(end_text.strip())
    except ValueError:
        start = end = time(0)
    if not start < end:
        raise BookingRefused(
            "KA-30",
            Text(
                f"Anwesenheitszeit {text!r} geht nicht: erwartet wird Beginn-Ende am selben Tag, z. B. 20:00-22:00.",
                f"Attendance window {text!r} is not allowed: give start-end on the same day, e.g. 20:00-22:00.",
            ),
        )
    return start, end


def fine(
    marked: Attendance, window: tuple[time, time], late_fine_cents: int = 300, absent_fine_cents: int = 800
) -> tuple[Reason, int] | None:
    """The fine for one member on one day (KA-30), or None."""
    if marked.external or marked.excused:
        return None
    if not marked.present or not marked.playing:
        return (Reason.ABSENT, absent_fine_cents) if absent_fine_cents else None
    start, end = window
    late = marked.arrived is not None and marked.arrived > start
    early = marked.left is not None and marked.left < end
    if (late or early) and late_fine_cents:
        return Reason.LATE, late_fine_cents
    return None
