"""Booking the evenings of the bank's game (Klümpchen, ``club.games.bank_game``) as they close
(issue 13.1, KA-33).

The bank follows the match logs: an evening whose game has ended (the Schreiber's ``close``, A.3) is
booked once (``ledger_evenings`` by match id: booking twice is impossible). An evening an admin or
treasurer takes back after its end (AC-5/M-10) keeps its booked settlement while it is corrected;
when it ends again, its bookings are reversed and its new settlement is booked in one transaction,
both noted with the correction's written reason and its author. The ledger is always the settlement
of the evening as it now stands. ``BookingNotifier`` does this
after every write of the match service; ``sync_all`` catches up (e.g. evenings closed while the
bank was not installed, or before their seats were linked to members)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Engine

from stammtisch.club.bank.model import Booking
from stammtisch.club.games import bank_game
from stammtisch.club.members.service import ClubService
from stammtisch.core.errors import RuleViolation
from stammtisch.matches import audit
from stammtisch.matches.notifier import Notifier
from stammtisch.matches.service import MatchService
from stammtisch.store.ledger import SqlLedger
from stammtisch.store.ledger_totals import linked_seats
from stammtisch.store.members import SqlClub

_log = logging.getLogger(__name__)

#: The club's local time: an evening belongs to the day it started there (season boundary, KA-32).
CLUB_ZONE = ZoneInfo("Europe/Berlin")
BANK = bank_game()
SLUG = BANK.slug
CORRECTED = "Abend korrigiert / evening corrected"


def correction_note(reason: str) -> str:
    """The note of a corrected evening's reversals and new bookings: the correction's written reason."""
    return f"{CORRECTED}: {reason}" if reason.strip() else CORRECTED


def _same(standing: Sequence[Booking], lines: Sequence[Booking]) -> bool:
    """Whether the standing bookings are the settlement ``lines`` (then a correction changed no money)."""

    def key(b: Booking) -> tuple[Any, ...]:
        return (b.member_id, b.reason, b.member_cents, b.cash_cents, b.on, b.round)

    return sorted(map(key, standing), key=repr) == sorted(map(key, lines), key=repr)


def _now() -> datetime:
    return datetime.now(UTC)


class EveningBooker:
    """Books and reverses the bank game's evenings of ``service`` in the ledger on ``engine``."""

    def __init__(self, service: MatchService, engine: Engine, clock: Callable[[], datetime] = _now) -> None:
        self.service = service
        self.ledger = SqlLedger(engine)
        self.club = SqlClub(engine)
        self.clock = clock

    def ended_state(self, match_id: str) -> Any | None:
        state = self.service.state(match_id)
        return state if BANK.ended(state) else None

    def sync(self, match_id: str, by: int | None = None, seq: int | None = None) -> str:
        """Brings one evening's bookings in line with its log: 'booked', 'rebooked' or 'unchanged'
        (``seq``: the write just made, which the match service still has in memory). Raises the
        refusal (nothing written) when an ended evening cannot be booked.

        An evening taken back after its end (M-10) keeps its last settlement booked while it is
        corrected; once it ends again, its standing bookings are reversed and the new settlement is
        booked in one transaction (``SqlLedger.rebook_evening``), with who corrected it and why."""
        record, latest, _ = self.service.latest(match_id, seq)
        if record.game != SLUG:
            return "unchanged"
        state = latest if BANK.ended(latest) else None
        if state is None:
            # Running, or being corrected: nothing to book yet (and no ledger read on every step of a
            # running evening, bench/hammer.py).
            return "unchanged"
        booked = self.ledger.is_booked(match_id)
        day = record.created_at.astimezone(CLUB_ZONE).date()
        lines = BANK.evening_bookings(state, self.seats(match_id, state), match_id, day, self.clock())
        at = seq if seq is not None else self.service.snapshot(match_id).seq
        if not booked:
            return "booked" if self.ledger.book_evening(match_id, day, lines, self.clock(), at) else "unchanged"
        if _same(self.ledger.standing_evening(match_id), lines):
            self.ledger.checked(match_id, at)
            return "unchanged"
        who, why = self.correction(match_id)
        note = correction_note(why)
        self.ledger.rebook_evening(match_id, day, lines, note, by if by is not None else who, self.clock(), at)
        return "rebooked"

    def correction(self, match_id: str) -> tuple[int | None, str]:
        """Who made the latest change with a written reason to the closed evening, and why (M-10, M-11)."""
        for event in reversed(self.service.events(match_id)):
            if event.reason:
                return audit.member_of(event.actor), event.reason
        return None, ""

    def seats(self, match_id: str, state: Any | None = None) -> dict[int, int]:
        """The evening's seats as members (AC-1). An evening started from names whose seats were never
        linked is linked now by its players' names (unknown names become guests, as AC-1 does); so is a
        seat that joined the running evening without a link (M-12). Linked seats keep their member.
        ``state``: the evening's state when the caller has it (then an evening whose seats are all
        linked is answered without reading its log: the season's figures ask for hundreds)."""
        seats = self.club.seats(match_id)
        record = self.service.record(match_id)
        return self._seats(match_id, state, seats, record)

    def _seats(self, match_id: str, state: Any | None, seats: dict[int, int], record: Any) -> dict[int, int]:
        started = len(record.players)
        if seats and state is not None:
            count = self.service.games[record.game].seat_count(state, started)
            if all(seat in seats for seat in range(started, count)):
                return seats
        players = self.service.players(match_id)  # M-12: with the seats that joined the running evening
        if seats:  # only the joined seats not linked yet: a seat left unlinked at the start stays so
            players = ["" if seat < started or seat in seats else name for seat, name in enumerate(players)]
        if any(players) and self.club.club() is not None:
            try:
                seats = ClubService(self.club).link_seats(match_id, players)
            except RuleViolation as refusal:  # a name the club refuses: the evening stays unbooked
                _log.info("seats of %s not linked: %s", match_id, refusal)
        return seats

    def rebook(self, match_id: str, by: int | None, note: str) -> int:
        """Reverses an evening's bookings and books it again from its log, in one transaction (the
        treasurer's repair, e.g. after its seats were linked anew); returns how many were reversed."""
        record, latest, _ = self.service.latest(match_id)
        if record.game != SLUG or not BANK.ended(latest):
            return self.ledger.unbook_evening(match_id, note, by, self.clock())
        day = record.created_at.astimezone(CLUB_ZONE).date()
        lines = BANK.evening_bookings(latest, self.seats(match_id, latest), match_id, day, self.clock())
        return self.ledger.rebook_evening(match_id, day, lines, note, by, self.clock())

    def evenings(self) -> list[str]:
        return [r.match_id for r in self.service.list_matches(1_000_000, SLUG)]

    def sync_all(self) -> dict[str, RuleViolation]:
        """Books every ended evening not yet booked and re-checks the booked ones whose log moved on
        since (``booked_seq``: a correction whose re-booking was lost, e.g. to a crash); a catch-up, so
        the evenings already in line cost one query, and a page stays fast with years of evenings.
        Returns the evenings that could not be booked and why."""
        problems: dict[str, RuleViolation] = {}
        # Only the evenings not booked yet and those changed since (issue 28.1): with years of evenings
        # the catch-up reads two small query results, not every evening's record.
        pending = self.ledger.unbooked_evenings(SLUG)
        waiting = set(pending)
        pending += [m for m in self.ledger.changed_evenings() if m not in waiting]
        for match_id in pending:
            try:
                self.sync(match_id)
            except RuleViolation as refusal:
                problems[match_id] = refusal
        return problems

    def figures(self, start: date, end: date) -> dict[int, Any]:
        """The bank game's figures per member of the booked evenings on days ``start``..``end``: each
        evening's final state from the read model (``store.read_models``), else folded from its log."""
        from stammtisch.store import read_models  # the read model imports this module's bank game

        figures: dict[int, Any] = {}
        evenings = self.ledger.booked_between(start, end)
        kept = read_models.final_states(self.ledger.engine, evenings, read_models.current_version())
        # The evenings' linked seats and records in two queries, not two per evening (issue 28.1).
        linked = linked_seats(self.ledger.engine, evenings)
        records = self.service.repository.records(evenings) if hasattr(self.service.repository, "records") else {}
        for match_id in evenings:
            state = kept.get(match_id)
            if state is None:
                state = self.ended_state(match_id)
            if state is not None:
                record = records.get(match_id) or self.service.record(match_id)
                BANK.add_evening(figures, state, self._seats(match_id, state, linked.get(match_id, {}), record))
        return figures


class BookingNotifier:
    """A ``Notifier`` that books an evening after each write, then passes the notice on. A refused
    booking never undoes the write (the bank page lists the evening with the reason)."""

    def __init__(self, booker: EveningBooker, inner: Notifier | None) -> None:
        self.booker = booker
        self.inner = inner

    def publish(self, match_id: str, seq: int) -> None:
        try:
            self.booker.sync(match_id, seq=seq)
        except RuleViolation as refusal:
            _log.info("evening %s not booked: %s", match_id, refusal)
        except Exception:
            _log.exception("booking evening %s failed", match_id)
        if self.inner is not None:
            self.inner.publish(match_id, seq)
