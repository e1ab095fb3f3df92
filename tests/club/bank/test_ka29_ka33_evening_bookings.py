"""KA-33 (one ledger), K-11..K-15, S-7, C-4/KA-29: a closed evening's bookings equal its settlement to
the cent, per member and for the bank; an evening with an unlinked paying seat is refused."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.ledger import balances, bank_balance
from stammtisch.club.bank.model import Reason
from stammtisch.club.games.kluempchen import evening_bookings
from stammtisch.games.kluempchen.evening import evening_totals
from tests.club.bank.evenings import random_evening

NOW = datetime(2026, 5, 8, 23, 0, tzinfo=UTC)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(4, 7),
    externals=st.sets(st.integers(0, 3), max_size=2),
    scope=st.sampled_from(["all_units", "loss_units_only"]),
    later=st.sets(st.integers(4, 6), max_size=2),
)
def test_an_evenings_bookings_equal_its_settlement(
    seed: int, seats: int, externals: set[int], scope: str, later: set[int]
) -> None:
    """KA-33: to the cent, also when players arrive and leave between rounds (E-22: each round at its N)
    and when someone nobody expected sits down (E-26: the evening's seats grow, each linked to a member)."""
    came_later = tuple(s for s in later if s < seats)
    state = random_evening(seed, seats, externals, {"external_share_scope": scope}, came_later, min_rounds=3)
    members = {s: 100 + s for s in range(state.seats)}
    bookings = evening_bookings(state, members, "m1", date(2026, 5, 8), NOW)
    paid, received, bank = evening_totals(state)
    assert bank_balance(bookings) == bank
    got = balances(bookings)
    for seat in range(state.seats):
        assert got.get(100 + seat, 0) == received[seat] - paid[seat]
    assert all(b.evening == "m1" and b.booked_by is None and b.cents > 0 for b in bookings)
    payouts = [b for b in bookings if b.reason is Reason.EXTERNAL_PAYOUT]
    assert all(state.externals[b.member_id - 100] for b in payouts if b.member_id is not None)


def test_a_paying_seat_without_a_member_is_refused() -> None:
    for seed in range(50):
        state = random_evening(seed, 4, set())
        if any(p.seat == 3 and p.cents for record in state.rounds for p in record.payments):
            break  # seat 4 paid (random evenings may seat guests, E-26, and the payers vary)
    with pytest.raises(BookingRefused) as refused:
        evening_bookings(state, {0: 1, 1: 2, 2: 3}, "m1", date(2026, 5, 8), NOW)
    assert refused.value.clause == "KA-33"
    assert "Platz 4" in refused.value.message.de and "Seat 4" in refused.value.message.en


def test_an_evening_with_arrivals_and_leaves_books_each_round_at_its_n() -> None:
    """E-22, S-9/KA-28: players come and go between rounds; each round's bookings are that round's
    settlement, its units counted at the players of that round, and the evening's total is the engine's."""
    for seed in range(200):
        state = random_evening(seed, 7, {1}, later=(5, 6), min_rounds=4)
        sizes = {sum(len(team.members) for team in record.teams) for record in state.rounds}
        if len(sizes) >= 3:
            break
    assert len(sizes) >= 3, "no random evening with three different table sizes"
    bookings = evening_bookings(state, {s: 100 + s for s in range(state.seats)}, "m1", date(2026, 5, 8), NOW)
    for record in state.rounds:
        n = sum(len(team.members) for team in record.teams)
        booked = [b for b in bookings if b.round == record.number]
        assert sum(b.cents for b in booked) == sum(p.cents for p in record.payments) + sum(
            p.cents for p in record.payouts
        )
        for p in record.payments:
            assert p.cents == p.units * 50 * (n - 1 if state.externals[p.seat] else n)
    paid, received, bank = evening_totals(state)
    assert bank_balance(bookings) == bank
