"""The skill port of digital play: ``MatchService(skill=SkillProvider(repository))``.

A skill chance event (a cap landing, a throw) has no probabilities of its own; in digital play the
service asks its skill hook for a model. ``SkillProvider`` finds the game's own hook through its
match extension (``MatchExtension.skills``, registry ``matches.games``), built once per game and
process; a game without one gets None (the outcome must be entered).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from stammtisch.core.chance import ChanceNode, SkillModel
from stammtisch.matches.events import MatchRecord
from stammtisch.matches.extensions import MatchExtension, SkillSource
from stammtisch.matches.games import extension_for


class SkillProvider:
    """The service's skill hook over ``repository``: dispatches by the match's game. Thread-safe."""

    def __init__(self, repository: Any, extensions: Callable[[str], MatchExtension] = extension_for) -> None:
        self.repository = repository
        self._extensions = extensions
        self._sources: dict[str, SkillSource | None] = {}
        self._lock = threading.Lock()

    def source(self, game: str) -> SkillSource | None:
        """The skill hook of ``game`` (None: it has none)."""
        with self._lock:
            if game in self._sources:
                return self._sources[game]
        built = self._extensions(game).skills(self.repository)
        with self._lock:
            return self._sources.setdefault(game, built)

    def __call__(self, record: MatchRecord, node: ChanceNode) -> SkillModel | None:
        source = self.source(record.game)
        return None if source is None else source(record, node)
