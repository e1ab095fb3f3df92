"""The club's settings on SQL (migration 0011, issue 13.4): ``club_settings`` keeps every value of a
setting with the day it is in force from (primary key: name and day), who set it and when; and
``SqlSettings``, which reads the season calendar and changes the season start by SE-2 / SE-3
(docs/bank.md) in one transaction: a refusal writes nothing."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Column, Date, Engine, ForeignKey, Integer, String, Table, delete, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from stammtisch.club.bank.season import Season, SeasonCalendar, moved, with_start
from stammtisch.club.settings import SEASON_START, SeasonWouldMove, SettingsBusy, SettingValue, calendar_of, values_of
from stammtisch.store.ledger_tables import ledger_bookings, ledger_seasons
from stammtisch.store.tables import UtcDateTime, members, metadata

club_settings = Table(
    "club_settings",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("effective", Date, primary_key=True),
    Column("value", String(200), nullable=False),
    Column("changed_at", UtcDateTime, nullable=False),
    Column("changed_by", Integer, ForeignKey("members.member_id"), nullable=True),
)


def _values(connection: Connection, name: str) -> list[SettingValue]:
    rows = connection.execute(
        select(club_settings).where(club_settings.c.name == name).order_by(club_settings.c.effective)
    )
    return [SettingValue(r.name, r.effective, r.value, r.changed_at, r.changed_by) for r in rows]


class SqlSettings:
    """The club's settings behind ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def values(self, name: str) -> list[SettingValue]:
        with self.engine.connect() as connection:
            return _values(connection, name)

    def season_calendar(self) -> SeasonCalendar:
        """The season starts over time (SE-1); the default 1 May when none was ever set."""
        with self.engine.connect() as connection:
            return calendar_of(_values(connection, SEASON_START))

    def set_season_start(
        self, start: tuple[int, int], today: date, now: datetime, by: int | None = None
    ) -> SeasonCalendar:
        """Set the season start on ``today`` (SE-2); refused if a closed season would move (SE-3).
        Returns the calendar in force afterwards (unchanged if the start was already so)."""
        try:
            with self.engine.begin() as connection:
                stored = _values(connection, SEASON_START)
                before = calendar_of(stored)
                book_empty = (
                    connection.execute(select(ledger_bookings.c.booking_id).limit(1)).first() is None
                    and connection.execute(select(ledger_seasons.c.start).limit(1)).first() is None
                )
                after = with_start(before, start, today, book_empty)
                closed = [Season(r.start, r.end) for r in connection.execute(select(ledger_seasons))]
                wrong = moved(after, closed)
                if wrong:
                    raise SeasonWouldMove(wrong[0])
                if after == before:
                    return before
                if (
                    by is not None
                    and connection.execute(select(members.c.member_id).where(members.c.member_id == by)).first() is None
                ):
                    by = None  # an account removed meanwhile: the change stays, unattributed
                wanted = {(v.effective, v.value): v for v in values_of(after, now, by)}
                have = {(v.effective, v.value) for v in stored}
                gone = [v.effective for v in stored if (v.effective, v.value) not in wanted]
                if gone:
                    connection.execute(
                        delete(club_settings).where(
                            club_settings.c.name == SEASON_START, club_settings.c.effective.in_(gone)
                        )
                    )
                for key, value in wanted.items():
                    if key not in have:
                        connection.execute(
                            insert(club_settings).values(
                                name=value.name,
                                effective=value.effective,
                                value=value.value,
                                changed_at=value.changed_at,
                                changed_by=value.changed_by,
                            )
                        )
        except IntegrityError:
            raise SettingsBusy() from None
        return after
