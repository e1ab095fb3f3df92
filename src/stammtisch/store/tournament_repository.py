"""Tournaments in SQL (``tournament_tables``): the ``club.tournament.TournamentRepository`` contract.

Registering and drawing first lock the tournament's row (``SELECT … FOR UPDATE`` on PostgreSQL;
SQLite has one writer at a time anyway), so nobody registers once a draw is stored and
registration numbers stay dense. The primary keys are the last line of defence: a pass's draw
is stored once, a number once, a name once.

A change of players (PT-7) is checked (``plan_change``) and stored under the same lock, with the
draws: a change is never recorded once its pass is drawn, and a draw is stored only if it shuffled
the pool the changes leave. Nothing is deleted (PT-9): archiving sets ``archived_at``/``archived_by``
(the list leaves it out), restoring clears them; players, draws, changes and sheets stay as they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from stammtisch.club.tournament.changes import PlayerChange, pool
from stammtisch.club.tournament.draw import Draw
from stammtisch.club.tournament.errors import TournamentArchived, archived_refusal
from stammtisch.club.tournament.model import Registration, StoredDraw, TournamentRecord
from stammtisch.club.tournament.repository import (
    already_drawn,
    duplicate_name,
    name_key,
    not_found,
    plan_change,
    pool_changed,
    registration_closed,
)
from stammtisch.core.text import Text
from stammtisch.matches.frozen import frozen_by_tournament
from stammtisch.store.repository import _available
from stammtisch.store.tables import matches
from stammtisch.store.tournament_tables import tournament_changes, tournament_draws, tournament_players, tournaments


def _record(row: Any) -> TournamentRecord:
    return TournamentRecord(
        tournament_id=row.tournament_id,
        title=row.title,
        created_at=row.created_at,
        tie_break=tuple(row.tie_break),
        prizes=tuple(row.prizes),
        scoring=str((row.options or {}).get("scoring", "penalty_points")),
        normalise_table_size=bool((row.options or {}).get("normalise_table_size", False)),
        tables=(row.options or {}).get("tables"),
        archived_at=row.archived_at,
        archived_by=row.archived_by,
    )


#: How often a registration that lost a race for its number tries again.
REGISTER_ATTEMPTS = 20


class SqlTournamentRepository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, record: TournamentRecord) -> None:
        with _available(), self.engine.begin() as connection:
            connection.execute(
                insert(tournaments).values(
                    tournament_id=record.tournament_id,
                    title=record.title,
                    created_at=record.created_at,
                    tie_break=list(record.tie_break),
                    prizes=list(record.prizes),
                    options={
                        "scoring": record.scoring,
                        "normalise_table_size": record.normalise_table_size,
                        "tables": record.tables,
                    },
                )
            )

    def get(self, tournament_id: str) -> TournamentRecord:
        with _available(), self.engine.connect() as connection:
            row = connection.execute(select(tournaments).where(tournaments.c.tournament_id == tournament_id)).first()
        if row is None:
            raise not_found(tournament_id)
        return _record(row)

    def list_tournaments(self, limit: int) -> list[TournamentRecord]:
        query = (
            select(tournaments)
            .where(tournaments.c.archived_at.is_(None))
            .order_by(tournaments.c.created_at.desc(), tournaments.c.tournament_id.desc())
            .limit(max(limit, 0))
        )
        with _available(), self.engine.connect() as connection:
            return [_record(row) for row in connection.execute(query)]

    def _lock(self, connection: Connection, tournament_id: str, *, active: bool = True) -> Any:
        """Locks the tournament's row for this transaction (its writes queue behind each other) and
        returns it; ``active``: an archived tournament is refused here, inside the transaction, so an
        archive racing a write leaves either the write before it or the refusal (PT-9)."""
        found = connection.execute(
            select(tournaments.c.tournament_id, tournaments.c.title, tournaments.c.archived_at)
            .where(tournaments.c.tournament_id == tournament_id)
            .with_for_update()
        ).first()
        if found is None:
            raise not_found(tournament_id)
        if active and found.archived_at is not None:
            raise archived_refusal(found.title)
        return found

    def register(self, tournament_id: str, name: str) -> Registration:
        # SQLite reads outside the write lock, so two registrations can pick the same next number;
        # the primary key refuses the second, which then tries again with a fresh number.
        for _ in range(REGISTER_ATTEMPTS):
            try:
                return self._register_once(tournament_id, name)
            except IntegrityError:
                if self._name_taken(tournament_id, name):
                    raise duplicate_name(name) from None
        raise duplicate_name(name)

    def _name_taken(self, tournament_id: str, name: str) -> bool:
        with _available(), self.engine.connect() as connection:
            return (
                connection.execute(
                    select(tournament_players.c.number).where(
                        tournament_players.c.tournament_id == tournament_id,
                        tournament_players.c.name_key == name_key(name),
                    )
                ).first()
                is not None
            )

    def _register_once(self, tournament_id: str, name: str) -> Registration:
        with _available(), self.engine.begin() as connection:
            self._lock(connection, tournament_id)
            drawn = connection.execute(
                select(func.count())
                .select_from(tournament_draws)
                .where(tournament_draws.c.tournament_id == tournament_id)
            ).scalar()
            if drawn:
                raise registration_closed()
            key = name_key(name)
            taken = connection.execute(
                select(tournament_players.c.number).where(
                    tournament_players.c.tournament_id == tournament_id, tournament_players.c.name_key == key
                )
            ).first()
            if taken is not None:
                raise duplicate_name(name)
            last = connection.execute(
                select(func.max(tournament_players.c.number)).where(tournament_players.c.tournament_id == tournament_id)
            ).scalar()
            number = int(last or 0) + 1
            connection.execute(
                insert(tournament_players).values(tournament_id=tournament_id, number=number, name=name, name_key=key)
            )
        return Registration(number, name)

    def register_many(self, tournament_id: str, names: Sequence[str]) -> list[Registration]:
        """PT-5: all names in one transaction under the tournament's lock, or none."""
        for _ in range(REGISTER_ATTEMPTS):
            try:
                return self._register_all_once(tournament_id, names)
            except IntegrityError:
                for name in names:
                    if self._name_taken(tournament_id, name):
                        raise duplicate_name(name) from None
        raise duplicate_name(names[0])

    def _register_all_once(self, tournament_id: str, names: Sequence[str]) -> list[Registration]:
        with _available(), self.engine.begin() as connection:
            self._lock(connection, tournament_id)
            drawn = connection.execute(
                select(func.count())
                .select_from(tournament_draws)
                .where(tournament_draws.c.tournament_id == tournament_id)
            ).scalar()
            if drawn:
                raise registration_closed()
            keys = [name_key(name) for name in names]
            taken = set(
                connection.execute(
                    select(tournament_players.c.name_key).where(
                        tournament_players.c.tournament_id == tournament_id, tournament_players.c.name_key.in_(keys)
                    )
                ).scalars()
            )
            for name, key in zip(names, keys, strict=True):
                if key in taken:
                    raise duplicate_name(name)
            last = connection.execute(
                select(func.max(tournament_players.c.number)).where(tournament_players.c.tournament_id == tournament_id)
            ).scalar()
            first = int(last or 0) + 1
            added = [Registration(first + i, name) for i, name in enumerate(names)]
            if added:
                connection.execute(
                    insert(tournament_players),
                    [
                        {"tournament_id": tournament_id, "number": r.number, "name": r.name, "name_key": key}
                        for r, key in zip(added, keys, strict=True)
                    ],
                )
        return added

    def players(self, tournament_id: str) -> list[Registration]:
        self.get(tournament_id)
        query = (
            select(tournament_players.c.number, tournament_players.c.name)
            .where(tournament_players.c.tournament_id == tournament_id)
            .order_by(tournament_players.c.number)
        )
        with _available(), self.engine.connect() as connection:
            return [Registration(int(row.number), row.name) for row in connection.execute(query)]

    def add_draw(self, tournament_id: str, stored: StoredDraw) -> None:
        draw = stored.draw
        try:
            with _available(), self.engine.begin() as connection:
                self._lock(connection, tournament_id)
                numbers = [r.number for r in self._players_in(connection, tournament_id)]
                if tuple(sorted(draw.permutation)) != pool(
                    numbers, self._changes_in(connection, tournament_id), draw.pass_no
                ):
                    if self._draw_count(connection, tournament_id) >= draw.pass_no:
                        raise already_drawn(draw.pass_no)
                    raise pool_changed(draw.pass_no)
                connection.execute(
                    insert(tournament_draws).values(
                        tournament_id=tournament_id,
                        pass_no=draw.pass_no,
                        seed=draw.seed,
                        permutation=list(draw.permutation),
                        tables=[list(table) for table in draw.tables],
                        match_ids=list(stored.match_ids),
                        drawn_at=stored.drawn_at,
                    )
                )
        except IntegrityError:
            raise already_drawn(draw.pass_no) from None

    def draws(self, tournament_id: str) -> list[StoredDraw]:
        self.get(tournament_id)
        query = (
            select(tournament_draws)
            .where(tournament_draws.c.tournament_id == tournament_id)
            .order_by(tournament_draws.c.pass_no)
        )
        with _available(), self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            StoredDraw(
                Draw(
                    int(row.pass_no),
                    row.seed,
                    tuple(int(n) for n in row.permutation),
                    tuple(tuple(int(n) for n in table) for table in row.tables),
                ),
                tuple(row.match_ids),
                row.drawn_at,
            )
            for row in rows
        ]

    # --- players between passes (PT-7) ------------------------------------------------------------

    @staticmethod
    def _players_in(connection: Connection, tournament_id: str) -> list[Registration]:
        query = (
            select(tournament_players.c.number, tournament_players.c.name)
            .where(tournament_players.c.tournament_id == tournament_id)
            .order_by(tournament_players.c.number)
        )
        return [Registration(int(row.number), row.name) for row in connection.execute(query)]

    @staticmethod
    def _changes_in(connection: Connection, tournament_id: str) -> list[PlayerChange]:
        query = (
            select(tournament_changes)
            .where(tournament_changes.c.tournament_id == tournament_id)
            .order_by(tournament_changes.c.seq)
        )
        return [
            PlayerChange(
                int(row.seq),
                int(row.before_pass),
                row.kind,
                None if row.leaving is None else int(row.leaving),
                None if row.joining is None else int(row.joining),
                row.at,
            )
            for row in connection.execute(query)
        ]

    @staticmethod
    def _draw_count(connection: Connection, tournament_id: str) -> int:
        return int(
            connection.execute(
                select(func.count())
                .select_from(tournament_draws)
                .where(tournament_draws.c.tournament_id == tournament_id)
            ).scalar()
            or 0
        )

    def change_players(
        self, tournament_id: str, before_pass: int, leaving: int | None, joining_name: str | None, at: datetime
    ) -> PlayerChange:
        # SQLite reads outside the write lock: two racing changes can plan the same seq or number; the
        # primary keys refuse the second, which plans again on the fresh field (and may be refused).
        for _ in range(REGISTER_ATTEMPTS):
            try:
                return self._change_once(tournament_id, before_pass, leaving, joining_name, at)
            except IntegrityError:
                continue
        raise pool_changed(before_pass)

    def _change_once(
        self, tournament_id: str, before_pass: int, leaving: int | None, joining_name: str | None, at: datetime
    ) -> PlayerChange:
        with _available(), self.engine.begin() as connection:
            self._lock(connection, tournament_id)
            players = self._players_in(connection, tournament_id)
            changes = self._changes_in(connection, tournament_id)
            planned = plan_change(
                players, changes, self._draw_count(connection, tournament_id), before_pass, leaving, joining_name
            )
            change = PlayerChange(len(changes) + 1, before_pass, planned.kind, planned.leaving, planned.joining, at)
            if planned.registration is not None:
                registration = planned.registration
                connection.execute(
                    insert(tournament_players).values(
                        tournament_id=tournament_id,
                        number=registration.number,
                        name=registration.name,
                        name_key=name_key(registration.name),
                    )
                )
            connection.execute(
                insert(tournament_changes).values(
                    tournament_id=tournament_id,
                    seq=change.seq,
                    before_pass=change.before_pass,
                    kind=change.kind,
                    leaving=change.leaving,
                    joining=change.joining,
                    at=change.at,
                )
            )
        return change

    def changes(self, tournament_id: str) -> list[PlayerChange]:
        self.get(tournament_id)
        with _available(), self.engine.connect() as connection:
            return self._changes_in(connection, tournament_id)

    # --- archiving (PT-9) -------------------------------------------------------------------------

    def archive(self, tournament_id: str, at: datetime, actor: str | None) -> TournamentRecord:
        return self._set_archived(tournament_id, at, actor)

    def restore(self, tournament_id: str) -> TournamentRecord:
        return self._set_archived(tournament_id, None, None)

    def _set_archived(self, tournament_id: str, at: datetime | None, actor: str | None) -> TournamentRecord:
        """Archives (``at``) or restores the tournament and, in the same transaction, freezes or thaws its
        score sheets (``matches.frozen_by``: the store then refuses every event appended to them)."""
        with _available(), self.engine.begin() as connection:
            found = self._lock(connection, tournament_id, active=False)
            if (found.archived_at is not None) == (at is not None):
                raise TournamentArchived(
                    "PT-9",
                    Text(
                        f"Das Turnier {found.title!r} ist schon {'archiviert' if at else 'in Gebrauch'}. "
                        "Nichts wurde geändert.",
                        f"The tournament {found.title!r} is {'archived' if at else 'in use'} already. "
                        "Nothing was changed.",
                    ),
                )
            connection.execute(
                update(tournaments)
                .where(tournaments.c.tournament_id == tournament_id)
                .values(archived_at=at, archived_by=actor)
            )
            sheets = [
                match_id
                for (ids,) in connection.execute(
                    select(tournament_draws.c.match_ids).where(tournament_draws.c.tournament_id == tournament_id)
                )
                for match_id in ids or ()
            ]
            if sheets:
                connection.execute(
                    update(matches)
                    .where(matches.c.match_id.in_(sheets))
                    .values(frozen_by=frozen_by_tournament(tournament_id) if at is not None else None)
                )
            row = connection.execute(select(tournaments).where(tournaments.c.tournament_id == tournament_id)).one()
        return _record(row)

    def list_archived(self, limit: int) -> list[TournamentRecord]:
        query = (
            select(tournaments)
            .where(tournaments.c.archived_at.is_not(None))
            .order_by(tournaments.c.archived_at.desc(), tournaments.c.tournament_id.desc())
            .limit(max(limit, 0))
        )
        with _available(), self.engine.connect() as connection:
            return [_record(row) for row in connection.execute(query)]
