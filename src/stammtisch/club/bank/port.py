"""What the bank needs from the game whose evenings it books (KA-33): whether an evening has ended,
its bookings (from the game's own settlement, to the cent) and the season figures per member. The
game's side lives with the game (``club/games/<slug>.py``); the registry ``club.games`` names it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from stammtisch.club.bank.model import Booking


@dataclass(frozen=True, slots=True)
class BankGame:
    slug: str
    #: Whether a match state is an ended evening (only ended evenings are booked).
    ended: Callable[[Any], bool]
    #: ``(state, seats: seat -> member, evening id, day, booked_at)`` -> the evening's bookings.
    evening_bookings: Callable[[Any, Mapping[int, int], str, date, datetime], tuple[Booking, ...]]
    #: Adds one ended evening's figures to ``figures`` (member -> the game's figures).
    add_evening: Callable[[dict[int, Any], Any, Mapping[int, int]], None]
