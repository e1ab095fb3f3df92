"""The tournament's score sheets as score-sheet matches of the match service.

``club`` and ``matches`` are sibling layers that do not import each other; this adapter, in the
lowest layer that sees both, implements ``club.tournament.SheetKeeper`` with a ``MatchService``.
Which game the sheets are matches of, with which options, and how a booked game reads, the
tournament game says (``club.tournament.port.TournamentGame``, registered in ``club.games``).
"""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.club.tournament.port import TournamentGame, default_game
from stammtisch.club.tournament.repository import InMemoryTournaments
from stammtisch.club.tournament.service import TournamentService
from stammtisch.club.tournament.standings import SheetGame
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_repository import SqlTournamentRepository

#: The slug of the default tournament game's score-sheet matches (the web links sheets by it).
GAME = default_game().slug


class MatchSheets:
    def __init__(self, service: MatchService, game: TournamentGame | None = None) -> None:
        self.service = service
        self.game = default_game() if game is None else game

    def open_sheet(self, title: str, names: Sequence[str], games: int, scoring: str = "penalty_points") -> str:
        """R-2.1, RA-28: a score-sheet match, seat 1 (the Schreiber) first; the engine rotates the deal
        and books each game in the tournament's scoring (RA-23)."""
        snapshot = self.service.create(
            self.game.slug,
            list(names),
            options=self.game.sheet_options(games, scoring),
            mode="scoresheet",
            title=title[:200],
        )
        return snapshot.match_id

    def read_sheet(self, match_id: str) -> tuple[SheetGame, ...]:
        view = self.service.snapshot(match_id, None).view
        return tuple(self.game.sheet_game(entry) for entry in view["history"])

    def sheet_scoring(self, match_id: str) -> str:
        return str(self.service.snapshot(match_id, None).options.get("scoring", self.game.scorings[0]))

    def sheet_entries(self, match_id: str) -> int:
        """PT-9: the sheet's entries (its last sequence number; undo steps count: they are entries)."""
        return int(self.service.snapshot(match_id, None).seq)


def tournament_service(matches: MatchService, game: TournamentGame | None = None) -> TournamentService:
    """Tournaments on the same database as ``matches`` (in memory when its repository is in memory),
    played in ``game`` (``None``: the default tournament game)."""
    engine = getattr(matches.repository, "engine", None)
    sheets = MatchSheets(matches, game)
    if engine is not None:
        return TournamentService(SqlTournamentRepository(engine), sheets, game=sheets.game)
    return TournamentService(InMemoryTournaments(), sheets, game=sheets.game)
