"""Prömpeln's match extension: skill models for digital play, learned from the stored table games.

* ``record``: what the stored matches say about each player (landings, rounds, claims);
* ``skills``: the players' landing models (``SkillBook``) and the skill hook (``MatchSkills``)
  that ``matches.skills.SkillProvider`` calls for Prömpeln's cap landings in digital play.
"""

from __future__ import annotations

from typing import Any

from stammtisch.matches.extensions import MatchExtension, SkillSource
from stammtisch.matches.games.proempeln.skills import MatchSkills


class ProempelnExtension(MatchExtension):
    def skills(self, repository: Any) -> SkillSource | None:
        return MatchSkills(repository)


EXTENSION = ProempelnExtension()
