"""M-12/E-26 on SQLite and PostgreSQL: a guest nobody expected and an external member join a running
Klümpchen evening; their seats are linked in ``match_seats`` (a new guest member made on the fly, the
member picked by name linked as himself, AC-1); the names come back from the stored log in a fresh
process; the closed evening is booked with their members, to the cent of the engine's settlement
(KA-33, C-4)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from stammtisch.club.bank.ledger import balances, bank_balance
from stammtisch.club.bank.model import Reason
from stammtisch.club.members.duplicates import duplicate_warning
from stammtisch.club.members.model import Kind
from stammtisch.club.members.service import ClubService
from stammtisch.games.kluempchen.evening import evening_totals
from stammtisch.games.kluempchen.model import PLAY, ROUND_OVER
from stammtisch.matches.guests import JoinRefused, seat_player
from stammtisch.matches.service import MatchService
from stammtisch.store import Store, open_store
from stammtisch.store.ledger_sync import EveningBooker
from stammtisch.store.members import SqlClub
from stammtisch.store.stats import StatsBook

NOW = datetime(2026, 5, 8, 18, tzinfo=UTC)
NAMES = ["Anna", "Ben", "Carl", "Dora"]


@pytest.fixture
def world(sql_url: str) -> Iterator[tuple[Store, MatchService, ClubService]]:
    store = open_store(sql_url)
    club = ClubService(SqlClub(store.engine), clock=lambda: NOW)
    club.repository.create_club("Würfelfreunde", "Anna Admin", "not-a-real-hash", NOW)  # the club is set up
    for name in NAMES:
        club.add_member(name)
    club.add_member("Xaver", kind=Kind.EXTERNAL)
    yield store, MatchService(store.repository, clock=lambda: NOW), club
    store.close()


def _scores(service: MatchService, match_id: str, winners: set[int]) -> None:
    """Score sheet: ``winners`` write 100 a turn, the others 10, until the round is over."""
    while (state := service.state(match_id)).phase == PLAY:
        owner = state.round.turn.owner
        service.act(match_id, owner, f"score {100 if owner in winners else 10}", service.snapshot(match_id).seq)


def _act(service: MatchService, match_id: str, seat: int, *notations: str) -> None:
    for notation in notations:
        service.act(match_id, seat, notation, service.snapshot(match_id).seq)


def test_m12_joined_seats_are_linked_named_and_booked(world: tuple[Store, MatchService, ClubService]) -> None:
    store, service, club = world
    match_id = service.create(
        "kluempchen", NAMES, {"team_draw": "manual"}, {"teams": [[0, 1], [2, 3]]}, mode="scoresheet"
    ).match_id
    club.link_seats(match_id, NAMES)
    _scores(service, match_id, {0, 1})
    assert service.state(match_id).phase == ROUND_OVER

    def join(seat: int, notation: str, name: str) -> None:
        seq = service.snapshot(match_id).seq
        seat_player(
            service, match_id, seat, notation, name, seq, duplicate=duplicate_warning, link=club.link_joined_seat
        )

    join(2, "join", "Olaf")
    service.undo(match_id, service.snapshot(match_id).seq)  # entered by mistake: taken back
    join(2, "join", "Karl")  # seat 4 again, now Karl's (the link follows, M-12)
    join(0, "join external", "xaver")  # the member's name in any case is the member (AC-1)
    with pytest.raises(JoinRefused) as refused:
        join(1, "join", "KARL")  # the shared duplicate check
    assert refused.value.clause == "M-12" and "Karl" in refused.value.message.de
    seats = club.seats(match_id)
    karl, xaver = club.member(seats[4]), club.member(seats[5])
    assert (karl.name, karl.guest, karl.kind) == ("Karl", True, Kind.MEMBER)
    assert xaver.name == "Xaver" and xaver.kind is Kind.EXTERNAL and sorted(seats) == [0, 1, 2, 3, 4, 5]
    assert service.players(match_id) == [*NAMES, "Karl", "xaver"]  # the name as entered at the table

    _act(service, match_id, 5, "redraw", "team 5 4", "team 0 1", "team 2 3")
    _scores(service, match_id, {0, 1, 2, 3})
    _act(service, match_id, 4, "close")
    state = service.state(match_id)
    record = state.rounds[1]
    assert [t.members for t in record.teams][record.loser] == (5, 4)
    assert {p.seat: p.cents for p in record.payments if p.reason == "lost"} == {5: 250, 4: 300}  # C-4.2

    fresh = MatchService(store.repository, clock=lambda: NOW)  # another worker, or after a restart
    assert fresh.players(match_id) == [*NAMES, "Karl", "xaver"] and fresh.state(match_id) == state
    booker = EveningBooker(fresh, store.engine, clock=lambda: NOW)
    assert booker.sync(match_id) == "booked"
    book = booker.ledger.bookings()
    paid, received, bank = evening_totals(state)
    assert bank_balance(book) == bank
    got = balances(book)
    assert [got.get(seats[s], 0) for s in range(6)] == [r - p for p, r in zip(paid, received, strict=True)]
    assert got[karl.member_id] == -paid[4] < 0 and got[xaver.member_id] == received[5] - paid[5] and received[5] > 0
    assert any(b.member_id == xaver.member_id and b.reason is Reason.EXTERNAL_PAYOUT for b in book)
    # ST-*: the statistics count the guests under their members: one evening, one round each, lost.
    (summary,) = [s for s in StatsBook(store.engine).summaries() if s.match_id == match_id]
    figures = dict(summary.members)
    assert sorted(figures) == sorted(seats.values())
    assert (figures[karl.member_id].evenings, figures[karl.member_id].rounds, figures[karl.member_id].lost) == (1, 1, 1)


def test_m12_a_joined_seat_left_unlinked_is_linked_by_name_when_booked(
    world: tuple[Store, MatchService, ClubService],
) -> None:
    """AC-1: a seat that joined through the plain service (an API client) without a link is linked by
    its name when the evening is booked; the seats linked at the start keep their members."""
    store, service, club = world
    match_id = service.create(
        "kluempchen", NAMES, {"team_draw": "manual"}, {"teams": [[0, 1], [2, 3]]}, mode="scoresheet"
    ).match_id
    club.link_seats(match_id, NAMES)
    _scores(service, match_id, {0, 1})
    service.act(match_id, 0, "join", service.snapshot(match_id).seq, player="Gustav")
    assert sorted(club.seats(match_id)) == [0, 1, 2, 3]
    _act(service, match_id, 4, "redraw", "team 4 2", "team 0 1")
    _scores(service, match_id, {0, 1})
    _act(service, match_id, 4, "close")
    booker = EveningBooker(service, store.engine, clock=lambda: NOW)
    assert booker.sync(match_id) == "booked"
    gustav = club.member(club.seats(match_id)[4])
    assert gustav.name == "Gustav" and gustav.guest
    assert balances(booker.ledger.bookings()).get(gustav.member_id, 0) < 0  # Gustav and Carl lost round 2
