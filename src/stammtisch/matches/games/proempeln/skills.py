"""Prömpeln skill models learned from the stored table games, and the game's skill hook.

``SkillBook`` reads every player's recorded landings from the match logs
(``record``) and turns them into ``PlayerSkill``s: the Dirichlet posterior of
``games/proempeln/skill.py`` with the **club prior** (the club's pooled landings, worth 8
stoppers) — a new player starts at the club average, not at an arbitrary uniform guess, and moves
towards his own record as his stoppers are entered; ``samples`` says how many there are.

``MatchSkills`` is Prömpeln's skill hook (``matches.skills.SkillProvider`` calls it for Prömpeln
matches in digital play): for a stopper it returns the match's ``SkillTable`` (one model per seat,
taken once when the match first needs one and kept for the match, so a digital game is not
influenced by games entered meanwhile).
"""

from __future__ import annotations

import hashlib
import json
import threading
import weakref
from functools import cache
from pathlib import Path
from typing import Any

from stammtisch.core.protocol import Game
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.skill import LAPLACE, PlayerSkill, Prior, SkillTable, club_prior
from stammtisch.matches import state_codec
from stammtisch.matches.events import MatchRecord
from stammtisch.matches.games.proempeln.record import SLUG, MatchFacts, PlayerFacts, player_key, players, read_match
from stammtisch.matches.skills import MatchSkillTables
from stammtisch.matches.state_snapshots import version as fold_version

#: Pseudo-stoppers of the club prior: a new player's model is the club average worth this many stoppers.
PRIOR_STRENGTH = 8.0
#: At most this many matches are read (the newest).
MAX_MATCHES = 100_000


#: The kind of the facts a store keeps for this book (``keep_facts``/``kept_facts``).
KIND = "proempeln/skill-facts"


@cache
def facts_version(game: Game[Any], rules_version: str) -> str:
    """The version kept facts are read under: the engine's fold version and this reader's code."""
    reader = Path(__file__).parent / "record.py"
    digest = hashlib.sha256(reader.read_bytes() + Path(__file__).read_bytes()).hexdigest()[:16]
    return f"{fold_version(game, rules_version)}/{digest}"


def encode_facts(facts: MatchFacts) -> str:
    """A match's facts without its record (the listing has it) as stored text."""
    document = state_codec.encode((facts.view, facts.landings, facts.claims))
    return json.dumps(document, separators=(",", ":"))


def decode_facts(record: MatchRecord, text: str) -> MatchFacts:
    view, landings, claims = state_codec.decode(json.loads(text))
    return MatchFacts(record, view, landings, claims)


class SkillBook:
    """Landing models per player, read from ``repository`` on every call of ``load``.

    Each match read is remembered with its last seq; a later ``load`` asks the repository only
    for events after it and reads a match again only when it has new events (usually just the
    match being played), so the advisor card stays cheap when the club has many games."""

    def __init__(self, repository: Any, game: Game[Any] = GAME) -> None:
        # A weak reference: the process-wide books (``shared_book``) must not keep a store alive.
        self._repository = weakref.ref(repository)
        self.game = game
        self._read: dict[str, tuple[int, MatchFacts]] = {}
        self._lock = threading.Lock()

    @property
    def repository(self) -> Any:
        repository = self._repository()
        if repository is None:
            raise RuntimeError("the repository of this SkillBook is gone")
        return repository

    def load(self) -> SkillSnapshot:
        repository = self.repository
        # A store that lists every match's last seq at once (``log_marks``) spares a query per match.
        marks_of = getattr(repository, "log_marks", None)
        marks: dict[str, int] | None = marks_of(SLUG) if marks_of is not None else None
        # After a start (nothing read yet) a store that keeps each match's facts (``kept_facts``: the
        # read model ``match_facts``) answers for every match whose log has not grown since, so a page
        # does not fold every Prömpeln log again (issue 28.1).
        kept_of = getattr(repository, "kept_facts", None)
        version = facts_version(self.game, self.game.rules_version)
        with self._lock:
            cold = not self._read
        kept: dict[str, tuple[int, str]] = kept_of(KIND, version) if kept_of is not None and cold else {}
        matches = []
        for record in repository.list_matches(MAX_MATCHES, SLUG):
            if not self.game.replays(record.rules_version):
                continue  # M-9: played under rules this code does not replay exactly; not learned from
            with self._lock:
                known = self._read.get(record.match_id)
            if known is not None and (
                marks.get(record.match_id) == known[0]
                if marks is not None
                else not repository.events(record.match_id, known[0])
            ):
                matches.append(known[1])
                continue
            stored = kept.get(record.match_id)
            if stored is not None and marks is not None and marks.get(record.match_id) == stored[0]:
                facts = decode_facts(record, stored[1])
                with self._lock:
                    self._read[record.match_id] = (stored[0], facts)
                matches.append(facts)
                continue
            events = repository.events(record.match_id)
            facts = read_match(self.game, record, events)
            last_seq = events[-1].seq if events else 0
            with self._lock:
                self._read[record.match_id] = (last_seq, facts)
            keep = getattr(repository, "keep_facts", None)
            if keep is not None:
                keep(KIND, version, record.match_id, last_seq, encode_facts(facts))
            matches.append(facts)
        return SkillSnapshot(players(matches))


_BOOKS: weakref.WeakKeyDictionary[Any, SkillBook] = weakref.WeakKeyDictionary()
_BOOKS_LOCK = threading.Lock()


def shared_book(repository: Any) -> SkillBook:
    """The one ``SkillBook`` of ``repository`` in this process (the service hook and the pages
    share what it has read)."""
    with _BOOKS_LOCK:
        book = _BOOKS.get(repository)
        if book is None:
            book = _BOOKS[repository] = SkillBook(repository)
        return book


class SkillSnapshot:
    """The players' records at one moment, with the club prior built from them."""

    def __init__(self, facts: dict[str, PlayerFacts]) -> None:
        self.facts = facts
        self.prior: Prior = club_prior((p.landing_counts for p in facts.values()), PRIOR_STRENGTH)

    def skill(self, name: str) -> PlayerSkill:
        """The player's model; an unknown player gets the prior alone (``samples == 0``)."""
        known = self.facts.get(player_key(name))
        return PlayerSkill(known.landing_counts if known else (0, 0, 0, 0), self.prior)

    def table(self, names: list[str]) -> SkillTable:
        return SkillTable(tuple(self.skill(name) for name in names))


class MatchSkills(MatchSkillTables):
    """Prömpeln's skill hook: a stopper gets the seat's learned model. Thread-safe; remembers the
    last ``cache_size`` matches."""

    def __init__(self, repository: Any, cache_size: int = 256) -> None:
        super().__init__(shared_book(repository), cache_size)


def default_table(seats: int) -> SkillTable:
    """Every seat a new player with the Laplace prior (no record at all)."""
    return SkillTable.of(seats, prior=LAPLACE)
