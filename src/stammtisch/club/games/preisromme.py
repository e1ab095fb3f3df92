"""Preisrommé as the pass-and-table tournament's game (R-1, R-2, RA-02, RA-23, RA-24, RA-28).

Tables of four, of three or five only where needed (``club.tournament.tables``), two passes of eight
games, the deal passing on in seat order, the two scorings of RA-23, and the score sheet being a
Preisrommé score-sheet match whose public view lists every booked game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.club.tournament import tables
from stammtisch.club.tournament.options import SCORINGS
from stammtisch.club.tournament.port import Clauses
from stammtisch.club.tournament.standings import SheetGame
from stammtisch.core.text import Text


class Preisromme:
    """The port ``club.tournament.port.TournamentGame`` for Preisrommé."""

    slug = "preisromme"
    title = Text("Preisrommé", "Preisrommé")
    passes = tables.PASSES
    games_per_pass = tables.GAMES_PER_PASS
    min_players = tables.MIN_PLAYERS
    max_players = tables.MAX_PLAYERS
    scorings: tuple[str, ...] = SCORINGS
    clauses = Clauses(player_count="R-1.1", player_limit="PT-1", passes="R-1.2", draw="R-1.3", scoring="RA-23")
    lottery_key = "preisromme"

    def check_player_count(self, players: int) -> None:
        tables.check_player_count(players)

    def table_sizes(self, players: int) -> tuple[int, ...]:
        return tables.table_sizes(players)

    def dealer_seat(self, game_no: int, table_size: int) -> int:
        return tables.dealer_seat(game_no, table_size)

    def sheet_options(self, games: int, scoring: str) -> dict[str, object]:
        """R-2.1, RA-28: the sheet books ``games`` games in the tournament's scoring (RA-23)."""
        return {"games_per_pass": games, "scoring": scoring}

    def sheet_game(self, entry: Mapping[str, Any]) -> SheetGame:
        """R-2.1: who went out, whether with a Rommé-Hand, each seat's booked penalty points (and
        credits under RA-23 ``winner_collects``)."""
        return SheetGame(
            entry["winner"],
            bool(entry["romme_hand"]),
            tuple(int(p) for p in entry["penalties"]),
            tuple(int(c) for c in entry.get("credits", ())),
        )


GAME = Preisromme()
