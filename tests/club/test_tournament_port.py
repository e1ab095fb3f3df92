"""The pass-and-table tournament binds to its game through a small port (club/tournament/port.py),
found in the registry club.games; another game (here a toy: tables of two, one pass of two games)
sits beside Preisrommé without a change to the format."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from stammtisch.club.games import TOURNAMENT_GAMES, tournament_game
from stammtisch.club.tournament import InMemoryTournaments, PlayerCountRefused, SheetGame, TournamentService
from stammtisch.club.tournament.draw import rng_key
from stammtisch.club.tournament.port import Clauses, TournamentGame, default_game
from stammtisch.core.text import Text


class Duel:
    """A toy tournament game: tables of two, one pass of two games; the winner of a game books 0, the
    loser 1."""

    slug = "duel"
    title = Text("Duell", "Duel")
    passes = 1
    games_per_pass = 2
    min_players = 2
    max_players = 20
    scorings: tuple[str, ...] = ("penalty_points",)
    clauses = Clauses(player_count="D-1", player_limit="D-1", passes="D-2", draw="D-2", scoring="D-3")
    lottery_key = "duel"

    def check_player_count(self, players: int) -> None:
        if players < 2 or players % 2:
            raise PlayerCountRefused("D-1", Text("gerade Anzahl", "an even number of players"))

    def table_sizes(self, players: int, tables: int | None = None) -> tuple[int, ...]:
        self.check_player_count(players)
        if tables is not None and players // 2 > tables:
            raise PlayerCountRefused("D-1", Text("zu wenige Tische", "too few tables"))
        return (2,) * (players // 2)

    def dealer_seat(self, game_no: int, table_size: int) -> int:
        return 1

    def sheet_options(self, games: int, scoring: str) -> dict[str, object]:
        return {"games": games}

    def sheet_game(self, entry: Mapping[str, Any]) -> SheetGame:
        winner = int(entry["winner"])
        return SheetGame(winner, False, tuple(0 if seat == winner else 1 for seat in range(2)))


class DuelSheets:
    """Score sheets kept in memory: each table's games are entered as ``{"winner": seat}``."""

    def __init__(self) -> None:
        self.sheets: dict[str, list[dict[str, int]]] = {}

    def open_sheet(self, title: str, names: Sequence[str], games: int, scoring: str = "penalty_points") -> str:
        match_id = f"sheet-{len(self.sheets) + 1}"
        self.sheets[match_id] = []
        return match_id

    def read_sheet(self, match_id: str) -> tuple[SheetGame, ...]:
        return tuple(Duel().sheet_game(entry) for entry in self.sheets[match_id])

    def sheet_scoring(self, match_id: str) -> str:
        return "penalty_points"

    def sheet_entries(self, match_id: str) -> int:
        return len(self.sheets[match_id])


def test_preisromme_is_the_registered_default_game() -> None:
    """R-1.2, R-1.1: two passes of eight games at tables of four (three or five where needed)."""
    game = default_game()
    assert game is tournament_game() is next(iter(TOURNAMENT_GAMES.values()))
    assert (game.passes, game.games_per_pass) == (2, 8)
    assert game.table_sizes(10) == (4, 3, 3)
    assert game.clauses.player_count == "R-1.1"
    with pytest.raises(KeyError, match="known"):
        tournament_game("no-such-game")


def test_another_game_runs_the_same_format() -> None:
    """The format takes passes, tables, the lottery key and the refusals' clauses from the port."""
    duel: TournamentGame = Duel()
    sheets = DuelSheets()
    service = TournamentService(InMemoryTournaments(), sheets, seeds=lambda: "s", game=duel)
    record = service.create("Duell-Abend")
    service.register_many(record.tournament_id, ["A", "B", "C", "D"])
    stored = service.draw(record.tournament_id, 1)
    assert [len(t) for t in stored.draw.tables] == [2, 2]
    assert rng_key("s", 1, duel) == "duel-draw:s:1"
    for match_id in stored.match_ids:
        sheets.sheets[match_id] += [{"winner": 0}, {"winner": 0}]
    overview = service.overview(record.tournament_id)
    assert overview.next_pass is None and overview.standings.complete
    assert [p.result.total for p in overview.standings.placings] == [0, 0, 2, 2]
    with pytest.raises(PlayerCountRefused) as refused:
        other = service.create("Zu dritt")
        service.register_many(other.tournament_id, ["A", "B", "C"])
        service.draw(other.tournament_id, 1)
    assert refused.value.clause == "D-1"
