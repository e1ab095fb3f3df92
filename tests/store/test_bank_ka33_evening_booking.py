"""KA-33 (issue 13.1) on SQLite and PostgreSQL: closing a Klümpchen evening books its settlement once
(by match id), to the cent; taking the close back (AC-5/M-10) reverses it; closing again re-books;
an evening with a paying seat not linked to a member is not booked (the refusal says which seat)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.ledger import balances, bank_balance
from stammtisch.club.members.model import Kind
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.evening import evening_totals
from stammtisch.games.kluempchen.model import CloseEvening, Join
from stammtisch.matches.service import MatchService
from stammtisch.store import open_store
from stammtisch.store.ledger_sync import BookingNotifier, EveningBooker
from stammtisch.store.members import SqlClub

NOW = datetime(2026, 5, 8, 18, tzinfo=UTC)  # 20:00 in the club (Europe/Berlin)


@pytest.fixture
def world(sql_url: str) -> Iterator[tuple[MatchService, EveningBooker, list[int]]]:
    store = open_store(sql_url)
    service = MatchService(store.repository, clock=lambda: NOW)
    booker = EveningBooker(service, store.engine, clock=lambda: NOW)
    club = SqlClub(store.engine)
    ids = [
        club.add_member(n, n.lower(), "", Kind.MEMBER, False, NOW).member_id for n in ("Anna", "Ben", "Carl", "Dora")
    ]
    yield service, booker, ids
    store.close()


def play_until_closed(service: MatchService, match_id: str, seed: int) -> None:
    """Random legal play; closes the evening as soon as a round is over and one was played."""
    rng = random.Random(seed)
    for _ in range(5000):
        state = service.state(match_id)
        turn = GAME.turn(state)
        seq = service.snapshot(match_id).seq
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            service.enter_outcome(match_id, sample(turn.node, rng), seq)
            continue
        seat = turn.seats[0]
        legal = GAME.legal_actions(state, seat)
        action = CloseEvening() if CloseEvening() in legal and len(state.rounds) >= 2 else rng.choice(legal)
        guest = f"Gast {state.seats + 1}" if isinstance(action, Join) else None  # M-12: a new seat is named
        service.act(match_id, seat, action, seq, player=guest)
    raise AssertionError("the evening did not end")


def new_evening(service: MatchService, booker: EveningBooker, ids: list[int], seed: int) -> str:
    match_id = service.create(
        "kluempchen", ["Anna", "Ben", "Carl", "Dora"], {"mode": "digital"}, {"externals": [3]}
    ).match_id
    booker.club.set_seats(match_id, list(enumerate(ids)))
    play_until_closed(service, match_id, seed)
    return match_id


def test_closing_books_once_to_the_cent(world: tuple[MatchService, EveningBooker, list[int]]) -> None:
    service, booker, ids = world
    match_id = new_evening(service, booker, ids, 7)
    assert booker.sync(match_id) == "booked"
    assert booker.sync(match_id) == "unchanged"
    book = booker.ledger.bookings()
    paid, received, bank = evening_totals(service.state(match_id))
    assert bank_balance(book) == bank
    got = balances(book)
    assert [got.get(m, 0) for m in ids] == [r - p for p, r in zip(paid, received, strict=True)]
    assert all(b.on == NOW.date() and b.evening == match_id for b in book)


def test_reopening_reverses_and_closing_again_rebooks(world: tuple[MatchService, EveningBooker, list[int]]) -> None:
    service, booker, ids = world
    match_id = new_evening(service, booker, ids, 11)
    booker.sync(match_id)
    before = balances(booker.ledger.bookings())
    seq = service.snapshot(match_id).seq
    service.undo(match_id, seq, "treasurer:2", reason="Abrechnung prüfen")
    assert booker.sync(match_id) == "reversed"
    assert all(v == 0 for v in balances(booker.ledger.bookings()).values())
    seat = GAME.turn(service.state(match_id)).seats[0]
    service.act(match_id, seat, CloseEvening(), service.snapshot(match_id).seq, "treasurer:2", reason="geprüft")
    assert booker.sync(match_id) == "booked"
    assert balances(booker.ledger.bookings()) == {k: v for k, v in before.items()}
    assert booker.rebook(match_id, ids[0], "Korrektur") > 0
    assert balances(booker.ledger.bookings()) == before


def test_the_notifier_books_as_the_evening_closes(world: tuple[MatchService, EveningBooker, list[int]]) -> None:
    service, booker, ids = world
    service.notifier = BookingNotifier(booker, None)
    match_id = new_evening(service, booker, ids, 3)
    assert match_id in booker.ledger.booked_evenings()


def test_an_unlinked_seat_is_not_booked(world: tuple[MatchService, EveningBooker, list[int]]) -> None:
    service, booker, ids = world
    match_id = service.create("kluempchen", ["Anna", "Ben", "Carl", "Dora"], {"mode": "digital"}).match_id
    booker.club.set_seats(match_id, list(enumerate(ids[:3])))
    play_until_closed(service, match_id, 5)
    problems = booker.sync_all()
    if booker.ledger.bookings(ids[0]) == [] and not problems:  # seat 4 neither paid nor was paid
        return
    assert isinstance(problems[match_id], BookingRefused) and "Seat 4" in problems[match_id].message.en
    assert booker.ledger.bookings() == [] and booker.ledger.booked_evenings() == {}
