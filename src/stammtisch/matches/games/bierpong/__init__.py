"""Bier-Pong's match extension: skill models for digital play learned from the stored table games,
the heuristic bot for empty seats, and the statistics read from the match logs.

* ``record``: what the stored matches say about each player (throws, specials, Konter, drinks);
* ``skills``: the players' throw models (``SkillBook``, club prior) and the skill hook
  (``MatchSkills``) that ``matches.skills.SkillProvider`` calls for a throw in digital play.

The game's own timer (Art 9.2, option ``timer_minutes``) is a server-side clock: ``timer_deadline``
says when a match's time is up, and the web layer's clock submits the ``timeup`` table event then.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from stammtisch.matches.events import MatchRecord
from stammtisch.matches.extensions import MatchExtension, SkillSource
from stammtisch.matches.games.bierpong.skills import MatchSkills


def timer_deadline(record: MatchRecord) -> datetime | None:
    """When the match's time limit runs out (BP-R16): its start plus ``timer_minutes``; None: no timer."""
    minutes = int(record.options.get("timer_minutes", 0) or 0)
    return record.created_at + timedelta(minutes=minutes) if minutes > 0 else None


class BierpongExtension(MatchExtension):
    default_bot = "heuristic"

    def skills(self, repository: Any) -> SkillSource | None:
        return MatchSkills(repository)


EXTENSION = BierpongExtension()
