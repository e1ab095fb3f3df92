"""Das Regeln Wir Schon! statistics per seat of one finished game: games, wins, average score
(RG-6.1: most points wins; a shared first place is a win for each)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.club.stats.placings import PlacingFigures, placings
from stammtisch.club.stats.port import StatsGame
from stammtisch.core.protocol import Finished, Game
from stammtisch.core.replay import Step
from stammtisch.core.text import Text

SLUG = "regeln"


def summarize(game: Game[Any], initial: Any, steps: Sequence[Step], final: Any) -> tuple[PlacingFigures, ...] | None:
    turn = game.turn(final)
    if not isinstance(turn, Finished):
        return None
    return tuple(PlacingFigures(p.games, p.wins, p.place, p.score) for p in placings(turn.result))


STATS = StatsGame(SLUG, Text("Das Regeln Wir Schon!", "Das Regeln Wir Schon!"), PlacingFigures, summarize)
