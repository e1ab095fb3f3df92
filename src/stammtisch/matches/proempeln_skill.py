"""Moved: ``matches.games.proempeln.skills`` (the game's skill hook) and ``matches.skills`` (the
service's generic skill port). This shim goes once the importers outside ``matches`` are updated."""

from stammtisch.matches.games.proempeln.skills import (
    MAX_MATCHES,
    PRIOR_STRENGTH,
    MatchSkills,
    SkillBook,
    SkillSnapshot,
    default_table,
    shared_book,
)
from stammtisch.matches.skills import SkillProvider

__all__ = [
    "MAX_MATCHES",
    "PRIOR_STRENGTH",
    "MatchSkills",
    "SkillBook",
    "SkillProvider",
    "SkillSnapshot",
    "default_table",
    "shared_book",
]
