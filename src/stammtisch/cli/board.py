"""What every game's terminal table shares: seat names, and the plain drawing of a view for a game
without its own (``cli/games/<slug>`` brings its ``draw``; see ``cli/plugin.py``), so ``play`` works
for a new game from its first day. Only views are drawn, never raw state."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as Plain

from stammtisch.core.text import Text

#: Names for the seats of a hot-seat game nobody named (people at a table are called by name, not by
#: seat number): humans first, bots from their own list.
HUMAN_NAMES = ("Anna", "Ben", "Carla", "Dirk", "Emma", "Frank", "Greta", "Hans", "Ines", "Jonas")
BOT_NAMES = ("Kurt", "Helga", "Jupp", "Erna", "Fritz", "Gerda", "Heinz", "Ilse", "Otto", "Resi")


class NamedSeats(tuple[int, ...]):
    """The human seats of a terminal game, carrying every seat's name: it travels wherever the human
    seats go (each game's ``draw`` and ``news`` get it as ``humans``), so every board says names."""

    names: tuple[str, ...]

    def __new__(cls, humans: Sequence[int], names: Sequence[str]) -> NamedSeats:
        seats = super().__new__(cls, humans)
        seats.names = tuple(names)
        return seats


def table_names(players: int, humans: int, given: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name: the names given (humans first, then bots), the rest from ``HUMAN_NAMES`` and
    ``BOT_NAMES``, never one that is already taken (any case)."""
    names = list(given[:players])
    taken = {name.casefold() for name in names}
    for seat in range(len(names), players):
        pool = HUMAN_NAMES if seat < humans else BOT_NAMES
        name = next((n for n in pool if n.casefold() not in taken), f"{pool[0]} {seat + 1}")
        names.append(name)
        taken.add(name.casefold())
    return tuple(names)


def seat_name(seat: int, humans: Sequence[int], lang: str) -> str:
    """The seat's name (``NamedSeats``), marked as a bot where one plays; "Platz 3" / "Seat 3" for
    a board drawn without names."""
    names = getattr(humans, "names", ())
    shown = names[seat] if seat < len(names) else f"{Text('Platz', 'Seat').get(lang)} {seat + 1}"
    return shown + ("" if seat in humans else " (Bot)")


def plain_draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The view key by key, values as JSON."""
    table = Table(show_header=False, box=None)
    for key, value in view.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        table.add_row(Plain(str(key)), Plain(shown))
    return Panel(table)
