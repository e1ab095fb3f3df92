"""The skill port of digital play: ``MatchService(skill=SkillProvider(repository))``.

A skill chance event (a cap landing, a throw) has no probabilities of its own; in digital play the
service asks its skill hook for a model. ``SkillProvider`` finds the game's own hook through its
match extension (``MatchExtension.skills``, registry ``matches.games``), built once per game and
process; a game without one gets None (the outcome must be entered).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
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


class MatchSkillTables:
    """A game's skill hook over a skill book (``book.load().table(names)``): each match gets the table
    of its players' learned models, made once and kept for the last ``cache_size`` matches (a throw
    or a cap needs it at every chance node). Thread-safe. The games' ``MatchSkills`` build on it."""

    def __init__(self, book: Any, cache_size: int = 256) -> None:
        self.book = book
        self._tables: OrderedDict[str, Any] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def __call__(self, record: MatchRecord, node: ChanceNode) -> SkillModel | None:
        with self._lock:
            table = self._tables.get(record.match_id)
        if table is None:
            table = self.book.load().table(list(record.players))
            with self._lock:
                self._tables[record.match_id] = table
                while len(self._tables) > self._cache_size:
                    self._tables.popitem(last=False)
        result: SkillModel | None = table
        return result
