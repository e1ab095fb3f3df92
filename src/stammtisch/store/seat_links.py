"""Seat links on SQL (``matches.seat_links.SeatLinkRepository``): one row per seat that joins a
digital match through its own secret link. The token is unique; ``(match_id, seat)`` is the primary
key, so a seat never gets two links. Rows go with their match (``ON DELETE CASCADE``)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import CheckConstraint, Column, Engine, ForeignKey, Integer, String, Table, insert, select, update

from stammtisch.matches.seat_links import SeatLink
from stammtisch.store.tables import metadata

seat_links = Table(
    "seat_links",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    CheckConstraint("seat >= 0", name="seat_not_negative"),
)


class SqlSeatLinks:
    """Seat links in the ``seat_links`` table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, links: Sequence[SeatLink]) -> None:
        if not links:
            return
        with self.engine.begin() as connection:
            connection.execute(
                insert(seat_links),
                [{"match_id": link.match_id, "seat": link.seat, "token": link.token} for link in links],
            )

    def find(self, token: str) -> SeatLink | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(seat_links).where(seat_links.c.token == token)).first()
        return None if row is None else SeatLink(row.match_id, row.seat, row.token)

    def for_match(self, match_id: str) -> list[SeatLink]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(seat_links).where(seat_links.c.match_id == match_id).order_by(seat_links.c.seat)
            ).all()
        return [SeatLink(row.match_id, row.seat, row.token) for row in rows]

    def replace(self, match_id: str, seat: int, token: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(seat_links)
                .where(seat_links.c.match_id == match_id, seat_links.c.seat == seat)
                .values(token=token)
            )
