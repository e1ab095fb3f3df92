"""Bier-Pong skill models on the command line: ``--skill`` values and where they come from.

A ``--skill`` value is a player's **name**: his throw rates are learned from the table games in the
configured database (``STAMMTISCH_DATABASE_URL`` or the data directory), smoothed with the **club
prior** (the club's pooled throws); an unknown name gets the club prior itself. Seats without a value
throw like the club prior when a database was read, else like the built-in default rates
(``games/bierpong/skill.py``, ``CLUB_DEFAULT``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stammtisch.cli import skill_books
from stammtisch.cli.console import fail
from stammtisch.core.text import Text
from stammtisch.games.bierpong.skill import CLUB_DEFAULT, Rates, SkillTable

if TYPE_CHECKING:
    from stammtisch.matches.games.bierpong.skills import SkillSnapshot


@dataclass(frozen=True, slots=True)
class NamedRates:
    """A seat's rates and where they came from (a player's name, ``club prior`` or ``default``)."""

    label: str
    rates: Rates
    samples: int = 0


def load_book() -> SkillSnapshot:
    """Every player's record from the configured database (the store is imported only when needed)."""
    from stammtisch.matches.games.bierpong.skills import SkillBook

    snapshot: SkillSnapshot = skill_books.load_book(SkillBook)
    return snapshot


def resolve(specs: Sequence[str], seats: int) -> tuple[NamedRates, ...]:
    """One ``Rates`` per seat from the ``--skill`` names (see the module docstring)."""
    if len(specs) > seats:
        fail(
            Text(
                f"{len(specs)} --skill-Angaben für {seats} Plätze: höchstens eine pro Platz.",
                f"{len(specs)} --skill values for {seats} seats: at most one per seat.",
            )
        )
    book = load_book() if specs else None
    out = []
    for seat in range(seats):
        if seat < len(specs) and specs[seat].strip():
            assert book is not None
            skill = book.skill(specs[seat])
            out.append(NamedRates(specs[seat].strip(), skill.rates, skill.samples))
        elif book is not None:
            out.append(NamedRates("club prior", book.prior))
        else:
            out.append(NamedRates("default", CLUB_DEFAULT))
    return tuple(out)


def table(seats: Sequence[NamedRates]) -> SkillTable:
    return SkillTable(tuple(s.rates for s in seats))
