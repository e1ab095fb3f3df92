"""KA-32/KA-33 on SQLite and PostgreSQL: the season report made from the database's sums
(``store.ledger_totals``, issue 28.1) equals the report made from every booking
(``club.bank.report.season_report``), and the book's totals equal ``balances``/``cash``/``bank_balance``
(and its newest lines the end of the whole book), over random books: payments, spending, fines, evenings
booked, corrected (reversed and booked anew), unbooked, single bookings reversed, and seasons closed
(later writes on their days refused)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete

from stammtisch.club.bank.errors import BankRefusal
from stammtisch.club.bank.ledger import balances, bank_balance, cash
from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.bank.report import report_from_totals, season_report
from stammtisch.club.bank.season import season_of
from stammtisch.club.members.model import Kind
from stammtisch.store import open_store
from stammtisch.store.ledger import SqlLedger
from stammtisch.store.ledger_tables import ledger_bookings, ledger_evenings, ledger_seasons
from stammtisch.store.ledger_totals import book_totals, season_totals
from stammtisch.store.members import SqlClub

NOW = datetime(2026, 5, 9, 10, tzinfo=UTC)
FIRST = date(2024, 3, 1)
DAYS = 900  # about three seasons (and a half before the first May)


@pytest.fixture
def book(sql_url: str) -> Iterator[tuple[SqlLedger, list[int]]]:
    store = open_store(sql_url)
    club = SqlClub(store.engine)
    people = [club.add_member(name, name.lower(), "", Kind.MEMBER, False, NOW).member_id for name in ("Anna", "Ben")]
    people.append(club.add_member("Cem", "cem", "", Kind.EXTERNAL, False, NOW).member_id)
    yield SqlLedger(store.engine), people
    store.close()


days = st.integers(0, DAYS).map(lambda n: FIRST + timedelta(days=n))
cents = st.integers(1, 5000)
who = st.integers(0, 3)  # 3: the bank itself (no member)
line = st.tuples(who, st.sampled_from(list(Reason)), cents)
operation = st.one_of(
    st.tuples(st.just("append"), days, st.lists(line, min_size=1, max_size=3)),
    st.tuples(st.just("evening"), st.integers(0, 5), days, st.lists(line, min_size=1, max_size=4)),
    st.tuples(st.just("rebook"), st.integers(0, 5), days, st.lists(line, max_size=4)),
    st.tuples(st.just("unbook"), st.integers(0, 5)),
    st.tuples(st.just("reverse"), st.integers(0, 60), days),
    st.tuples(st.just("close"), days),
)


def _play(ledger: SqlLedger, people: list[int], operations: list[Any]) -> None:
    def lines(spec: list[tuple[int, Reason, int]], day: date, evening: str | None) -> list[Any]:
        made = []
        for index, reason, amount in spec:
            member = people[index] if index < len(people) else None
            made.append(booking(member, reason, amount, day, NOW, evening=evening, round=1 if evening else None))
        return made

    for op in operations:
        try:
            if op[0] == "append":
                ledger.append(lines(op[2], op[1], None))
            elif op[0] == "evening":
                ledger.book_evening(f"e{op[1]}", op[2], lines(op[3], op[2], f"e{op[1]}"), NOW)
            elif op[0] == "rebook":
                evening = f"e{op[1]}"
                day = ledger.booked_evenings().get(evening, op[2])
                ledger.rebook_evening(evening, day, lines(op[3], day, evening), "korrigiert", None, NOW)
            elif op[0] == "unbook":
                ledger.unbook_evening(f"e{op[1]}", "wieder offen", None, NOW)
            elif op[0] == "reverse":
                plain = [b for b in ledger.bookings() if b.evening is None]
                if plain:
                    target = plain[op[1] % len(plain)].booking_id or 0
                    ledger.reverse(target, "falsch", None, NOW, op[2])
            else:
                ledger.close_season(season_of(op[1]), None, NOW)
        except BankRefusal:
            pass  # a closed season's day, a booking reversed twice: refused, nothing written


def _empty(ledger: SqlLedger) -> None:
    with ledger.engine.begin() as connection:
        for table in (ledger_bookings, ledger_evenings, ledger_seasons):
            connection.execute(delete(table))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=st.lists(operation, max_size=25), probe=st.lists(days, min_size=1, max_size=4))
def test_season_report_from_sums_equals_the_report_from_every_booking(
    book: tuple[SqlLedger, list[int]], operations: list[Any], probe: list[date]
) -> None:
    ledger, people = book
    _empty(ledger)
    _play(ledger, people, operations)
    everything = ledger.bookings()
    for day in [*probe, *(b.on for b in everything[:3])]:
        season = season_of(day)
        figures = {people[0]: "figures"}
        expected = season_report(season, everything, figures=figures)
        assert report_from_totals(season, season_totals(ledger.engine, season), figures=figures) == expected
        assert book_totals(ledger.engine, day) == (balances(everything, day), cash(everything, day),
                                                   bank_balance(everything, day))  # fmt: skip
    assert book_totals(ledger.engine) == (balances(everything), cash(everything), bank_balance(everything))
    assert ledger.latest_bookings(10) == everything[-10:]  # the bank page's newest lines


def test_an_empty_book_has_an_empty_report(book: tuple[SqlLedger, list[int]]) -> None:
    ledger, _ = book
    season = season_of(date(2025, 6, 1))
    assert report_from_totals(season, season_totals(ledger.engine, season)) == season_report(season, [])
    assert book_totals(ledger.engine) == ({}, 0, 0)
