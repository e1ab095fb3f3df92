"""How many tables of which size a pass needs (R-1.1, RA-24, PT-1) and who deals which game (R-2.2, RA-02).

R-1.1: "nach Möglichkeit mit vier Spielerinnen an einem Tisch"; RA-24: when the number of players
is not a multiple of four, tables of three or five make up the rest. PT-1 fixes the plan: as many
players as possible sit at tables of four, the rest at tables of three or five:

==========  =============================  ==========
players     tables                         example
==========  =============================  ==========
4k          k × 4                          12: 4 4 4
4k + 3      k × 4, one 3                   11: 4 4 3
4k + 1      (k−1) × 4, one 5               9: 4 5
4k + 2      (k−1) × 4, two 3               10: 4 3 3
==========  =============================  ==========

Fewer than three players cannot form a table (a table of two is neither four nor three nor five).
"""

from __future__ import annotations

from stammtisch.club.tournament.errors import PlayerCountRefused
from stammtisch.core.text import Text

#: The fewest players a tournament can seat: one table of three (RA-24).
MIN_PLAYERS = 3
#: A practical limit for one tournament (PT-1): 50 tables of four.
MAX_PLAYERS = 200
#: Two passes of eight games (R-1.2).
PASSES = 2
GAMES_PER_PASS = 8


def check_player_count(players: int) -> None:
    """R-1.1 / RA-24: refuse a count no table plan fits."""
    if players < MIN_PLAYERS:
        raise PlayerCountRefused(
            "R-1.1",
            Text(
                f"Mit {players} Spielerinnen lässt sich kein Tisch bilden: es wird zu viert gespielt, "
                f"nur wenn nötig zu dritt oder zu fünft (RA-24); mindestens {MIN_PLAYERS} Spielerinnen.",
                f"{players} players cannot form a table: tables are of four, of three or five only when "
                f"needed (RA-24); at least {MIN_PLAYERS} players.",
            ),
        )
    if players > MAX_PLAYERS:
        raise PlayerCountRefused(
            "PT-1",
            Text(
                f"Höchstens {MAX_PLAYERS} Spielerinnen je Turnier (hier {players}).",
                f"At most {MAX_PLAYERS} players per tournament (here {players}).",
            ),
        )


#: PT-11: the most players one table seats (RA-24: tables of five only to make up the rest).
MOST_AT_A_TABLE = 5
#: PT-11: the most tables a venue can be given (a table seats at least three).
MAX_TABLES = MAX_PLAYERS // MIN_PLAYERS


def check_tables(tables: int | None) -> int | None:
    """PT-11: the venue's tables, 1 to ``MAX_TABLES``, or None (as many as needed)."""
    if tables is None:
        return None
    if isinstance(tables, bool) or not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
        raise PlayerCountRefused(
            "PT-11",
            Text(
                f"Die Zahl der Tische muss zwischen 1 und {MAX_TABLES} liegen (oder leer: so viele wie nötig), "
                f"nicht {tables!r}.",
                f"The number of tables must be between 1 and {MAX_TABLES} (or empty: as many as needed), "
                f"not {tables!r}.",
            ),
        )
    return tables


def check_capacity(players: int, tables: int | None) -> None:
    """PT-11: refuse more players than the venue's tables seat (five at a table at most)."""
    if tables is not None and players > tables * MOST_AT_A_TABLE:
        most, extra = tables * MOST_AT_A_TABLE, players - tables * MOST_AT_A_TABLE
        table_de, table_en = ("einen Tisch", "1 table") if tables == 1 else (f"{tables} Tische", f"{tables} tables")
        raise PlayerCountRefused(
            "PT-11",
            Text(
                f"{players} Spielerinnen passen nicht an {table_de}: höchstens {most} (zu fünft). Trag mehr "
                f"Tische ein oder nimm {extra} {'Spielerin' if extra == 1 else 'Spielerinnen'} weniger.",
                f"{players} players do not fit at {table_en}: at most {most} (five at a table). Enter more "
                f"tables, or take {extra} {'player' if extra == 1 else 'players'} fewer.",
            ),
        )


def table_sizes(players: int, tables: int | None = None) -> tuple[int, ...]:
    """The table sizes of a pass, tables of four first (R-1.1, RA-24, PT-1); with the venue's
    ``tables`` given and too few for that plan, the players are spread over all of them (PT-11)."""
    check_player_count(players)
    check_capacity(players, tables)
    planned = _planned(players)
    if tables is None or len(planned) <= tables:
        return planned
    base, bigger = divmod(players, tables)
    return (base + 1,) * bigger + (base,) * (tables - bigger)


def _planned(players: int) -> tuple[int, ...]:
    fours, rest = divmod(players, 4)
    if rest == 0:
        return (4,) * fours
    if rest == 3:
        return (4,) * fours + (3,)
    if rest == 1:
        return (4,) * (fours - 1) + (5,)
    return (4,) * (fours - 1) + (3, 3)


def dealer_seat(game_no: int, table_size: int) -> int:
    """RA-02: the 1-based seat that deals game ``game_no`` (1-based): seat 1 deals the first game
    (R-2.2) and the deal passes on in seat order: 1,2,3,4,1,2,3,4 at four; 1,2,3,1,2,3,1,2 at three."""
    return (game_no - 1) % table_size + 1
