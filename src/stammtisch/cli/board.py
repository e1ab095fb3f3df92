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


def seat_name(seat: int, humans: Sequence[int], lang: str) -> str:
    """ "Platz 3" / "Seat 3", marked as a bot where one plays."""
    word = Text("Platz", "Seat").get(lang)
    return f"{word} {seat + 1}" + ("" if seat in humans else " (Bot)")


def plain_draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The view key by key, values as JSON."""
    table = Table(show_header=False, box=None)
    for key, value in view.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        table.add_row(Plain(str(key)), Plain(shown))
    return Panel(table)
