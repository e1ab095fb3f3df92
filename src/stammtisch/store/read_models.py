"""The read models of the statistics and the bank's season pages (issue 28; docs/read-models.md).

One row per match in ``match_summaries``: its game, club day, the ``last_seq`` it was made from, whether it
counted (ended, rules replayable), each seat's statistics figures and, for an ended evening of the bank's game,
its final state (the season report's figures are added up from it). A row is made by folding the match's log
once (from its stored state snapshots when it has them) and is kept until the log grows (an undo after the
end, a correction): a row whose ``last_seq`` is not the match's is stale and made again on the next read.

Durable and resumable by construction: the projector (``SummaryProjector.catch_up``) only ever writes one
match's row at a time, each in its own transaction, and picks the matches whose row is missing or stale, so a
run killed halfway leaves correct rows behind and the next run (or the next page) makes the rest
(tests/store/test_read_models.py kills one). ``version`` ties the rows to the code that made them: the games'
rules versions, the projection's own version and a digest of the engines' and the statistics' code; rows of
another version are never read, and ``rebuild`` (``stammtisch rebuild-views``, and at start when the version
changed) makes them all again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update

import stammtisch.club.games as club_games
import stammtisch.club.stats as club_stats
from stammtisch.club.stats.figures import Summable
from stammtisch.club.stats.port import StatsGame
from stammtisch.core.protocol import Game
from stammtisch.matches import log, state_codec
from stammtisch.matches.state_snapshots import version as snapshot_version
from stammtisch.store.read_model_tables import match_facts, match_summaries, read_model_versions
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.tables import matches

_log = logging.getLogger(__name__)

NAME = "match_summaries"
#: The projection's own version: raise it when what a row holds or how it is made changes.
PROJECTION_VERSION = "1"

Figures = tuple[Summable | None, ...]


@cache
def _digest(folders: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def version(engines: Mapping[str, Game[Any]], games: Iterable[str]) -> str:
    """The version the rows are made under: projection, rules and code (engines, statistics, bank game)."""
    parts = [PROJECTION_VERSION]
    for slug in sorted(games):
        engine = engines.get(slug)
        if engine is not None:
            parts.append(snapshot_version(engine, engine.rules_version))
    folders = tuple(str(Path(module.__file__ or "").parent) for module in (club_games, club_stats))
    parts.append(_digest(folders))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Row:
    """One match's read model."""

    match_id: str
    game: str
    day: date
    last_seq: int
    counted: bool
    figures: Figures | None
    final_state: Any | None


def encode_figures(figures: Figures | None) -> str | None:
    return None if figures is None else json.dumps(state_codec.encode(figures), separators=(",", ":"))


def decode_figures(text: str | None) -> Figures | None:
    return None if text is None else tuple(state_codec.decode(json.loads(text)))


def _encode_state(state: Any) -> str | None:
    return None if state is None else json.dumps(state_codec.encode(state), separators=(",", ":"))


def stored_version(engine: Engine) -> str | None:
    with engine.connect() as connection:
        value = connection.execute(
            select(read_model_versions.c.version).where(read_model_versions.c.name == NAME)
        ).scalar()
    return None if value is None else str(value)


def set_version(engine: Engine, value: str) -> None:
    with engine.begin() as connection:
        done = connection.execute(
            update(read_model_versions).where(read_model_versions.c.name == NAME).values(version=value)
        ).rowcount
        if not done:
            connection.execute(insert(read_model_versions).values(name=NAME, version=value))


def rows(engine: Engine, games: Iterable[str], current: str) -> dict[str, tuple[int, str | None, bool]]:
    """match id -> (last_seq, figures as stored: ``decode_figures`` reads them, counted) of the rows of
    ``current`` version of ``games``. Decoding is left to the caller: most rows are known to it already."""
    query = select(
        match_summaries.c.match_id, match_summaries.c.last_seq, match_summaries.c.figures, match_summaries.c.counted
    ).where(match_summaries.c.game.in_(list(games)), match_summaries.c.version == current)
    with engine.connect() as connection:
        found = connection.execute(query).all()
    return {row.match_id: (int(row.last_seq), row.figures, bool(row.counted)) for row in found}


