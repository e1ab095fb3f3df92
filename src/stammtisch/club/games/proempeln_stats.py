"""Prömpeln statistics per seat of one finished game (PR-…): games, crowned king (won), won by the
King move (seven 3s, PR-2.8), points, and the special moves played and botched (PR-R10).

The skill model's figures (landings, the learned distribution) stay on the Prömpeln statistics
page (``/proempeln/stats``), which reads them from every stored game; the member page links there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.club.stats.figures import Summable, ratio
from stammtisch.club.stats.port import StatsGame
from stammtisch.core.protocol import Finished, Game
from stammtisch.core.replay import Step
from stammtisch.core.text import Text

SLUG = "proempeln"
NO_MOVE = "none"
BOTCHED = "?"


@dataclass(frozen=True, slots=True)
class Figures(Summable):
    BEST = frozenset({"best_total"})

    games: int = 0
    wins: int = 0  # crowned king
    kings: int = 0  # won by the King move
    points: int = 0
    best_total: int = 0
    specials: int = 0  # special moves played
    botched: int = 0  # special moves botched (PR-R10)

    @property
    def points_per_game(self) -> float | None:
        return ratio(self.points, self.games)


def summarize(game: Game[Any], initial: Any, steps: Sequence[Step], final: Any) -> tuple[Figures, ...] | None:
    turn = game.turn(final)
    if not isinstance(turn, Finished):
        return None
    details = turn.result.details
    winner = details.get("winner")
    king = details.get("end_reason") == "king"
    moves: Sequence[Sequence[str]] = final.moves
    return tuple(
        Figures(
            games=1,
            wins=int(seat == winner),
            kings=int(seat == winner and king),
            points=total,
            best_total=total,
            specials=sum(1 for m in moves[seat] if m != NO_MOVE and not m.endswith(BOTCHED)),
            botched=sum(1 for m in moves[seat] if m.endswith(BOTCHED)),
        )
        for seat, total in enumerate(turn.result.scores)
    )


STATS = StatsGame(SLUG, Text("Prömpeln", "Prömpeln"), Figures, summarize)
