"""C-2 and KA-31 (issue 13.2; readings RM-1 … RM-5 in docs/rulings/reminders.md): birthday rounds are owed
on the evenings from the birthday to 13 days after it, club dates remind of a voluntary round for the week
from that day; 29 February and the turn of the year; bad dates are refused in German and English."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.reminders import (
    BIRTHDAY_DAYS_AFTER,
    SPECIAL_DAYS_AFTER,
    ClubDate,
    Kind,
    ReminderRefused,
    occurrence,
    parse_birthday,
    parse_club_date,
    reminders_for,
)

TODAY = date(2026, 11, 24)


def test_c2_1_birthday_on_the_evening() -> None:
    """C-2.1: on her birthday she buys a round for the members present."""
    (line,) = reminders_for(date(2026, 3, 13), [("Anna", date(1970, 3, 13))], [])
    assert line.kind is Kind.BIRTHDAY
    assert line.text.de == "Heute hat Anna Geburtstag: Anna gibt eine Runde für die anwesenden Mitglieder aus."
    assert line.text.en == "It's Anna's birthday today: Anna buys a round for the members present."


def test_rm1_zeitnah_means_up_to_13_days_after() -> None:
    """RM-1: "zeitnah": the evenings of the two weeks from the birthday; not before it, not later."""
    born = [("Ben", date(1980, 6, 1))]
    (late,) = reminders_for(date(2026, 6, 12), born, [])
    assert late.text.de.startswith("Ben hatte am 1. Juni Geburtstag") and "had a birthday on 1 June" in late.text.en
    assert reminders_for(date(2026, 6, 1) + timedelta(days=BIRTHDAY_DAYS_AFTER), born, []) != ()
    assert reminders_for(date(2026, 6, 1) + timedelta(days=BIRTHDAY_DAYS_AFTER + 1), born, []) == ()
    assert reminders_for(date(2026, 5, 31), born, []) == ()


def test_rm3_turn_of_the_year_and_29_february() -> None:
    """RM-3: a birthday on 28 December reaches the first evenings of January; 29 February is 28 February
    in other years."""
    assert reminders_for(date(2027, 1, 8), [("Carl", date(1975, 12, 28))], [])[0].on == date(2026, 12, 28)
    assert occurrence(2, 29, 2027) == date(2027, 2, 28) and occurrence(2, 29, 2028) == date(2028, 2, 29)
    (line,) = reminders_for(date(2027, 2, 28), [("Dora", date(1992, 2, 29))], [])
    assert line.text.de.startswith("Heute hat Dora Geburtstag")


def test_c2_2_holiday_rounds_are_voluntary() -> None:
    """C-2.2 / RM-2: a club date shows a voluntary round on the evenings of the week from that day."""
    christmas = ClubDate(1, "Weihnachten", 12, 24)
    (line,) = reminders_for(date(2026, 12, 25), [], [christmas])
    assert line.kind is Kind.SPECIAL and "freiwillig" in line.text.de and "voluntary" in line.text.en
    assert reminders_for(date(2026, 12, 24) + timedelta(days=SPECIAL_DAYS_AFTER + 1), [], [christmas]) == ()
    once = ClubDate(2, "Vereinsfahrt", 9, 4, 2026)
    assert reminders_for(date(2026, 9, 4), [], [once])[0].text.de.startswith("Heute: Vereinsfahrt")
    assert reminders_for(date(2027, 9, 4), [], [once]) == ()


def test_ka31_owed_rounds_come_first_then_voluntary_ones() -> None:
    """KA-31: reminders only (no money); the owed birthday rounds are listed before voluntary rounds."""
    lines = reminders_for(
        date(2026, 12, 26),
        [("Zora", date(1990, 12, 20)), ("Emil", date(1990, 12, 26))],
        [ClubDate(1, "Weihnachten", 12, 24)],
    )
    assert [(r.kind, r.name) for r in lines] == [
        (Kind.BIRTHDAY, "Zora"),
        (Kind.BIRTHDAY, "Emil"),
        (Kind.SPECIAL, "Weihnachten"),
    ]


@given(born=st.dates(date(1900, 1, 1), date(2020, 12, 31)), evening=st.dates(date(2021, 1, 1), date(2040, 12, 31)))
def test_rm1_a_birthday_line_exactly_within_the_window(born: date, evening: date) -> None:
    """RM-1 (invariant): a line appears exactly when the last birthday on or before the evening is at
    most 13 days back; it names that day."""
    last = occurrence(born.month, born.day, evening.year)
    if last > evening:
        last = occurrence(born.month, born.day, evening.year - 1)
    lines = reminders_for(evening, [("Anna", born)], [])
    assert bool(lines) == ((evening - last).days <= BIRTHDAY_DAYS_AFTER)
    assert all(line.on == last for line in lines)


@pytest.mark.parametrize(
    ("given_text", "german", "english"),
    [
        ("12.03.1970", "kein Datum", "not a date"),
        ("2030-01-01", "kann nicht stimmen", "cannot be right"),
        ("1850-01-01", "kann nicht stimmen", "cannot be right"),
    ],
)
def test_rm4_bad_birthdays_are_refused(given_text: str, german: str, english: str) -> None:
    """RM-4: a birthday is a date between 1900 and today, as YYYY-MM-DD."""
    with pytest.raises(ReminderRefused) as refused:
        parse_birthday(given_text, TODAY)
    assert refused.value.clause == "RM-4"
    assert german in refused.value.message.de and english in refused.value.message.en
    assert "RM-4" not in refused.value.message.de + refused.value.message.en
    assert parse_birthday("", TODAY) is None and parse_birthday("1970-03-12", TODAY) == date(1970, 3, 12)


def test_rm5_club_dates_need_a_name_and_a_day() -> None:
    """RM-5: a club date has a name (1–60 characters) and a day; every year or once."""
    assert parse_club_date("  Weihnachten ", "2026-12-24", True) == ("Weihnachten", 12, 24, None)
    assert parse_club_date("Fahrt", "2026-09-04", False) == ("Fahrt", 9, 4, 2026)
    for label, day in (("", "2026-12-24"), ("x" * 61, "2026-12-24"), ("Weihnachten", "24.12.")):
        with pytest.raises(ReminderRefused) as refused:
            parse_club_date(label, day, True)
        assert refused.value.clause == "RM-5"
