"""The tournament's score sheets as Preisrommé score-sheet matches of the match service.

``club`` and ``matches`` are sibling layers that do not import each other; this adapter, in the
lowest layer that sees both, implements ``club.tournament.SheetKeeper`` with a ``MatchService``.
"""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.club.tournament.repository import InMemoryTournaments
from stammtisch.club.tournament.service import TournamentService
from stammtisch.club.tournament.standings import SheetGame
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_repository import SqlTournamentRepository

GAME = "preisromme"


class MatchSheets:
    def __init__(self, service: MatchService) -> None:
        self.service = service

    def open_sheet(self, title: str, names: Sequence[str], games: int, scoring: str = "penalty_points") -> str:
        """R-2.1, RA-28: a score-sheet match, seat 1 (the Schreiber) first; the engine rotates the deal
        and books each game in the tournament's scoring (RA-23)."""
        snapshot = self.service.create(
            GAME,
            list(names),
            options={"games_per_pass": games, "scoring": scoring},
            mode="scoresheet",
            title=title[:200],
        )
        return snapshot.match_id

    def read_sheet(self, match_id: str) -> tuple[SheetGame, ...]:
        view = self.service.snapshot(match_id, None).view
        return tuple(
            SheetGame(
                game["winner"],
                bool(game["romme_hand"]),
                tuple(int(p) for p in game["penalties"]),
                tuple(int(c) for c in game.get("credits", ())),
            )
            for game in view["history"]
        )

    def sheet_scoring(self, match_id: str) -> str:
        return str(self.service.snapshot(match_id, None).options.get("scoring", "penalty_points"))

    def sheet_entries(self, match_id: str) -> int:
        """PT-9: the sheet's entries (its last sequence number; undo steps count: they are entries)."""
        return int(self.service.snapshot(match_id, None).seq)


def tournament_service(matches: MatchService) -> TournamentService:
    """Tournaments on the same database as ``matches`` (in memory when its repository is in memory)."""
    engine = getattr(matches.repository, "engine", None)
    sheets = MatchSheets(matches)
    if engine is not None:
        return TournamentService(SqlTournamentRepository(engine), sheets)
    # In memory (tests, simulations): deleting a tournament (PT-9) drops its sheets from the match repository.
    drop = getattr(matches.repository, "delete_matches", None)
    return TournamentService(InMemoryTournaments(sheets.sheet_entries, drop), sheets)
