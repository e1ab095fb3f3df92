"""What the statistics need from a game: how one stored match reads as figures per seat.

A game's side lives in ``club/games/<slug>_stats.py`` and is registered in ``club.games`` (``stats_games``). The
summary of a match is pure: the engine, the initial state, the steps in force (undone ones left
out) and the final state in, one ``Summable`` per seat out (``None`` for a seat the match did not
count for). A match that has not ended is not counted at all (``summarize`` returns ``None``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.club.stats.figures import Summable
from stammtisch.core.protocol import Game
from stammtisch.core.replay import Step
from stammtisch.core.text import Text

#: ``(engine, initial state, steps in force, final state)`` -> figures per seat, or None (not ended).
Summarizer = Callable[[Game[Any], Any, Sequence[Step], Any], tuple[Summable | None, ...] | None]


@dataclass(frozen=True, slots=True)
class StatsGame:
    slug: str
    name: Text
    #: The figures of a member who has not played (the start of every sum).
    empty: Callable[[], Summable]
    summarize: Summarizer
    #: Whether the figures need the steps (a replay of the log); otherwise the final state suffices.
    needs_steps: bool = False
