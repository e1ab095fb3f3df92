"""Placings from a finished game's ``Result`` (core protocol): games, wins, place and score per seat.

Every game that ends with a ``Finished(Result)`` has these; the games add their own figures on top
(``club/games/<slug>_stats.py``). A seat's **place** is 1 + the number of seats ranked
strictly ahead of it (two tied winners both place 1st and both count a win)."""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.club.stats.figures import Summable, ratio
from stammtisch.core.protocol import Result


@dataclass(frozen=True, slots=True)
class Placing:
    games: int
    wins: int
    place: int
    score: int


def placings(result: Result) -> tuple[Placing, ...]:
    """Per seat: one game, a win for the first group, the place, the score."""
    place_of: dict[int, int] = {}
    ahead = 0
    for group in result.ranking:
        for seat in group:
            place_of[seat] = ahead + 1
        ahead += len(group)
    return tuple(
        Placing(1, int(place_of.get(seat) == 1), place_of.get(seat, ahead + 1), score)
        for seat, score in enumerate(result.scores)
    )


@dataclass(frozen=True, slots=True)
class PlacingFigures(Summable):
    """Games, wins, the sum of places and of scores (averages are properties)."""

    games: int = 0
    wins: int = 0
    places: int = 0
    score: int = 0

    @property
    def average_place(self) -> float | None:
        return ratio(self.places, self.games)

    @property
    def average_score(self) -> float | None:
        return ratio(self.score, self.games)
