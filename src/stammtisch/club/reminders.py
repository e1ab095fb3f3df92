"""Birthday and holiday rounds as reminders (C-2, KA-31; readings RM-1 … RM-5 in docs/rulings/reminders.md).

C-2: "Jeder Spieler gibt aus Anlass seines Geburtstages zeitnah eine Runde für die anwesenden Mitglieder
aus. Urlaubsrunden sind freiwillig." A *Runde* here is a round of drinks, not a round of the game. KA-31:
an obligation without money: shown on the evening, never booked.

* RM-1: a birthday round is owed on the club evenings from the birthday up to ``BIRTHDAY_DAYS_AFTER``
  days after it ("zeitnah": the evening on the day or the next weekly evenings, if she missed one);
* RM-2: a club date (a holiday, the club's founding day, ...) reminds of a *voluntary* round on the
  evenings from that day up to ``SPECIAL_DAYS_AFTER`` days after it (the first weekly evening);
* RM-3: 29 February counts as 28 February in other years; a date late in December reaches into January.

Pure: no clock, no I/O; the day of the evening is passed in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text

#: RM-1: how long after the birthday the round is still shown as owed ("zeitnah": two weekly evenings).
BIRTHDAY_DAYS_AFTER = 13
#: RM-2: a club date's voluntary round is shown on the evenings of the week that starts on it.
SPECIAL_DAYS_AFTER = 6
#: RM-4: the oldest birthday year taken (an error guard, not a judgement).
OLDEST_YEAR = 1900
MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
             "November", "Dezember")  # fmt: skip
MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")  # fmt: skip


class ReminderRefused(RuleViolation):
    """A birthday or club date that cannot be right (RM-4, RM-5). Nothing is written."""

    code = "reminders/refused"

    def text(self, lang: str) -> str:
        return self.message.get(lang)


class Kind(StrEnum):
    BIRTHDAY = "birthday"  # owed (C-2.1)
    SPECIAL = "special"  # voluntary (C-2.2)


@dataclass(frozen=True, slots=True)
class ClubDate:
    """A day the club marks (RM-2): every year on ``month``/``day``, or once when ``year`` is given."""

    date_id: int
    label: str
    month: int
    day: int
    year: int | None = None


@dataclass(frozen=True, slots=True)
class Reminder:
    """One line on an evening page: who, which day it was, and the sentence (German and English)."""

    kind: Kind
    name: str
    on: date
    text: Text


def day_words(on: date) -> Text:
    return Text(f"{on.day}. {MONTHS_DE[on.month - 1]}", f"{on.day} {MONTHS_EN[on.month - 1]}")


def occurrence(month: int, day: int, year: int) -> date:
    """RM-3: the day in ``year`` (29 February is 28 February in other years)."""
    if month == 2 and day == 29:
        try:
            return date(year, 2, 29)
        except ValueError:
            return date(year, 2, 28)
    return date(year, month, day)


def recent(month: int, day: int, evening: date, days_after: int) -> date | None:
    """The occurrence on or before ``evening`` at most ``days_after`` days back (this year's or last year's)."""
    for year in (evening.year, evening.year - 1):
        on = occurrence(month, day, year)
        if on <= evening <= on + timedelta(days=days_after):
            return on
    return None


def birthday_line(name: str, birthday: date, evening: date) -> Reminder | None:
    """RM-1: the birthday round ``name`` owes on ``evening``, if any."""
    on = recent(birthday.month, birthday.day, evening, BIRTHDAY_DAYS_AFTER)
    if on is None:
        return None
    if on == evening:
        text = Text(
            f"Heute hat {name} Geburtstag: {name} gibt eine Runde für die anwesenden Mitglieder aus.",
            f"It's {name}'s birthday today: {name} buys a round for the members present.",
        )
    else:
        words = day_words(on)
        text = Text(
            f"{name} hatte am {words.de} Geburtstag: {name} gibt eine Runde für die anwesenden Mitglieder aus.",
            f"{name} had a birthday on {words.en}: {name} buys a round for the members present.",
        )
    return Reminder(Kind.BIRTHDAY, name, on, text)


def club_date_line(club_date: ClubDate, evening: date) -> Reminder | None:
    """RM-2: the voluntary round of a club date on ``evening``, if any."""
    if club_date.year is not None:
        on = date(club_date.year, club_date.month, club_date.day)
        if not on <= evening <= on + timedelta(days=SPECIAL_DAYS_AFTER):
            return None
    else:
        found = recent(club_date.month, club_date.day, evening, SPECIAL_DAYS_AFTER)
        if found is None:
            return None
        on = found
    words = day_words(on)
    when = Text("Heute", "Today") if on == evening else Text(f"Am {words.de}", f"On {words.en}")
    text = Text(
        f"{when.de}: {club_date.label}. Eine Runde ist freiwillig (Urlaubs- und Feiertagsrunden).",
        f"{when.en}: {club_date.label}. A round is voluntary (holiday rounds).",
    )
    return Reminder(Kind.SPECIAL, club_date.label, on, text)


def reminders_for(
    evening: date, birthdays: Iterable[tuple[str, date]], club_dates: Iterable[ClubDate]
) -> tuple[Reminder, ...]:
    """Every reminder of ``evening``: owed birthday rounds first (the oldest date first, then by name),
    then the voluntary rounds of club dates (KA-31: nothing here is booked)."""
    owed = [line for name, born in birthdays if (line := birthday_line(name, born, evening)) is not None]
    voluntary = [line for d in club_dates if (line := club_date_line(d, evening)) is not None]
    owed.sort(key=lambda r: (r.on, r.name.casefold()))
    voluntary.sort(key=lambda r: (r.on, r.name.casefold()))
    return (*owed, *voluntary)


def parse_birthday(given: str, today: date) -> date | None:
    """RM-4: an optional birthday from a form (``YYYY-MM-DD``; empty: none). Not in the future, not before 1900."""
    given = given.strip()
    if not given:
        return None
    try:
        born = date.fromisoformat(given)
    except ValueError:
        raise ReminderRefused(
            "RM-4",
            Text(
                f"{given!r} ist kein Datum: gib den Geburtstag als JJJJ-MM-TT an (z. B. 1970-03-12).",
                f"{given!r} is not a date: give the birthday as YYYY-MM-DD (e.g. 1970-03-12).",
            ),
        ) from None
    if born > today or born.year < OLDEST_YEAR:
        raise ReminderRefused(
            "RM-4",
            Text(
                f"Der Geburtstag {born.isoformat()} kann nicht stimmen: "
                f"er muss zwischen {OLDEST_YEAR} und heute liegen.",
                f"The birthday {born.isoformat()} cannot be right: it must lie between {OLDEST_YEAR} and today.",
            ),
        )
    return born


def parse_club_date(label: str, given: str, every_year: bool) -> tuple[str, int, int, int | None]:
    """RM-5: a club date from the form: a label (1–60 characters) and a day; (label, month, day, year or None)."""
    label = " ".join(label.split())
    if not 1 <= len(label) <= 60:
        raise ReminderRefused(
            "RM-5",
            Text(
                "Gib dem Tag einen Namen (1 bis 60 Zeichen), z. B. „Weihnachten“.",
                "Give the day a name (1 to 60 characters), e.g. “Christmas”.",
            ),
        )
    try:
        on = date.fromisoformat(given.strip())
    except ValueError:
        raise ReminderRefused(
            "RM-5",
            Text(
                f"{given.strip()!r} ist kein Datum: gib den Tag als JJJJ-MM-TT an.",
                f"{given.strip()!r} is not a date: give the day as YYYY-MM-DD.",
            ),
        ) from None
    return label, on.month, on.day, None if every_year else on.year
