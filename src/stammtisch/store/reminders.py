"""Birthdays and club dates on SQL (migration 0010; C-2, KA-31, docs/rulings/reminders.md): the
``member_dates`` and ``club_dates`` tables and ``SqlReminders``, which also answers an evening's
reminder lines."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Column, Date, Engine, ForeignKey, Integer, String, Table, delete, insert, select

from stammtisch.club.reminders import ClubDate, Reminder, reminders_for
from stammtisch.store.tables import members, metadata

member_dates = Table(
    "member_dates",
    metadata,
    Column("member_id", Integer, ForeignKey("members.member_id"), primary_key=True),
    Column("birthday", Date, nullable=True),
)

club_dates = Table(
    "club_dates",
    metadata,
    Column("date_id", Integer, primary_key=True),
    Column("label", String(60), nullable=False),
    Column("month", Integer, nullable=False),
    Column("day", Integer, nullable=False),
    Column("year", Integer, nullable=True),
)


class SqlReminders:
    """Birthdays and club dates in the database behind ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def birthday(self, member_id: int) -> date | None:
        with self.engine.connect() as connection:
            found: date | None = connection.execute(
                select(member_dates.c.birthday).where(member_dates.c.member_id == member_id)
            ).scalar()
        return found

    def set_birthday(self, member_id: int, birthday: date | None) -> None:
        """Record (or, with None, forget) a member's birthday."""
        with self.engine.begin() as connection:
            connection.execute(delete(member_dates).where(member_dates.c.member_id == member_id))
            if birthday is not None:
                connection.execute(insert(member_dates).values(member_id=member_id, birthday=birthday))

    def birthdays(self) -> list[tuple[str, date]]:
        """(name, birthday) of the active members that have one on record."""
        query = (
            select(members.c.name, member_dates.c.birthday)
            .join(members, members.c.member_id == member_dates.c.member_id)
            .where(member_dates.c.birthday.is_not(None), members.c.active.is_(True))
        )
        with self.engine.connect() as connection:
            return [(row.name, row.birthday) for row in connection.execute(query)]

    def club_dates(self) -> list[ClubDate]:
        query = select(club_dates).order_by(club_dates.c.month, club_dates.c.day, club_dates.c.date_id)
        with self.engine.connect() as connection:
            return [ClubDate(r.date_id, r.label, r.month, r.day, r.year) for r in connection.execute(query)]

    def add_club_date(self, label: str, month: int, day: int, year: int | None) -> int:
        with self.engine.begin() as connection:
            result = connection.execute(insert(club_dates).values(label=label, month=month, day=day, year=year))
            return int(result.inserted_primary_key[0])  # type: ignore[index]

    def remove_club_date(self, date_id: int) -> bool:
        with self.engine.begin() as connection:
            return bool(connection.execute(delete(club_dates).where(club_dates.c.date_id == date_id)).rowcount)

    def for_evening(self, evening: date) -> tuple[Reminder, ...]:
        """The reminder lines of a club evening on ``evening`` (RM-1, RM-2)."""
        return reminders_for(evening, self.birthdays(), self.club_dates())
