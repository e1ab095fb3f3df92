"""The club's bank in the database (``ledger_tables``): append bookings, book and reverse an evening,
close a season, read the book. Every write checks, in its own transaction, that no booking falls on
a closed season's day and that its members exist; a refusal writes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from stammtisch.club.bank.errors import BookingRefused, SeasonClosed, UnknownMember
from stammtisch.club.bank.model import Booking, Reason, reversal
from stammtisch.club.bank.season import Season
from stammtisch.core.text import Text
from stammtisch.matches.frozen import frozen_by_season
from stammtisch.store.ledger_tables import ledger_bookings, ledger_evenings, ledger_seasons
from stammtisch.store.tables import matches, members


def _booking(row: Any) -> Booking:
    return Booking(
        row.member_id,
        Reason(row.reason),
        row.member_cents,
        row.cash_cents,
        row.day,
        row.booked_at,
        row.booked_by,
        row.evening,
        row.round,
        row.note,
        row.reverses,
        row.booking_id,
    )


def _row(b: Booking) -> dict[str, Any]:
    return {
        "member_id": b.member_id,
        "reason": b.reason.value,
        "member_cents": b.member_cents,
        "cash_cents": b.cash_cents,
        "day": b.on,
        "booked_at": b.booked_at,
        "booked_by": b.booked_by,
        "evening": b.evening,
        "round": b.round,
        "note": b.note[:200],
        "reverses": b.reverses,
    }


class AlreadyReversed(BookingRefused):
    code = "bank/already_reversed"

    def __init__(self, booking_id: int) -> None:
        super().__init__(
            "KA-33",
            Text(
                f"Buchung {booking_id} ist schon storniert oder selbst ein Storno: "
                "storniert wird nur eine stehende Buchung, einmal.",
                f"Booking {booking_id} is already reversed or is itself a reversal: "
                "only a standing booking is reversed, once.",
            ),
        )


class SqlLedger:
    """The book behind ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- reading ----------------------------------------------------------------------------------
    def bookings(
        self, member_id: int | None = None, *, until: date | None = None, evening: str | None = None
    ) -> list[Booking]:
        query = select(ledger_bookings).order_by(ledger_bookings.c.day, ledger_bookings.c.booking_id)
        if member_id is not None:
            query = query.where(ledger_bookings.c.member_id == member_id)
        if until is not None:
            query = query.where(ledger_bookings.c.day <= until)
        if evening is not None:
            query = query.where(ledger_bookings.c.evening == evening)
        with self.engine.connect() as connection:
            return [_booking(row) for row in connection.execute(query)]

    def latest_bookings(self, count: int) -> list[Booking]:
        """The newest ``count`` bookings, in the book's order (the bank's page lists them)."""
        query = (
            select(ledger_bookings)
            .order_by(ledger_bookings.c.day.desc(), ledger_bookings.c.booking_id.desc())
            .limit(count)
        )
        with self.engine.connect() as connection:
            return [_booking(row) for row in reversed(connection.execute(query).all())]

    def booked_evenings(self) -> dict[str, date]:
        with self.engine.connect() as connection:
            return {row.match_id: row.day for row in connection.execute(select(ledger_evenings))}

    def is_booked(self, match_id: str) -> bool:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(ledger_evenings.c.match_id).where(ledger_evenings.c.match_id == match_id)
            ).first()
        return found is not None

    def closed_seasons(self) -> list[Season]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(ledger_seasons).order_by(ledger_seasons.c.start))
            return [Season(row.start, row.end) for row in rows]

    # --- writing ----------------------------------------------------------------------------------
    def append(self, bookings: Sequence[Booking]) -> list[int]:
        """Appends ``bookings`` in one transaction; refused (nothing written) on a closed season's day
        or for a member the club does not have."""
        with self.engine.begin() as connection:
            return self._append(connection, bookings)

    def reverse(self, booking_id: int, note: str, by: int | None, now: datetime, on: date) -> Booking:
        """A correction: the reversing booking of ``booking_id`` (dated ``on``, in an open season). Two
        reversals at once leave one; the other is refused in words (a booking is reversed once)."""
        _need_note(note)
        try:
            return self._reverse(booking_id, note, by, now, on)
        except IntegrityError:
            raise AlreadyReversed(booking_id) from None

    def _reverse(self, booking_id: int, note: str, by: int | None, now: datetime, on: date) -> Booking:
        with self.engine.begin() as connection:
            row = connection.execute(select(ledger_bookings).where(ledger_bookings.c.booking_id == booking_id)).first()
            if row is None:
                raise BookingRefused(
                    "KA-33", Text(f"Es gibt keine Buchung {booking_id}.", f"There is no booking {booking_id}.")
                )
            original = _booking(row)
            taken = connection.execute(
                select(ledger_bookings.c.booking_id).where(ledger_bookings.c.reverses == booking_id)
            ).first()
            if original.reverses is not None or taken is not None:
                raise AlreadyReversed(booking_id)
            if original.evening is not None:
                raise BookingRefused(
                    "KA-33",
                    Text(
                        "Buchungen eines Abends werden nur mit dem ganzen Abend storniert (Abend wieder öffnen).",
                        "An evening's bookings are reversed only with the whole evening (reopen the evening).",
                    ),
                )
            fix = reversal(original, note, now, by, on)
            (new_id,) = self._append(connection, [fix])
        return _with_id(fix, new_id)

    def book_evening(
        self, match_id: str, day: date, bookings: Sequence[Booking], now: datetime, seq: int | None = None
    ) -> bool:
        """Books a closed evening once: False (nothing written) if it is booked already. ``seq``: the
        match's last_seq the settlement was read at."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(ledger_evenings).values(match_id=match_id, day=day, booked_at=now, booked_seq=seq)
                )
                self._append(connection, bookings)
        except IntegrityError:
            if match_id in self.booked_evenings():
                return False
            raise
        return True

    def standing_evening(self, match_id: str) -> list[Booking]:
        """The evening's bookings in force (neither reversed nor a reversal)."""
        with self.engine.connect() as connection:
            return _standing(connection, match_id)

    def rebook_evening(
        self,
        match_id: str,
        day: date,
        bookings: Sequence[Booking],
        note: str,
        by: int | None,
        now: datetime,
        seq: int | None = None,
    ) -> int:
        """A corrected evening (KA-33, M-10), in one transaction: every standing booking of the evening
        is reversed and ``bookings`` (its new settlement) are booked, both with ``note`` (who: ``by``),
        so the book is never without the evening nor holds it twice. Returns how many were reversed."""
        _need_note(note)
        with self.engine.begin() as connection:
            marker = connection.execute(
                select(ledger_evenings.c.day).where(ledger_evenings.c.match_id == match_id).with_for_update()
            ).scalar()
            if marker is None:
                connection.execute(
                    insert(ledger_evenings).values(match_id=match_id, day=day, booked_at=now, booked_seq=seq)
                )
            else:
                connection.execute(
                    update(ledger_evenings).where(ledger_evenings.c.match_id == match_id).values(booked_seq=seq)
                )
            standing = _standing(connection, match_id)
            self._append(connection, [reversal(b, note, now, by, b.on) for b in standing])
            self._append(connection, [replace(b, note=note, booked_by=by) for b in bookings])
            return len(standing)

    def checked(self, match_id: str, seq: int) -> None:
        """The evening's booking still is its settlement at ``seq`` (a correction that changed no money)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(ledger_evenings).where(ledger_evenings.c.match_id == match_id).values(booked_seq=seq)
            )

    def unbooked_evenings(self, game: str) -> list[str]:
        """The matches of ``game`` not booked (running, being corrected, or refused), newest first: the
        bank's catch-up checks only these and the changed ones (issue 28.1), not every evening."""
        query = (
            select(matches.c.match_id)
            .where(matches.c.game == game, ~matches.c.match_id.in_(select(ledger_evenings.c.match_id)))
            .order_by(matches.c.created_at.desc(), matches.c.match_id.desc())
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def booked_between(self, start: date, end: date) -> list[str]:
        """The evenings booked on days ``start``..``end``."""
        query = select(ledger_evenings.c.match_id).where(ledger_evenings.c.day >= start, ledger_evenings.c.day <= end)
        query = query.order_by(ledger_evenings.c.day, ledger_evenings.c.match_id)
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def changed_evenings(self) -> list[str]:
        """Booked evenings whose log moved on since their booking was last checked (``booked_seq``)."""
        query = (
            select(ledger_evenings.c.match_id)
            .join(matches, matches.c.match_id == ledger_evenings.c.match_id)
            .where((ledger_evenings.c.booked_seq.is_(None)) | (ledger_evenings.c.booked_seq != matches.c.last_seq))
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def unbook_evening(self, match_id: str, note: str, by: int | None, now: datetime) -> int:
        """Reverses every standing booking of a booked evening (it is no longer booked); returns how many.

        The reversals are dated like the evening: a reopened evening of a closed season is refused."""
        _need_note(note)
        with self.engine.begin() as connection:
            marker = connection.execute(
                select(ledger_evenings.c.day).where(ledger_evenings.c.match_id == match_id)
            ).scalar()
            if marker is None:
                return 0
            standing = _standing(connection, match_id)
            self._append(connection, [reversal(b, note, now, by, b.on) for b in standing])
            connection.execute(delete(ledger_evenings).where(ledger_evenings.c.match_id == match_id))
            return len(standing)

    def close_season(self, season: Season, by: int | None, now: datetime) -> None:
        """Closes ``season`` once (KA-32): two closings at once leave one, the other is refused in words
        (the season's first day is the key)."""
        try:
            self._close_season(season, by, now)
        except IntegrityError:
            raise SeasonClosed(season.label) from None

    def _close_season(self, season: Season, by: int | None, now: datetime) -> None:
        with self.engine.begin() as connection:
            if connection.execute(select(ledger_seasons).where(ledger_seasons.c.start == season.start)).first():
                raise SeasonClosed(season.label)
            connection.execute(
                insert(ledger_seasons).values(start=season.start, end=season.end, closed_at=now, closed_by=by)
            )
            # KA-32: the season's evenings are kept as they are booked (the store refuses their events).
            evenings = select(ledger_evenings.c.match_id).where(
                ledger_evenings.c.day >= season.start, ledger_evenings.c.day <= season.end
            )
            connection.execute(
                update(matches)
                .where(matches.c.match_id.in_(evenings))
                .values(frozen_by=frozen_by_season(season.start.isoformat()))
            )

    # --- checks -----------------------------------------------------------------------------------
    def _append(self, connection: Connection, bookings: Sequence[Booking]) -> list[int]:
        if not bookings:
            return []
        days = {b.on for b in bookings}
        for row in connection.execute(select(ledger_seasons)):
            if any(row.start <= day <= row.end for day in days):
                raise SeasonClosed(Season(row.start, row.end).label)
        wanted = {b.member_id for b in bookings if b.member_id is not None} | {
            b.booked_by for b in bookings if b.booked_by is not None
        }
        if wanted:
            known = set(
                connection.execute(select(members.c.member_id).where(members.c.member_id.in_(wanted))).scalars()
            )
            missing = sorted(wanted - known)
            if missing:
                raise UnknownMember(missing[0])
        ids: list[int] = []
        for b in bookings:
            ids.append(
                connection.execute(
                    insert(ledger_bookings).values(**_row(b)).returning(ledger_bookings.c.booking_id)
                ).scalar_one()
            )
        return ids


def _standing(connection: Connection, match_id: str) -> list[Booking]:
    rows = [
        _booking(row)
        for row in connection.execute(
            select(ledger_bookings).where(ledger_bookings.c.evening == match_id).order_by(ledger_bookings.c.booking_id)
        )
    ]
    reversed_ids = {b.reverses for b in rows if b.reverses is not None}
    return [b for b in rows if b.reverses is None and b.booking_id not in reversed_ids]


def _need_note(note: str) -> None:
    if not note.strip():
        raise BookingRefused(
            "KA-33",
            Text(
                "Ein Storno braucht einen Grund (ein paar Worte, warum).",
                "A reversal needs a reason (a few words why).",
            ),
        )


def _with_id(b: Booking, booking_id: int) -> Booking:
    return replace(b, booking_id=booking_id)
