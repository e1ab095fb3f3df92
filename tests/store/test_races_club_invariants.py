"""The club's invariants under races (issue 31.3, docs/access.md "Invariants the store holds"), on SQLite
and PostgreSQL: requests hitting the store at once (threads released together by a barrier, a few
rounds, bounded) never break them, and the loser is refused in words, nothing written:

* AC-2: at least one active admin (two admins demoting or disabling each other);
* KA-33: an evening is booked once, a booking is reversed once (the ledger per member);
* KA-32: a season is closed once, and its evenings are frozen;
* AC-7: an invite is accepted once, and a newer invite ends the older one;
* R-1.3: a pass of a tournament is drawn once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from functools import partial
from typing import Any

import pytest

from stammtisch.club.bank.errors import BookingRefused, SeasonClosed
from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.bank.season import Season
from stammtisch.club.members import Role
from stammtisch.club.members.errors import AccountRefused, InviteRefused
from stammtisch.club.members.service import ClubService
from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance
from stammtisch.games.kluempchen import GAME
from stammtisch.matches.frozen import MatchFrozen
from stammtisch.matches.service import MatchService
from stammtisch.store import Store, open_store
from stammtisch.store.ledger import SqlLedger
from stammtisch.store.members import SqlClub
from stammtisch.store.tournament_sheets import tournament_service

NOW = datetime(2026, 5, 8, 18, tzinfo=UTC)
ROUNDS = 4
TIMEOUT = 30


@pytest.fixture
def store(sql_url: str) -> Iterator[Store]:
    opened = open_store(sql_url)
    yield opened
    opened.close()


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Runs ``calls`` in threads released together; each result is its value or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        barrier.wait(TIMEOUT)
        try:
            results[index] = call()
        except Exception as error:  # the loser's refusal, compared below
            results[index] = error

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
        assert not thread.is_alive(), "a racing call hung"
    return results


def refused_in_words(result: Any, kind: type[RuleViolation]) -> None:
    assert isinstance(result, kind), repr(result)
    assert result.message.de and result.message.en and "Traceback" not in result.message.en


def club_of(store: Store) -> ClubService:
    service = ClubService(SqlClub(store.engine), clock=lambda: NOW)
    if service.club() is None:
        service.init_club("Testverein", "Anna Admin", "test-passwort-1")
    return service


def test_two_admins_demoting_or_disabling_each_other_leave_one(store: Store) -> None:
    club = club_of(store)
    anna = club.find("Anna Admin").member_id
    bea = club.add_user("Bea Admin", Role.ADMIN, "test-passwort-2").member_id
    for round_no in range(3 * ROUNDS):
        first, second = (anna, bea) if round_no % 2 else (bea, anna)
        if round_no % 4 < 2:
            change: Callable[[int], Any] = lambda m: club.set_role(m, Role.MEMBER)  # noqa: E731
        else:
            change = lambda m: club.set_disabled(m, True)  # noqa: E731
        results = at_once(partial(change, first), partial(change, second))
        admins = [a for a in club.accounts() if a.role is Role.ADMIN and a.active]
        assert len(admins) == 1, results
        losers = [r for r in results if isinstance(r, Exception)]
        assert len(losers) == 1
        refused_in_words(losers[0], AccountRefused)
        assert "active admin" in losers[0].message.en
        for member_id in (anna, bea):  # both admins again for the next round
            club.set_disabled(member_id, False)
            club.set_role(member_id, Role.ADMIN)


def test_an_evening_is_booked_once_and_a_booking_reversed_once(store: Store) -> None:
    club = club_of(store)
    anna = club.find("Anna Admin").member_id
    ledger = SqlLedger(store.engine)
    day = NOW.date()
    for round_no in range(ROUNDS):
        lines = [booking(anna, Reason.LOST, 200, day, NOW, evening=f"e{round_no}", round=1)]
        book = partial(ledger.book_evening, f"e{round_no}", day, lines, NOW)
        results = at_once(book, book)
        assert sorted(results) == [False, True]
    (manual,) = ledger.append([booking(anna, Reason.CASH_IN, 500, day, NOW)])
    for _ in range(ROUNDS):
        results = at_once(*[partial(ledger.reverse, manual, "doppelt", anna, NOW, day)] * 3)
        assert len([r for r in results if not isinstance(r, Exception)]) <= 1
        for result in results:
            if isinstance(result, Exception):
                refused_in_words(result, BookingRefused)
    assert len([b for b in ledger.bookings() if b.reverses == manual]) == 1
    assert sum(b.member_cents for b in ledger.bookings(anna)) == -200 * ROUNDS  # each evening once


def test_a_season_is_closed_once_and_its_evenings_are_frozen(store: Store) -> None:
    club = club_of(store)
    anna = club.find("Anna Admin").member_id
    ledger = SqlLedger(store.engine)
    service = MatchService(store.repository, clock=lambda: NOW)
    evening = service.create("kluempchen", ["Anna", "Ben", "Carl", "Dora"], {"mode": "digital"}).match_id
    ledger.book_evening(evening, NOW.date(), [], NOW)
    for year in range(2020, 2020 + ROUNDS):
        season = Season(date(year, 5, 1), date(year + 1, 4, 30))
        results = at_once(*[partial(ledger.close_season, season, anna, NOW)] * 3)
        assert results.count(None) == 1
        for result in results:
            if result is not None:
                refused_in_words(result, SeasonClosed)
    ledger.close_season(Season(date(2026, 5, 1), date(2027, 4, 30)), anna, NOW)
    seq = service.snapshot(evening).seq
    turn = GAME.turn(service.state(evening))
    with pytest.raises(MatchFrozen) as refused:
        if isinstance(turn, Chance):
            service.enter_outcome(evening, turn.node.outcomes()[0], seq, "member:1", reason="Nachtrag")
        else:
            action = GAME.legal_actions(service.state(evening), turn.seats[0])[0]
            service.act(evening, turn.seats[0], action, seq, "member:1", reason="Nachtrag")
    assert "closed season" in refused.value.message.en and "abgeschlossenen Saison" in refused.value.message.de
    assert service.snapshot(evening).seq == seq


def test_an_invite_is_accepted_once_and_a_newer_one_ends_it(store: Store) -> None:
    club = club_of(store)
    for round_no in range(ROUNDS):
        member = club.add_user(f"Gast {round_no}", Role.MEMBER).member_id
        old = club.invite(member)
        secret = club.invite(member)
        with pytest.raises(InviteRefused):
            club.invited(old)  # the newer link ended the older one
        results = at_once(*[partial(club.accept_invite, secret, f"neues-passwort-{round_no}")] * 3)
        winners = [r for r in results if not isinstance(r, Exception)]
        assert len(winners) == 1
        for result in results:
            if isinstance(result, Exception):
                refused_in_words(result, InviteRefused)


def test_a_pass_is_drawn_once(store: Store) -> None:
    service = MatchService(store.repository, clock=lambda: NOW)
    tournaments = tournament_service(service)
    for round_no in range(ROUNDS):
        record = tournaments.create(f"Turnier {round_no}")
        tournaments.register_many(record.tournament_id, [f"Spielerin {i}" for i in range(8)])
        results = at_once(*[partial(tournaments.draw, record.tournament_id, 1, "s")] * 3)
        assert len([r for r in results if not isinstance(r, Exception)]) == 1
        for result in results:
            if isinstance(result, Exception):
                refused_in_words(result, TournamentRefused)
        assert len(tournaments.repository.draws(record.tournament_id)) == 1
