"""Bier-Pong skill models learned from the stored table games, and the game's skill hook.

``SkillBook`` reads every player's recorded throws from the match logs (``record``) and turns them
into ``Rates`` (``games/bierpong/skill.py``): posterior means with the **club prior** (the club's
pooled throws), so a new player throws like the club average and moves towards his own record as
his throws are entered; ``samples`` says how many throws there are.

``MatchSkills`` is the hook ``matches.skills.SkillProvider`` calls for a throw in digital play: the
match's ``SkillTable`` (one ``Rates`` per seat, taken once when the match first needs one and kept
for the match, so a digital game is not influenced by games entered meanwhile).
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import Any

from stammtisch.core.protocol import Game
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.skill import Rates, SkillTable, ThrowCounts, club_prior, rates_of
from stammtisch.matches.games.bierpong.record import SLUG, MatchFacts, PlayerFacts, player_key, players, read_match
from stammtisch.matches.skills import MatchSkillTables

#: Pseudo-throws of the club prior in a player's rates.
PRIOR_STRENGTH = 20.0
#: At most this many matches are read (the newest).
MAX_MATCHES = 100_000


@dataclass(frozen=True, slots=True)
class PlayerSkill:
    """One player's rates and how many recorded table throws they rest on."""

    name: str
    rates: Rates
    samples: int


class SkillSnapshot:
    """The players' records at one moment, with the club prior built from them."""

    def __init__(self, facts: dict[str, PlayerFacts]) -> None:
        self.facts = facts
        self.prior: Rates = club_prior([p.throw_counts for p in facts.values()])

    def skill(self, name: str) -> PlayerSkill:
        """The player's model; an unknown player gets the club prior alone (``samples == 0``)."""
        known = self.facts.get(player_key(name))
        counts = known.throw_counts if known else ThrowCounts()
        return PlayerSkill(name, rates_of(counts, self.prior, PRIOR_STRENGTH), counts.throws)

    def table(self, names: list[str]) -> SkillTable:
        return SkillTable(tuple(self.skill(name).rates for name in names))


class SkillBook:
    """Throw models per player, read from ``repository`` on every ``load``. Each match read is
    remembered with its last seq; a later ``load`` reads a match again only when it has new events."""

    def __init__(self, repository: Any, game: Game[Any] = GAME) -> None:
        self._repository = weakref.ref(repository)  # the process-wide books must not keep a store alive
        self.game = game
        self._read: dict[str, tuple[int, MatchFacts]] = {}
        self._lock = threading.Lock()

    @property
    def repository(self) -> Any:
        repository = self._repository()
        if repository is None:
            raise RuntimeError("the repository of this SkillBook is gone")
        return repository

    def matches(self) -> list[MatchFacts]:
        """Every stored match this code replays (M-9), read from its log (cached by last seq)."""
        repository = self.repository
        out = []
        for record in repository.list_matches(MAX_MATCHES, SLUG):
            if not self.game.replays(record.rules_version):
                continue
            with self._lock:
                known = self._read.get(record.match_id)
            if known is not None and not repository.events(record.match_id, known[0]):
                out.append(known[1])
                continue
            events = repository.events(record.match_id)
            facts = read_match(self.game, record, events)
            with self._lock:
                self._read[record.match_id] = (events[-1].seq if events else 0, facts)
            out.append(facts)
        return out

    def load(self) -> SkillSnapshot:
        return SkillSnapshot(players(self.matches()))


_BOOKS: weakref.WeakKeyDictionary[Any, SkillBook] = weakref.WeakKeyDictionary()
_BOOKS_LOCK = threading.Lock()


def shared_book(repository: Any) -> SkillBook:
    """The one ``SkillBook`` of ``repository`` in this process (the hook and the pages share it)."""
    with _BOOKS_LOCK:
        book = _BOOKS.get(repository)
        if book is None:
            book = _BOOKS[repository] = SkillBook(repository)
        return book


class MatchSkills(MatchSkillTables):
    """Bier-Pong's skill hook: a throw gets the match's table of learned rates. Thread-safe; remembers
    the last ``cache_size`` matches."""

    def __init__(self, repository: Any, cache_size: int = 256) -> None:
        super().__init__(shared_book(repository), cache_size)
