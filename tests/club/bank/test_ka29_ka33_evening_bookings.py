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
)
def test_an_evenings_bookings_equal_its_settlement(seed: int, seats: int, externals: set[int], scope: str) -> None:
    state = random_evening(seed, seats, externals, {"external_share_scope": scope})
    members = {s: 100 + s for s in range(seats)}
    bookings = evening_bookings(state, members, "m1", date(2026, 5, 8), NOW)
    paid, received, bank = evening_totals(state)
    assert bank_balance(bookings) == bank
    got = balances(bookings)
    for seat in range(seats):
        assert got.get(100 + seat, 0) == received[seat] - paid[seat]
    assert all(b.evening == "m1" and b.booked_by is None and b.cents > 0 for b in bookings)
    payouts = [b for b in bookings if b.reason is Reason.EXTERNAL_PAYOUT]
    assert all(state.externals[b.member_id - 100] for b in payouts if b.member_id is not None)


def test_a_paying_seat_without_a_member_is_refused() -> None:
    for seed in range(50):
        state = random_evening(seed, 4, set())
        if state.rounds:
            break
    with pytest.raises(BookingRefused) as refused:
        evening_bookings(state, {0: 1, 1: 2, 2: 3}, "m1", date(2026, 5, 8), NOW)
    assert refused.value.clause == "KA-33"
    assert "Platz 4" in refused.value.message.de and "Seat 4" in refused.value.message.en
