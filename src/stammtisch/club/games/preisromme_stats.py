"""Preisrommé statistics per seat of one finished table (R-…, RA-23): placings at the table, the
games (hands) played and the net points (credits minus penalty points, higher is better) per game,
how many hands the member won (went out). Tournaments entered are counted from the tournament
lists by the store (``store.stats``), not from the matches."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.club.stats.figures import Summable, ratio
from stammtisch.club.stats.placings import placings
from stammtisch.club.stats.port import StatsGame
from stammtisch.core.protocol import Finished, Game
from stammtisch.core.replay import Step
from stammtisch.core.text import Text

SLUG = "preisromme"


@dataclass(frozen=True, slots=True)
class Figures(Summable):
    tables: int = 0  # matches (tables) played to the end
    firsts: int = 0  # tables placed first (ties share)
    places: int = 0
    games: int = 0  # hands dealt at those tables
    hands_won: int = 0
    points: int = 0  # net: credits minus penalty points
    penalties: int = 0

    @property
    def average_place(self) -> float | None:
        return ratio(self.places, self.tables)

    @property
    def points_per_game(self) -> float | None:
        return ratio(self.points, self.games)

    @property
    def penalties_per_game(self) -> float | None:
        return ratio(self.penalties, self.games)


def summarize(game: Game[Any], initial: Any, steps: Sequence[Step], final: Any) -> tuple[Figures, ...] | None:
    turn = game.turn(final)
    if not isinstance(turn, Finished):
        return None
    result = turn.result
    hands = list(result.details.get("games", ()))
    penalties = list(result.details.get("penalties", [0] * len(result.scores)))
    return tuple(
        Figures(
            tables=1,
            firsts=p.wins,
            places=p.place,
            games=len(hands),
            hands_won=sum(1 for hand in hands if hand.get("winner") == seat),
            points=p.score,
            penalties=int(penalties[seat]),
        )
        for seat, p in enumerate(placings(result))
    )


STATS = StatsGame(SLUG, Text("Preisrommé", "Preisrommé"), Figures, summarize)
