"""Preisrommé as the pass-and-table tournament's game (R-1, R-2, RA-02, RA-23, RA-24, RA-28).

Tables of four, of three or five only where needed (``club.tournament.tables``), two passes of eight
games, the deal passing on in seat order, the two scorings of RA-23, and the score sheet being a
Preisrommé score-sheet match whose public view lists every booked game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.club.tournament import tables
from stammtisch.club.tournament.errors import TournamentRefused
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

    def table_sizes(self, players: int, venue_tables: int | None = None) -> tuple[int, ...]:
        return tables.table_sizes(players, venue_tables)

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

    def absent_sheet_steps(
        self, table_size: int, absent_seat: int, out_seat: int | None, romme_hand: bool, counts: Mapping[int, int]
    ) -> tuple[str, ...]:
        """PT-10: one game of a player who had to leave during the pass, as the score-sheet steps
        (seats 0-based here, 1-based in the notation). The table plays on without her; at her seat the
        sheet books the **highest hand count of the other losers of that game** (``counts``: every
        other loser's count), so leaving never scores better than staying and losing; she cannot
        have gone out. The engine then books it like any count (doubled after a Rommé-Hand, R-13.2)."""
        if not 0 <= absent_seat < table_size:
            raise TournamentRefused(
                "PT-10", Text(f"Platz {absent_seat + 1} gibt es nicht.", f"There is no seat {absent_seat + 1}.")
            )
        if out_seat == absent_seat:
            raise TournamentRefused(
                "PT-10",
                Text(
                    "Wer den Tisch verlassen hat, kann nicht ausgemacht haben.",
                    "A player who has left the table cannot have gone out.",
                ),
            )
        losers = [seat for seat in range(table_size) if seat not in (out_seat, absent_seat)]
        if sorted(counts) != losers:
            listed = ", ".join(str(seat + 1) for seat in losers)
            raise TournamentRefused(
                "PT-10",
                Text(
                    f"Für diese Plätze fehlen oder stimmen die Kartenwerte nicht: {listed} (je einer, ohne die "
                    "Gewinnerin und ohne die Abwesende).",
                    f"The hand counts are needed for exactly these seats: {listed} (one each, neither the winner "
                    "nor the absent player).",
                ),
            )
        filled = {**counts, absent_seat: max(counts.values())}
        steps = [f"out {out_seat + 1}" if out_seat is not None else "out none"]
        if out_seat is not None:
            steps.append("romme yes" if romme_hand else "romme no")
        steps += [f"points {seat + 1} {filled[seat]}" for seat in sorted(filled)]
        return tuple(steps)


GAME = Preisromme()
