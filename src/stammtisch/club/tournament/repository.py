"""Where tournaments live: the repository protocol and an in-memory implementation.

A repository stores and enforces only what must be atomic: a name registers once, a list of names
registers all together or not at all, nobody registers after the first draw, and each pass is drawn
once (PT-5, R-1.3)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from stammtisch.club.tournament.errors import TournamentNotFound, TournamentRefused
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


class InMemoryTournaments:
    """Tournaments in dicts, for tests. Thread-safe."""

    def __init__(self) -> None:
        self._records: dict[str, TournamentRecord] = {}
        self._players: dict[str, list[Registration]] = {}
        self._draws: dict[str, dict[int, StoredDraw]] = {}
        self._lock = threading.Lock()

    def create(self, record: TournamentRecord) -> None:
        with self._lock:
            self._records[record.tournament_id] = record
            self._players[record.tournament_id] = []
            self._draws[record.tournament_id] = {}

    def get(self, tournament_id: str) -> TournamentRecord:
        with self._lock:
            try:
                return self._records[tournament_id]
            except KeyError:
                raise not_found(tournament_id) from None

    def list_tournaments(self, limit: int) -> list[TournamentRecord]:
        with self._lock:
            records = sorted(self._records.values(), key=lambda r: (r.created_at, r.tournament_id), reverse=True)
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
            draws[stored.draw.pass_no] = stored

    def draws(self, tournament_id: str) -> list[StoredDraw]:
        self.get(tournament_id)
        with self._lock:
            return [self._draws[tournament_id][p] for p in sorted(self._draws[tournament_id])]
