"""Prömpeln skill models on the command line: ``--skill`` values and where they come from.

A ``--skill`` value is either a player's **name** (his model is learned from the table games in the
configured database, ``STAMMTISCH_DATABASE_URL`` or the data directory; an unknown name gets the
club prior) or **counts** ``c0,c1,c2,c3`` (how often the player's stoppers landed 0, 1, 2, 3; the
model is their Laplace-smoothed distribution). Seats without a value are new players (Laplace).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stammtisch.cli import skill_books
from stammtisch.cli.console import fail
from stammtisch.core.text import Text
from stammtisch.games.proempeln.skill import LAPLACE, PlayerSkill, SkillTable

if TYPE_CHECKING:
    from stammtisch.matches.games.proempeln.skills import SkillSnapshot

_COUNTS = re.compile(r"^\s*\d+\s*(,\s*\d+\s*){3}$")


@dataclass(frozen=True, slots=True)
class NamedSkill:
    """A seat's model and where it came from (a player's name, ``counts`` or ``new player``)."""

    label: str
    skill: PlayerSkill


def is_counts(spec: str) -> bool:
    return bool(_COUNTS.match(spec))


def parse_counts(spec: str) -> tuple[int, int, int, int]:
    """``"3,10,12,5"`` → ``(3, 10, 12, 5)``; anything else is refused with a bilingual message."""
    if not is_counts(spec):
        fail(
            Text(
                f"Zählwerte {spec!r} unlesbar: vier ganze Zahlen c0,c1,c2,c3 (Landungen auf 0, 1, 2, 3).",
                f"Counts {spec!r} cannot be read: four whole numbers c0,c1,c2,c3 (landings on 0, 1, 2, 3).",
            )
        )
    a, b, c, d = (int(part) for part in spec.split(","))
    return (a, b, c, d)


def load_book() -> SkillSnapshot:
    """Every player's record from the configured database (the store is imported only when needed)."""
    from stammtisch.matches.games.proempeln.skills import SkillBook

    snapshot: SkillSnapshot = skill_books.load_book(SkillBook)
    return snapshot


def resolve(specs: Sequence[str], seats: int) -> tuple[NamedSkill, ...]:
    """One model per seat from the ``--skill`` values (see the module docstring)."""
    if len(specs) > seats:
        fail(
            Text(
                f"{len(specs)} --skill-Angaben für {seats} Plätze: höchstens eine pro Platz.",
                f"{len(specs)} --skill values for {seats} seats: at most one per seat.",
            )
        )
    book = load_book() if any(not is_counts(spec) for spec in specs) else None
    out = []
    for seat in range(seats):
        if seat >= len(specs):
            out.append(NamedSkill("new player", PlayerSkill(prior=LAPLACE)))
        elif is_counts(specs[seat]):
            out.append(NamedSkill(f"counts {specs[seat].replace(' ', '')}", PlayerSkill(parse_counts(specs[seat]))))
        else:
            assert book is not None
            out.append(NamedSkill(specs[seat].strip(), book.skill(specs[seat])))
    return tuple(out)


def table(skills: Sequence[NamedSkill]) -> SkillTable:
    return SkillTable(tuple(named.skill for named in skills))
