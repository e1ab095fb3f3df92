"""KA-33 with E-26 (issue 13.2): evenings where people nobody expected sit down between rounds (members
and externals, C-4) are booked to the cent of the engine's settlement, every round at its own N, each
new seat under its own member; only the rounds a guest played book anything for him."""

from __future__ import annotations

from datetime import UTC, date, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.club.bank.ledger import balances, bank_balance
from stammtisch.club.bank.model import Reason
from stammtisch.club.games.kluempchen import add_evening, evening_bookings
from stammtisch.games.kluempchen.evening import evening_totals
from tests.club.bank.evenings import random_evening

NOW = datetime(2026, 5, 8, 23, 0, tzinfo=UTC)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(4, 6),
    externals=st.sets(st.integers(0, 3), max_size=1),
    scope=st.sampled_from(["all_units", "loss_units_only"]),
    later=st.sets(st.integers(4, 5), max_size=1),
)
def test_e26_evenings_with_new_seats_book_their_settlement_to_the_cent(
    seed: int, seats: int, externals: set[int], scope: str, later: set[int]
) -> None:
    """KA-33, E-22, E-26, C-4: bookings per member = received - paid per seat, the bank's = the bank's
    intake; a seat that joined books only rounds it played; the season figures count him attending."""
    came_later = tuple(s for s in later if s < seats)
    options = {"external_share_scope": scope}
    state = random_evening(seed, seats, externals, options, came_later, min_rounds=3, guests=0.5)
    members = {s: 100 + s for s in range(state.seats)}
    bookings = evening_bookings(state, members, "m1", date(2026, 5, 8), NOW)
    paid, received, bank = evening_totals(state)
    assert bank_balance(bookings) == bank
    got = balances(bookings)
    assert all(got.get(100 + s, 0) == received[s] - paid[s] for s in range(state.seats))
    for seat in range(seats, state.seats):  # the seats that joined the running evening
        played = {r.number for r in state.rounds if any(seat in t.members for t in r.teams)}
        assert {b.round for b in bookings if b.member_id == 100 + seat} <= played | {None}
    payouts = [b for b in bookings if b.reason is Reason.EXTERNAL_PAYOUT]
    assert all(state.externals[b.member_id - 100] for b in payouts if b.member_id is not None)
    figures: dict = {}
    add_evening(figures, state, members)
    attended = {s for r in state.rounds for t in r.teams for s in t.members}
    assert {m - 100 for m, f in figures.items() if f.evenings} == attended


def test_e26_random_evenings_do_bring_guests() -> None:
    """The generator above really seats guests (else the property would prove nothing about them)."""
    grown = [random_evening(seed, 4, set(), min_rounds=3, guests=0.5).seats for seed in range(12)]
    assert sum(seats > 4 for seats in grown) >= 6
