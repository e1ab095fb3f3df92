"""What a tournament format needs from its game: the port through which the pass-and-table
tournament (``club.tournament``) binds to a game, so other formats and games can sit beside it.

The format owns registration, the lottery, player changes, totals and the ranking. The game says:
how many passes of how many games, which table sizes seat a number of players (and refuses a count
no plan fits), who deals which game, which scorings its sheets know, what options open a
score-sheet match of it, how one booked game on the sheet reads and scores (``SheetGame``), and the
clauses its refusals cite. Implementations live in ``club/games/<slug>.py`` and are registered in
``club/games/__init__.py``; ``default_game`` is the first registered one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from stammtisch.club.tournament.standings import SheetGame
from stammtisch.core.text import Text


@dataclass(frozen=True, slots=True)
class Clauses:
    """The clauses of the game's rulings that the format's refusals cite."""

    #: Too few players for any table plan.
    player_count: str
    #: More players than one tournament seats.
    player_limit: str
    #: A pass number that does not exist; a pass drawn while the previous one runs.
    passes: str
    #: Draws out of order or twice.
    draw: str
    #: An unknown scoring; sheets played with different scorings.
    scoring: str


class TournamentGame(Protocol):
    """A game as the pass-and-table tournament sees it."""

    #: The registry slug of the game whose score-sheet matches keep the tables' sheets.
    slug: str
    title: Text
    passes: int
    games_per_pass: int
    min_players: int
    max_players: int
    #: The scorings a sheet may be played with, the default first.
    scorings: tuple[str, ...]
    clauses: Clauses
    #: The prefix of the lottery keys (draws and lots). Recorded draws are audited by re-deriving them
    #: from their seed under this key, so it never changes once tournaments exist.
    lottery_key: str

    def check_player_count(self, players: int) -> None:
        """Refuse (``PlayerCountRefused``) a number of players no table plan fits."""
        ...

    def table_sizes(self, players: int, tables: int | None = None) -> tuple[int, ...]:
        """The table sizes of a pass for ``players``, in the order the draw fills them, at no more
        than the venue's ``tables`` (None: as many as needed; too many players: ``PlayerCountRefused``)."""
        ...

    def dealer_seat(self, game_no: int, table_size: int) -> int:
        """The 1-based seat that deals game ``game_no`` (1-based) at a table of ``table_size``."""
        ...

    def sheet_options(self, games: int, scoring: str) -> dict[str, object]:
        """The options a score-sheet match of this game opens with for one table's pass."""
        ...

    def sheet_game(self, entry: Mapping[str, Any]) -> SheetGame:
        """One booked game, read from an entry of the sheet's public view (its ``history``)."""
        ...


def default_game() -> TournamentGame:
    """The game of the pass-and-table format when none is named: the first registered one."""
    from stammtisch.club.games import tournament_game  # the registry imports this module

    return tournament_game()
