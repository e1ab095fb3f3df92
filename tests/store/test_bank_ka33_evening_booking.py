"""KA-33 (issue 13.1) on SQLite and PostgreSQL: closing a Klümpchen evening books its settlement once
(by match id), to the cent; a correction after the end (AC-5/M-10) re-books it from its new settlement;
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
from stammtisch.matches import audit
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


def play_until_closed(service: MatchService, match_id: str, seed: int, rounds: int = 2) -> None:
    """Random legal play; closes the evening as soon as a round is over and ``rounds`` were played."""
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
        action = CloseEvening() if CloseEvening() in legal and len(state.rounds) >= rounds else rng.choice(legal)
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


def test_a_corrected_evening_is_rebooked_from_its_new_settlement(
    world: tuple[MatchService, EveningBooker, list[int]],
) -> None:
    """M-10, KA-33: taking the close back leaves the money booked while the evening is corrected; when
    it closes again, the old bookings are reversed and the new settlement booked, noted with who and why."""
    service, booker, ids = world
    match_id = new_evening(service, booker, ids, 11)
    assert booker.sync(match_id) == "booked"
    before = balances(booker.ledger.bookings())
    rounds = len(service.state(match_id).rounds)
    seq = service.snapshot(match_id).seq
    service.undo(match_id, seq, audit.member_actor(ids[1]), reason="Abrechnung prüfen")
    assert booker.sync(match_id) == "unchanged"
    assert balances(booker.ledger.bookings()) == before  # the last settlement stands while corrected
    with audit.bind(None, lambda: audit.member_actor(ids[1]), lambda: "eine Runde vergessen"):
        play_until_closed(service, match_id, 5, rounds=rounds + 1)  # every corrected step carries the reason
    assert booker.sync(match_id) == "rebooked"
    book = booker.ledger.bookings()
    paid, received, bank = evening_totals(service.state(match_id))
    assert bank_balance(book) == bank
    got = balances(book)
    members = booker.seats(match_id)
    net = [r - p for p, r in zip(paid, received, strict=True)]
    assert [got.get(members[seat], 0) if seat in members else 0 for seat in range(len(paid))] == net
    redone = [b for b in book if b.booked_at == NOW and "eine Runde vergessen" in b.note]
    assert redone and all(b.booked_by == ids[1] for b in redone)
    assert any(b.reverses is not None for b in redone) and any(b.reverses is None for b in redone)
    assert booker.sync(match_id) == "unchanged"
    assert booker.rebook(match_id, ids[0], "Korrektur") > 0  # the treasurer's repair: same money
    assert balances(booker.ledger.bookings()) == got


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


def test_a_correction_whose_rebooking_was_lost_is_caught_up(
    world: tuple[MatchService, EveningBooker, list[int]],
) -> None:
    """KA-33, M-10: if the re-booking after a correction never happened (the server stopped between the
    match write and the bank's), the bank's catch-up finds the evening by its log and re-books it."""
    service, booker, ids = world
    match_id = new_evening(service, booker, ids, 11)
    assert booker.sync(match_id) == "booked"
    rounds = len(service.state(match_id).rounds)
    service.undo(match_id, service.snapshot(match_id).seq, audit.member_actor(ids[1]), reason="vergessen")
    with audit.bind(None, lambda: audit.member_actor(ids[1]), lambda: "eine Runde vergessen"):
        play_until_closed(service, match_id, 5, rounds=rounds + 1)  # no notifier: the bank heard nothing
    assert booker.ledger.changed_evenings() == [match_id]
    assert booker.sync_all() == {}
    paid, received, bank = evening_totals(service.state(match_id))
    assert bank_balance(booker.ledger.bookings()) == bank
    assert booker.ledger.changed_evenings() == []
