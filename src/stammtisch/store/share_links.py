"""Table-screen, follow and withdrawn seat links on SQL (``matches.share_links``; migration ``0015_links``).
One row per token; rows go with their match (``ON DELETE CASCADE``). Evening follow links (LK-7) have their
own table ``evening_links``: an evening is no match (its games are), so the row names the game and the
evening's id in that game's own tables."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Engine, ForeignKey, Integer, String, Table, insert, select, update

from stammtisch.matches.share_links import EveningLink, LinkKind, ShareLink
from stammtisch.store.tables import UtcDateTime, metadata

share_links = Table(
    "share_links",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),
    Column("created_at", UtcDateTime(), nullable=False),
    Column("revoked_at", UtcDateTime(), nullable=True),
)

evening_links = Table(
    "evening_links",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("evening_id", String(64), nullable=False, index=True),
    Column("created_at", UtcDateTime(), nullable=False),
    Column("revoked_at", UtcDateTime(), nullable=True),
)


def _link(row: object) -> ShareLink:
    return ShareLink(
        token=row.token,  # type: ignore[attr-defined]
        kind=LinkKind(row.kind),  # type: ignore[attr-defined]
        match_id=row.match_id,  # type: ignore[attr-defined]
        created_at=row.created_at,  # type: ignore[attr-defined]
        revoked_at=row.revoked_at,  # type: ignore[attr-defined]
        seat=row.seat,  # type: ignore[attr-defined]
    )


class SqlShareLinks:
    """Share links in the ``share_links`` table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, link: ShareLink) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(share_links).values(
                    token=link.token,
                    kind=link.kind.value,
                    match_id=link.match_id,
                    seat=link.seat,
                    created_at=link.created_at,
                    revoked_at=link.revoked_at,
                )
            )

    def find(self, token: str) -> ShareLink | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(share_links).where(share_links.c.token == token)).first()
        return None if row is None else _link(row)

    def for_match(self, match_id: str) -> list[ShareLink]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(share_links).where(share_links.c.match_id == match_id).order_by(share_links.c.created_at)
            ).all()
        return [_link(row) for row in rows]

    def revoke(self, token: str, at: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(share_links)
                .where(share_links.c.token == token, share_links.c.revoked_at.is_(None))
                .values(revoked_at=at)
            )


class SqlEveningLinks:
    """Evening follow links (LK-7) in the ``evening_links`` table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, link: EveningLink) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(evening_links).values(
                    token=link.token,
                    game=link.game,
                    evening_id=link.evening_id,
                    created_at=link.created_at,
                    revoked_at=link.revoked_at,
                )
            )

    def find(self, token: str) -> EveningLink | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(evening_links).where(evening_links.c.token == token)).first()
        return None if row is None else EveningLink(row.token, row.game, row.evening_id, row.created_at, row.revoked_at)

    def for_evening(self, game: str, evening_id: str) -> list[EveningLink]:
        query = (
            select(evening_links)
            .where(evening_links.c.game == game, evening_links.c.evening_id == evening_id)
            .order_by(evening_links.c.created_at)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [EveningLink(row.token, row.game, row.evening_id, row.created_at, row.revoked_at) for row in rows]

    def revoke(self, token: str, at: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(evening_links)
                .where(evening_links.c.token == token, evening_links.c.revoked_at.is_(None))
                .values(revoked_at=at)
            )
