"""The statistics' reads (issue 13.5): which matches count, whose seats they are, and a summary
cache so a page with ten years of evenings does not replay ten years of logs.

``StatsBook.summaries()`` answers with one ``MatchSummary`` per ended match of a game with
statistics (``club.stats.registry``). Each match is summarized **once** (its log folded, the game's
``summarize`` applied) and remembered with the ``last_seq`` it was read at: a later page pays one
small query for the matches' ``last_seq`` and seat links, and a match is read again only when its log
grew (an undo after the end, a correction: undo is an event, so the cache cannot miss it). Matches
played under rules this code does not replay exactly (M-9) are left out, as the Prömpeln skill book
does. The seat links are read on every call (cheap), so a guest promoted or a seat linked later shows
up at once. Tournaments entered are counted from the tournament lists by the players' names.

The summaries are kept in the ``match_summaries`` read model (``store.read_models``, docs/read-models.md):
a match is folded once ever (not once per process start), its row made as the write that ends it is
published, and a page after a start reads the rows instead of the logs."""

from __future__ import annotations

import logging
import threading
from collections import defaultdict
from collections.abc import Callable
from datetime import date
from typing import Any

from sqlalchemy import Engine, func, select

from stammtisch.club.stats.figures import Summable
from stammtisch.club.stats.port import StatsGame
from stammtisch.club.stats.registry import STATS_GAMES
from stammtisch.club.stats.totals import MatchSummary, linked
from stammtisch.core.protocol import Finished, Game
from stammtisch.games import GAMES
from stammtisch.matches.games.proempeln.skills import SkillBook
from stammtisch.matches.notifier import Notifier
from stammtisch.matches.service import MatchService
from stammtisch.store import read_models
from stammtisch.store.ledger_sync import BANK, CLUB_ZONE
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.tables import match_seats, matches, members
from stammtisch.store.tournament_tables import tournament_players, tournaments

_log = logging.getLogger(__name__)

#: A match's cached figures: (last_seq read, figures per seat or None when it had not ended).
_Cached = tuple[int, tuple[Summable | None, ...] | None]


