"""The seat and table lottery before each pass (R-1.3 "ausgelost", RA-27, PT-2).

A draw is reproducible from its recorded seed, so anybody can audit it (``key`` is the tournament
game's ``lottery_key``, see ``port.TournamentGame``):

    rng = random.Random(f"{key}-draw:{seed}:{pass_no}")
    order = list(range(1, players + 1))  # registration numbers
    rng.shuffle(order)

The shuffled registration numbers are then cut into tables of the game's ``table_sizes(players)`` in order; the
first number of each table sits at seat 1 (the Schreiber, who deals the first game: R-2.1, R-2.2),
the next at seat 2, and so on. Python's ``random`` seeds a string through SHA-512 (version 2
seeding), so the same seed gives the same draw on every platform and Python 3 release.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.club.tournament.port import TournamentGame


def _game(game: TournamentGame | None) -> TournamentGame:
    from stammtisch.club.tournament.port import default_game  # the port imports the standings, not us

    return default_game() if game is None else game


@dataclass(frozen=True, slots=True)
class Draw:
    """One pass's lottery: the seed, the drawn order of registration numbers, and the tables
    (registration numbers in seat order, seat 1 first)."""

    pass_no: int
    seed: str
    permutation: tuple[int, ...]
    tables: tuple[tuple[int, ...], ...]


def rng_key(seed: str, pass_no: int, game: TournamentGame | None = None) -> str:
    """The string ``random.Random`` is seeded with for pass ``pass_no``."""
    return f"{_game(game).lottery_key}-draw:{seed}:{pass_no}"


def check_pass_no(pass_no: int, game: TournamentGame | None = None) -> None:
    """R-1.2: there are two passes (the game's ``passes``)."""
    chosen = _game(game)
    if not 1 <= pass_no <= chosen.passes:
        raise TournamentRefused(
            chosen.clauses.passes,
            Text(
                f"Es gibt nur {chosen.passes} Durchgänge (nicht {pass_no}).",
                f"There are only {chosen.passes} passes (not {pass_no}).",
            ),
        )


def draw_pass(
    seed: str, pass_no: int, numbers: Sequence[int], game: TournamentGame | None = None, tables: int | None = None
) -> Draw:
    """R-1.3: draw every player's table and seat for pass ``pass_no`` from ``seed`` (at no more than
    the venue's ``tables``, PT-11)."""
    chosen = _game(game)
    check_pass_no(pass_no, chosen)
    sizes = chosen.table_sizes(len(numbers), tables)
    order = sorted(numbers)
    random.Random(rng_key(seed, pass_no, chosen)).shuffle(order)
    seated: list[tuple[int, ...]] = []
    at = 0
    for size in sizes:
        seated.append(tuple(order[at : at + size]))
        at += size
    return Draw(pass_no, seed, tuple(order), tuple(seated))


def verify_draw(
    draw: Draw, numbers: Sequence[int], game: TournamentGame | None = None, tables: int | None = None
) -> bool:
    """Audit: does the recorded draw follow from its seed, the registered players and the venue's tables?"""
    try:
        return draw_pass(draw.seed, draw.pass_no, numbers, game, tables) == draw
    except RuleViolation:
        return False
