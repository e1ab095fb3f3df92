"""The pass-and-table tournament (R-1, R-2, RA-24, RA-27, RA-28): registration, the seat and table lottery
before each pass, one score sheet per table and pass, totals across tables and the prize ranking.

Pure logic (``tables``, ``draw``, ``changes``, ``standings``) is apart from the use cases (``service``) and their
storage port (``repository``). The format binds to its game through ``port.TournamentGame`` (passes, table
sizes, dealing, the sheet's options and entries, the clauses of its refusals); the games are registered in
``club.games`` (Preisrommé today), so other formats and games can sit beside it. Readings beyond the
rulings: the PT-… readings in docs/rulings/.
"""

from stammtisch.club.tournament.changes import PlayerChange
from stammtisch.club.tournament.draw import Draw, draw_pass, verify_draw
from stammtisch.club.tournament.errors import (
    DeleteRefused,
    PassRunning,
    PlayerCountRefused,
    TournamentArchived,
    TournamentNotFound,
    TournamentRefused,
)
from stammtisch.club.tournament.model import Registration, StoredDraw, TournamentRecord
from stammtisch.club.tournament.repository import InMemoryTournaments, TournamentRepository
from stammtisch.club.tournament.service import DeletionPreview, Overview, SheetKeeper, TournamentService
from stammtisch.club.tournament.standings import SheetGame, Standings, TableSheet, Unranked, rank
from stammtisch.club.tournament.tables import dealer_seat, table_sizes

__all__ = [
    "DeleteRefused",
    "DeletionPreview",
    "Draw",
    "InMemoryTournaments",
    "Overview",
    "PassRunning",
    "PlayerChange",
    "PlayerCountRefused",
    "Registration",
    "SheetGame",
    "SheetKeeper",
    "Standings",
    "StoredDraw",
    "TableSheet",
    "TournamentArchived",
    "TournamentNotFound",
    "TournamentRecord",
    "TournamentRefused",
    "TournamentRepository",
    "TournamentService",
    "Unranked",
    "dealer_seat",
    "draw_pass",
    "rank",
    "table_sizes",
    "verify_draw",
]
