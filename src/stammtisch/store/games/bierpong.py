"""Bier-Pong evenings in SQL (migration 0008): the evening (title, format, its teams as entered or
drawn, the seed of the draw) and the games started for its pairings (round, slot → match id).

Results are not stored here: they are read from the games' match logs (the match is the record),
so an undo at the table changes the evening's table too. ``(evening_id, round, slot)`` is the
primary key of a game: of two racing "start this game" taps exactly one match is linked.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, CheckConstraint, Column, Engine, ForeignKey, Integer, String, Table, insert, select
from sqlalchemy.exc import IntegrityError

from stammtisch.club.games.bierpong import Team
from stammtisch.store.repository import _available
from stammtisch.store.tables import UtcDateTime, metadata

bierpong_evenings = Table(
    "bierpong_evenings",
    metadata,
    Column("evening_id", String(64), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("format", String(16), nullable=False),
    Column("teams", JSON, nullable=False),
    Column("seed", Integer, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    CheckConstraint("format IN ('knockout', 'round_robin')", name="format_known"),
)

bierpong_evening_games = Table(
    "bierpong_evening_games",
    metadata,
    Column(
        "evening_id",
        String(64),
        ForeignKey("bierpong_evenings.evening_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("round", Integer, primary_key=True),
    Column("slot", Integer, primary_key=True),
    Column("match_id", String(64), nullable=False),
)


@dataclass(frozen=True, slots=True)
class EveningRecord:
    evening_id: str
    title: str
    format: str
    teams: tuple[Team, ...]
    seed: int | None
    created_at: datetime


def _record(row: Any) -> EveningRecord:
    teams = tuple(Team(i + 1, tuple(players)) for i, players in enumerate(row.teams))
    return EveningRecord(row.evening_id, row.title, row.format, teams, row.seed, row.created_at)


class SqlEveningRepository:
    """The evenings and their games' match ids (SQLite and PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, title: str, fmt: str, teams: tuple[Team, ...], seed: int | None) -> EveningRecord:
        record = EveningRecord(uuid.uuid4().hex, title, fmt, teams, seed, datetime.now(UTC))
        with _available(), self.engine.begin() as connection:
            connection.execute(
                insert(bierpong_evenings).values(
                    evening_id=record.evening_id,
                    title=title,
                    format=fmt,
                    teams=[list(t.players) for t in teams],
                    seed=seed,
                    created_at=record.created_at,
                )
            )
        return record

    def get(self, evening_id: str) -> EveningRecord | None:
        with _available(), self.engine.connect() as connection:
            row = connection.execute(
                select(bierpong_evenings).where(bierpong_evenings.c.evening_id == evening_id)
            ).first()
        return None if row is None else _record(row)

    def list_evenings(self, limit: int = 50) -> list[EveningRecord]:
        query = select(bierpong_evenings).order_by(bierpong_evenings.c.created_at.desc()).limit(limit)
        with _available(), self.engine.connect() as connection:
            return [_record(row) for row in connection.execute(query)]

    def games(self, evening_id: str) -> dict[tuple[int, int], str]:
        """(round, slot) → match id of the games started so far."""
        query = select(bierpong_evening_games).where(bierpong_evening_games.c.evening_id == evening_id)
        with _available(), self.engine.connect() as connection:
            return {(row.round, row.slot): row.match_id for row in connection.execute(query)}

    def link_game(self, evening_id: str, round_no: int, slot: int, match_id: str) -> bool:
        """Link a started match to its pairing; False when another tap linked one first."""
        try:
            with _available(), self.engine.begin() as connection:
                connection.execute(
                    insert(bierpong_evening_games).values(
                        evening_id=evening_id, round=round_no, slot=slot, match_id=match_id
                    )
                )
        except IntegrityError:
            return False
        return True
