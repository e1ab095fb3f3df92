"""Where tournaments live: the repository protocol and an in-memory implementation.

A repository stores and enforces only what must be atomic: a name registers once, a list of names
registers all together or not at all, nobody registers after the first draw, and each pass is drawn
once (PT-5, R-1.3); a change of players is recorded only between two draws and a draw only from the
pool the changes leave (PT-7). Nothing is ever deleted: a tournament is archived and restored (PT-9)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol, runtime_checkable

from stammtisch.club.tournament.changes import (
    NEW_REGISTRATION,
    PlayerChange,
    check_leaving,
    check_returning,
    kind_of,
    pool,
)
from stammtisch.club.tournament.errors import PassRunning, TournamentNotFound, TournamentRefused
from stammtisch.club.tournament.model import Registration, StoredDraw, TournamentRecord
from stammtisch.core.text import Text


def not_found(tournament_id: str) -> TournamentNotFound:
    return TournamentNotFound(
        "PT-0", Text(f"Kein Turnier {tournament_id!r}.", f"There is no tournament {tournament_id!r}.")
    )


def duplicate_name(name: str) -> TournamentRefused:
    return TournamentRefused(
        "PT-5",
        Text(f"{name!r} ist schon angemeldet.", f"{name!r} is registered already."),
    )


def registration_closed() -> TournamentRefused:
    return TournamentRefused(
        "R-1.3",
        Text(
            "Die Plätze sind schon ausgelost; neue Anmeldungen sind nicht mehr möglich.",
            "Seats have been drawn already; nobody can register any more.",
        ),
    )


def already_drawn(pass_no: int) -> TournamentRefused:
    return TournamentRefused(
        "R-1.3",
        Text(f"Durchgang {pass_no} ist schon ausgelost.", f"Pass {pass_no} has been drawn already."),
    )


def name_key(name: str) -> str:
    """Names are compared without case and surrounding blanks (PT-5)."""
    return " ".join(name.split()).casefold()


def drawn_meanwhile(drawn: int, before_pass: int) -> PassRunning:
    return PassRunning(
        "PT-7",
        Text(
            f"Inzwischen ist Durchgang {drawn} ausgelost; die Spielerinnen werden nicht mehr geändert. Nichts wurde "
            "gespeichert.",
            f"Pass {drawn} has been drawn meanwhile; players are no longer changed. Nothing was saved.",
        ),
    )


def pool_changed(pass_no: int) -> TournamentRefused:
    return TournamentRefused(
        "PT-7",
        Text(
            f"Während der Auslosung von Durchgang {pass_no} haben sich die Spielerinnen geändert; bitte neu auslosen.",
            f"The players changed while pass {pass_no} was being drawn; please draw again.",
        ),
    )


@dataclass(frozen=True, slots=True)
class PlannedChange:
    """A change checked against the stored field, ready to store: its kind, the leaver, the joiner's
    number and, for a new registration, the registration to add."""

    kind: str
    leaving: int | None
    joining: int | None
    registration: Registration | None


def plan_change(
    players: Sequence[Registration],
    changes: Sequence[PlayerChange],
    drawn: int,
    before_pass: int,
    leaving: int | None,
    joining_name: str | None,
) -> PlannedChange:
    """PT-7: check a change against the field as stored (under the repository's lock): exactly
    ``before_pass - 1`` passes are drawn, the leaver is in the next pool, a joining name is new (the
    next registration number) or belongs to a withdrawn player (she comes back)."""
    if drawn != before_pass - 1:
        raise drawn_meanwhile(drawn, before_pass)
    names = {p.number: p.name for p in players}
    active = pool(names, changes, before_pass)
    if leaving is not None:
        check_leaving(leaving, names, active)
    joining: int | None = None
    registration: Registration | None = None
    if joining_name is None:
        kind = kind_of(leaving, None)
    else:
        key = name_key(joining_name)
        existing = next((p.number for p in players if name_key(p.name) == key), None)
        if existing is not None:
            check_returning(existing, names, active)
            kind = kind_of(leaving, False)
            joining = existing
        else:
            kind = kind_of(leaving, True)
            joining = max(names, default=0) + 1
            registration = Registration(joining, joining_name)
    assert (registration is not None) == (kind in NEW_REGISTRATION)
    return PlannedChange(kind, leaving, joining, registration)


@runtime_checkable
class TournamentRepository(Protocol):
    def create(self, record: TournamentRecord) -> None: ...

    def get(self, tournament_id: str) -> TournamentRecord:
        """``TournamentNotFound`` for an unknown id."""
        ...

    def list_tournaments(self, limit: int) -> list[TournamentRecord]:
        """Newest first."""
        ...

    def register(self, tournament_id: str, name: str) -> Registration:
        """Next registration number; refused for a taken name or once a pass is drawn."""
        ...

    def register_many(self, tournament_id: str, names: Sequence[str]) -> list[Registration]:
        """All of ``names`` (distinct, cleaned) with the next numbers, or none: refused (naming the
        name) if any is taken, or once a pass is drawn."""
        ...

    def players(self, tournament_id: str) -> list[Registration]:
        """In registration order."""
        ...

    def add_draw(self, tournament_id: str, stored: StoredDraw) -> None:
        """Refused if this pass has a draw already (of two racing draws exactly one is stored)."""
        ...

    def draws(self, tournament_id: str) -> list[StoredDraw]:
        """In pass order."""
        ...

    def change_players(
        self, tournament_id: str, before_pass: int, leaving: int | None, joining_name: str | None, at: datetime
    ) -> PlayerChange:
        """PT-7, atomic (``plan_change`` under the tournament's lock): record a withdrawal, a late
        registration, a return or a replacement before the draw of ``before_pass``; nothing is
        written when it is refused."""
        ...

    def changes(self, tournament_id: str) -> list[PlayerChange]:
        """In the order they were recorded (``seq``)."""
        ...

    def archive(self, tournament_id: str, at: datetime, actor: str | None) -> TournamentRecord:
        """PT-9: mark the tournament archived (hidden from ``list_tournaments``, frozen); nothing is
        deleted. The archived record."""
        ...

    def restore(self, tournament_id: str) -> TournamentRecord:
        """PT-9: the archived tournament is in use again, as it was. The restored record."""
        ...

    def list_archived(self, limit: int) -> list[TournamentRecord]:
        """The archived tournaments, the most recently archived first."""
        ...


class InMemoryTournaments:
    """Tournaments in dicts, for tests and simulations. Thread-safe."""

    def __init__(self) -> None:
        self._records: dict[str, TournamentRecord] = {}
        self._players: dict[str, list[Registration]] = {}
        self._draws: dict[str, dict[int, StoredDraw]] = {}
        self._changes: dict[str, list[PlayerChange]] = {}
        self._lock = threading.Lock()

    def create(self, record: TournamentRecord) -> None:
        with self._lock:
            self._records[record.tournament_id] = record
            self._players[record.tournament_id] = []
            self._draws[record.tournament_id] = {}
            self._changes[record.tournament_id] = []

    def get(self, tournament_id: str) -> TournamentRecord:
        with self._lock:
            try:
                return self._records[tournament_id]
            except KeyError:
                raise not_found(tournament_id) from None

    def list_tournaments(self, limit: int) -> list[TournamentRecord]:
        with self._lock:
            records = sorted(
                (r for r in self._records.values() if r.archived_at is None),
                key=lambda r: (r.created_at, r.tournament_id),
                reverse=True,
            )
        return records[: max(limit, 0)]

    def register(self, tournament_id: str, name: str) -> Registration:
        self.get(tournament_id)
        with self._lock:
            players = self._players[tournament_id]
            if self._draws[tournament_id]:
                raise registration_closed()
            if any(name_key(p.name) == name_key(name) for p in players):
                raise duplicate_name(name)
            registration = Registration(len(players) + 1, name)
            players.append(registration)
            return registration

    def register_many(self, tournament_id: str, names: Sequence[str]) -> list[Registration]:
        self.get(tournament_id)
        with self._lock:
            players = self._players[tournament_id]
            if self._draws[tournament_id]:
                raise registration_closed()
            taken = {name_key(p.name) for p in players}
            for name in names:
                if name_key(name) in taken:
                    raise duplicate_name(name)
            added = [Registration(len(players) + i + 1, name) for i, name in enumerate(names)]
            players.extend(added)
            return added

    def players(self, tournament_id: str) -> list[Registration]:
        self.get(tournament_id)
        with self._lock:
            return list(self._players[tournament_id])

    def add_draw(self, tournament_id: str, stored: StoredDraw) -> None:
        self.get(tournament_id)
        with self._lock:
            draws = self._draws[tournament_id]
            if stored.draw.pass_no in draws:
                raise already_drawn(stored.draw.pass_no)
            numbers = [p.number for p in self._players[tournament_id]]
            if tuple(sorted(stored.draw.permutation)) != pool(
                numbers, self._changes[tournament_id], stored.draw.pass_no
            ):
                raise pool_changed(stored.draw.pass_no)
            draws[stored.draw.pass_no] = stored

    def draws(self, tournament_id: str) -> list[StoredDraw]:
        self.get(tournament_id)
        with self._lock:
            return [self._draws[tournament_id][p] for p in sorted(self._draws[tournament_id])]

    def change_players(
        self, tournament_id: str, before_pass: int, leaving: int | None, joining_name: str | None, at: datetime
    ) -> PlayerChange:
        self.get(tournament_id)
        with self._lock:
            players = self._players[tournament_id]
            changes = self._changes[tournament_id]
            planned = plan_change(players, changes, len(self._draws[tournament_id]), before_pass, leaving, joining_name)
            change = PlayerChange(len(changes) + 1, before_pass, planned.kind, planned.leaving, planned.joining, at)
            if planned.registration is not None:
                players.append(planned.registration)
            changes.append(change)
            return change

    def changes(self, tournament_id: str) -> list[PlayerChange]:
        self.get(tournament_id)
        with self._lock:
            return list(self._changes[tournament_id])

    def archive(self, tournament_id: str, at: datetime, actor: str | None) -> TournamentRecord:
        with self._lock:
            record = self._records.get(tournament_id)
            if record is None:
                raise not_found(tournament_id)
            archived = replace(record, archived_at=at, archived_by=actor)
            self._records[tournament_id] = archived
            return archived

    def restore(self, tournament_id: str) -> TournamentRecord:
        with self._lock:
            record = self._records.get(tournament_id)
            if record is None:
                raise not_found(tournament_id)
            restored = replace(record, archived_at=None, archived_by=None)
            self._records[tournament_id] = restored
            return restored

    def list_archived(self, limit: int) -> list[TournamentRecord]:
        with self._lock:
            records = [r for r in self._records.values() if r.archived_at is not None]
        records.sort(key=lambda r: (r.archived_at, r.tournament_id), reverse=True)
        return records[: max(limit, 0)]