class StatsBook:
    """Match summaries of the store on ``engine``, each match's log read once per change."""

    def __init__(
        self,
        engine: Engine,
        games: dict[str, StatsGame] | None = None,
        engines: dict[str, Game[Any]] | None = None,
    ) -> None:
        self.engine = engine
        self.repository = SqlMatchRepository(engine)
        self.games = STATS_GAMES if games is None else games
        self.engines = GAMES if engines is None else engines
        self._cache: dict[str, _Cached] = {}
        self._summaries: tuple[tuple[int, int, int], tuple[MatchSummary, ...]] | None = None
        self._lock = threading.Lock()
        self.reads = 0  # logs folded so far (tests and the bench check the cache with it)
        #: The read model's version for these games and this code (``store.read_models``).
        self.version = read_models.version(self.engines, self._projected())
        #: How a match's final state is read when its figures need no steps (the match service's load,
        #: from stored snapshots); None: fold the log.
        self.read_state: Callable[[str], tuple[int, Any]] | None = None
        #: Matches the last rebuild or catch-up could not make a row for, and why.
        self.failed: dict[str, str] = {}

    def _projected(self) -> list[str]:
        """The games with a read model row: those with statistics and the bank's game."""
        return sorted({*self.games, BANK.slug} & set(self.engines))

    def ensure_current(self) -> bool:
        """Makes the read model current when it was made by other code (a new version at start): every row
        of another version is made again, row by row, so a start interrupted meanwhile goes on from there at
        the next (rows of other versions are never read). True if it had to."""
        if read_models.stored_version(self.engine) == self.version:
            return False
        self.catch_up()
        read_models.set_version(self.engine, self.version)
        return True

    def rebuild(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Makes every match's row again (``stammtisch rebuild-views``); returns how many matches it read.
        ``progress(done, total)`` is called after each match."""
        read_models.clear(self.engine)
        with self._lock:
            self._cache.clear()
            self._summaries = None
        listing = read_models.listing(self.engine, self._projected())
        self._project_all(listing, {}, progress)
        read_models.set_version(self.engine, self.version)
        # Prömpeln's skill book keeps each match's facts as it reads it (``match_facts``): a fresh book
        # reads every log now, so the first member page after a start folds none.
        try:
            SkillBook(self.repository).load()
        except Exception:  # noqa: BLE001 - a log that does not fold is named above; the pages say so as before
            _log.exception("Prömpeln's kept facts not made")
        return len(listing)

    def catch_up(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Makes the rows that are missing or stale (a resumable projector: each row is its own
        transaction); returns how many matches it read."""
        stored = read_models.rows(self.engine, self._projected(), self.version)
        listing = read_models.listing(self.engine, self._projected())
        stale = [item for item in listing if stored.get(item[0], (None,))[0] != item[3]]
        self._project_all(stale, stored, progress)
        return len(stale)

    def _project_all(
        self,
        listing: list[tuple[str, str, Any, int]],
        stored: dict[str, tuple[int, str | None, bool]],
        progress: Callable[[int, int], None] | None,
    ) -> None:
        """Makes the rows of ``listing``. A match whose log does not fold (a bug, or rules changed without a
        new rules version) gets no row and is named in ``failed``: the others are made all the same, and a
        page reading that match says what is wrong as it did before."""
        self.failed = {}
        for done, (match_id, game, created_at, last_seq) in enumerate(listing, start=1):
            try:
                self._figures(match_id, game, last_seq, created_at.astimezone(CLUB_ZONE).date(), stored=stored)
            except Exception as error:  # noqa: BLE001 - one bad log must not stop the others' rows
                _log.exception("read model of match %s not made", match_id)
                self.failed[match_id] = f"{type(error).__name__}: {error}"
            if progress is not None:
                progress(done, len(listing))

    def summaries(self) -> list[MatchSummary]:
        """Every ended match of a game with statistics, with the figures of its linked seats.

        Answered from memory while the store's fingerprint is unchanged: the number of matches, the sum
        of their ``last_seq`` (every append raises it) and the number of seat links (only ever added,
        AC-1). One small aggregate query instead of reading every match's row and seats."""
        slugs = [slug for slug in self.games if slug in self.engines]
        fingerprint_query = select(func.count(), func.coalesce(func.sum(matches.c.last_seq), 0)).where(
            matches.c.game.in_(slugs)
        )
        with self.engine.connect() as connection:
            counted, sequence = connection.execute(fingerprint_query).one()
            links = connection.execute(select(func.count()).select_from(match_seats)).scalar_one()
        fingerprint = (int(counted), int(sequence), int(links))
        with self._lock:
            known = self._summaries
        if known is not None and known[0] == fingerprint:
            return list(known[1])
        found = self._read_summaries(slugs)
        with self._lock:
            self._summaries = (fingerprint, tuple(found))
        return found

    def _read_summaries(self, slugs: list[str]) -> list[MatchSummary]:
        listing = select(matches.c.match_id, matches.c.game, matches.c.created_at, matches.c.last_seq).where(
            matches.c.game.in_(slugs)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(listing).all()
            seats: dict[str, dict[int, int]] = defaultdict(dict)
            links = select(match_seats.c.match_id, match_seats.c.seat, match_seats.c.member_id).join(
                matches, matches.c.match_id == match_seats.c.match_id
            )
            for match_id, seat, member in connection.execute(links.where(matches.c.game.in_(slugs))):
                seats[match_id][seat] = member
        stored = read_models.rows(self.engine, slugs, self.version)
        found: list[MatchSummary] = []
        for match_id, game, created_at, last_seq in rows:
            day = created_at.astimezone(CLUB_ZONE).date()
            figures = self._figures(match_id, game, last_seq, day, stored)
            if figures is None:
                continue
            found.append(MatchSummary(match_id, game, day, linked(figures, seats.get(match_id, {}))))
        found.sort(key=lambda s: (s.day, s.match_id))
        return found

    def summarize(self, match_id: str, slug: str, last_seq: int) -> None:
        """Reads one match now (a match that has just ended, or one taken back after its end), so no page
        has to: its read model row is made as the write is published."""
        record = self.repository.get(match_id)
        self._figures(match_id, slug, last_seq, record.created_at.astimezone(CLUB_ZONE).date(), stored={})

    def _figures(
        self,
        match_id: str,
        slug: str,
        last_seq: int,
        day: date,
        stored: dict[str, tuple[int, str | None, bool]],
    ) -> tuple[Summable | None, ...] | None:
        with self._lock:
            cached = self._cache.get(match_id)
        if cached is not None and cached[0] == last_seq:
            return cached[1]
        kept = stored.get(match_id)
        if kept is not None and kept[0] == last_seq:
            figures = read_models.decode_figures(kept[1]) if kept[2] else None
            with self._lock:
                self._cache[match_id] = (last_seq, figures)
            return figures
        engine = self.engines[slug]
        keep_final = BANK.ended if slug == BANK.slug else None
        row = read_models.project(
            self.repository, match_id, slug, day, engine, self.games.get(slug), keep_final, self.read_state
        )
        self.reads += 1
        read_models.save(self.engine, row, self.version)
        figures = row.figures if row.counted else None
        with self._lock:
            self._cache[match_id] = (row.last_seq, figures)
        return figures

    def known(self, match_id: str) -> bool:
        """Whether this process holds figures of ``match_id`` (it ended once)."""
        with self._lock:
            cached = self._cache.get(match_id)
        return cached is not None and cached[1] is not None

    def tournaments(self) -> dict[int, list[date]]:
        """member -> the club days of the tournaments she entered (by her name; archived ones left out)."""
        query = (
            select(members.c.member_id, tournaments.c.created_at)
            .join(tournament_players, tournament_players.c.name_key == members.c.name_key)
            .join(tournaments, tournaments.c.tournament_id == tournament_players.c.tournament_id)
            .where(tournaments.c.archived_at.is_(None))
        )
        entered: dict[int, list[date]] = defaultdict(list)
        with self.engine.connect() as connection:
            for member, created_at in connection.execute(query):
                entered[member].append(created_at.astimezone(CLUB_ZONE).date())
        return dict(entered)


class SummaryNotifier:
    """A ``Notifier`` that summarizes a match as soon as a write ends it (ST-5: computed once when a
    match ends), then passes the notice on. Running matches cost one look at the cached state per
    write; a failure is logged and never undoes the write."""

    def __init__(self, book: StatsBook, service: MatchService, inner: Notifier | None) -> None:
        self.book = book
        self.service = service
        self.inner = inner

    def publish(self, match_id: str, seq: int) -> None:
        try:
            record, state, _ = self.service.latest(match_id, seq)  # the write just made: from memory
            slug = record.game
            engine = self.book.engines.get(slug)
            if slug in self.book.games and engine is not None:
                # Made when the match ends, and again when a match that had a row changes (an undo after
                # the end takes it out of the statistics at once).
                if isinstance(engine.turn(state), Finished) or self.book.known(match_id):
                    self.book.summarize(match_id, slug, seq)
        except Exception:
            _log.exception("statistics of match %s not summarized", match_id)
        if self.inner is not None:
            self.inner.publish(match_id, seq)
