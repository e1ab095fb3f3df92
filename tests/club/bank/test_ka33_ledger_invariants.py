"""KA-33: one ledger, append-only. The bank's balance equals the sum of all bookings (cash in the box
minus the members' balances); a reversal cancels its booking; amounts are positive euros."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.bank.errors import BadAmount
from stammtisch.club.bank.ledger import balances, bank_balance, cash, euros, parse_euros
from stammtisch.club.bank.model import Reason, booking, reversal

NOW = datetime(2026, 1, 1, tzinfo=UTC)

bookings_strategy = st.lists(
    st.tuples(st.sampled_from(list(Reason)), st.integers(1, 5), st.integers(1, 50_000), st.integers(0, 800)),
    max_size=60,
)


def build(rows: list[tuple[Reason, int, int, int]]) -> list:
    return [
        booking(None if reason is Reason.SPENDING else member, reason, cents, date(2025, 1, 1) + timedelta(days), NOW)
        for reason, member, cents, days in rows
    ]


@given(bookings_strategy)
def test_bank_balance_is_the_sum_of_all_bookings(rows: list[tuple[Reason, int, int, int]]) -> None:
    book = build(rows)
    assert bank_balance(book) == cash(book) - sum(balances(book).values())
    for b in book:  # every booking balances: member side + bank side = cash side
        assert b.member_cents + b.bank_cents == b.cash_cents


@given(bookings_strategy)
def test_reversals_cancel(rows: list[tuple[Reason, int, int, int]]) -> None:
    book = [replace(b, booking_id=i) for i, b in enumerate(build(rows))]
    reversed_ = [reversal(b, "typo", NOW, 1, b.on) for b in book]
    both = book + reversed_
    assert bank_balance(both) == 0 and cash(both) == 0 and all(v == 0 for v in balances(both).values())


@pytest.mark.parametrize(("text", "cents"), [("12,50", 1250), ("12.5", 1250), ("3", 300), ("0,01", 1), ("8 €", 800)])
def test_amounts_in_euros(text: str, cents: int) -> None:
    assert parse_euros(text) == cents


@pytest.mark.parametrize("text", ["-5", "0", "0,00", "abc", "12,345", "", "10000,01", "1e3"])
def test_negative_zero_or_malformed_amounts_are_refused(text: str) -> None:
    with pytest.raises(BadAmount) as refused:
        parse_euros(text)
    assert refused.value.clause == "KA-33"
    assert "positiv" in refused.value.message.de and "positive" in refused.value.message.en


def test_euros_are_shown_per_language() -> None:
    assert euros(-123456, "de") == "-1.234,56 €"
    assert euros(1250, "en") == "€12.50"
