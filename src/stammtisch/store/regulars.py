"""Who plays a game most often (issue 24.6): the members seated in its matches, most matches first. The
game and evening forms offer the club's names with these regulars on top."""

from __future__ import annotations

from sqlalchemy import Engine, func, select

from stammtisch.store.tables import match_seats, matches


def regulars(engine: Engine, game: str, limit: int = 100) -> list[int]:
    """Member ids of ``game``'s regulars, most matches first (ties: the lower id, i.e. the earlier member)."""
    played = func.count(match_seats.c.match_id)
    query = (
        select(match_seats.c.member_id)
        .join(matches, matches.c.match_id == match_seats.c.match_id)
        .where(matches.c.game == game)
        .group_by(match_seats.c.member_id)
        .order_by(played.desc(), match_seats.c.member_id)
        .limit(limit)
    )
    with engine.connect() as connection:
        return [int(member_id) for member_id in connection.execute(query).scalars()]