#: Final states decoded in this process, by (match, last_seq, version): a row with these is the same value
#: for good (states are immutable), so later pages decode nothing.
DECODED_STATES = 4_096
_decoded_states: dict[tuple[str, int, str], Any] = {}


@cache
def current_version() -> str:
    """The version of the rows the statistics' book makes with the registered games (``StatsBook.version``)."""
    from stammtisch.club.games import bank_game, stats_games
    from stammtisch.games import GAMES

    return version(GAMES, sorted({*stats_games(), bank_game().slug} & set(GAMES)))


def final_states(engine: Engine, match_ids: Iterable[str], current: str) -> dict[str, Any]:
    """match id -> final state of the ended evenings among ``match_ids`` whose row is current (made from
    the match's whole log under ``current``); the others are left out (the caller folds them)."""
    wanted = list(match_ids)
    found: dict[str, Any] = {}
    if not wanted:
        return found
    query = (
        select(match_summaries.c.match_id, match_summaries.c.last_seq, match_summaries.c.final_state)
        .join(matches, matches.c.match_id == match_summaries.c.match_id)
        .where(
            match_summaries.c.match_id.in_(wanted),
            match_summaries.c.version == current,
            match_summaries.c.last_seq == matches.c.last_seq,
            match_summaries.c.final_state.is_not(None),
        )
    )
    with engine.connect() as connection:
        for row in connection.execute(query):
            key = (row.match_id, int(row.last_seq), current)
            state = _decoded_states.get(key)
            if state is None:
                state = state_codec.decode(json.loads(row.final_state))
                if len(_decoded_states) >= DECODED_STATES:
                    _decoded_states.clear()
                _decoded_states[key] = state
            found[row.match_id] = state
    return found


def save(engine: Engine, row: Row, current: str) -> None:
    """Writes one match's row (its own transaction: a projector killed meanwhile leaves whole rows)."""
    values = {
        "game": row.game,
        "day": row.day,
        "last_seq": row.last_seq,
        "version": current,
        "counted": row.counted,
        "figures": encode_figures(row.figures),
        "final_state": _encode_state(row.final_state),
    }
    with engine.begin() as connection:
        done = connection.execute(
            update(match_summaries).where(match_summaries.c.match_id == row.match_id).values(**values)
        ).rowcount
        if not done:
            connection.execute(insert(match_summaries).values(match_id=row.match_id, **values))


def clear(engine: Engine) -> None:
    """Deletes every row of the read models (``match_summaries`` and the games' kept ``match_facts``)."""
    with engine.begin() as connection:
        connection.execute(delete(match_summaries))
        connection.execute(delete(match_facts))


def project(
    repository: SqlMatchRepository,
    match_id: str,
    slug: str,
    day: date,
    engine: Game[Any],
    stats: StatsGame | None,
    keep_final: Callable[[Any], bool] | None,
    read_state: Callable[[str], tuple[int, Any]] | None = None,
) -> Row:
    """One match's read model, from its log (or, for games whose figures need only the final state, from
    ``read_state``: the match service's load, which starts at the newest stored snapshot)."""
    record = repository.get(match_id)
    if not engine.replays(record.rules_version):
        return Row(match_id, slug, day, repository.last_seq(match_id), False, None, None)
    initial = engine.start(len(record.players), engine.configure(record.options), record.setup)
    if (stats is None or not stats.needs_steps) and read_state is not None:
        last_seq, state = read_state(match_id)
        steps: list[Any] = []
    else:
        position = log.start(initial)
        for batch in repository.stream_events(match_id):
            position = log.fold_events(engine, position, batch)
        last_seq, state = position.last_seq, position.state
        steps = position.steps() if stats is not None and stats.needs_steps else []
    figures = stats.summarize(engine, initial, steps, state) if stats is not None else None
    final = state if keep_final is not None and keep_final(state) else None
    return Row(match_id, slug, day, last_seq, figures is not None, figures, final)


def listing(engine: Engine, games: Iterable[str]) -> list[tuple[str, str, Any, int]]:
    """(match id, game, created at, last_seq) of every match of ``games``."""
    query = select(matches.c.match_id, matches.c.game, matches.c.created_at, matches.c.last_seq).where(
        matches.c.game.in_(list(games))
    )
    with engine.connect() as connection:
        return [(row.match_id, row.game, row.created_at, int(row.last_seq)) for row in connection.execute(query)]
