"""Seat links stored with the match (TS-1): the same contract in memory, on SQLite and on PostgreSQL;
tokens are unique and survive reopening the database."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy.exc import IntegrityError

from stammtisch.matches import MatchRecord
from stammtisch.matches.seat_links import (
    InMemorySeatLinks,
    SeatLink,
    SeatLinkRepository,
    UnknownSeatLink,
    issue_links,
    resolve_link,
)
from stammtisch.store import SqlSeatLinks, open_store


def _record(match_id: str) -> MatchRecord:
    return MatchRecord(match_id, "preisromme", "1", {}, {}, ["A", "B"], "digital", "", datetime.now(UTC))


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def links(request: pytest.FixtureRequest) -> Iterator[SeatLinkRepository]:
    if request.param == "memory":
        yield InMemorySeatLinks()
        return
    store = open_store(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url"))
    for match_id in ("m1", "m2"):
        store.repository.create(_record(match_id))
    yield SqlSeatLinks(store.engine)
    store.close()


def test_issued_links_resolve_to_their_seat(links: SeatLinkRepository) -> None:
    tokens = issue_links(links, "m1", [0, 2])
    assert set(tokens) == {0, 2} and len(set(tokens.values())) == 2
    assert all(len(token) >= 32 for token in tokens.values())
    assert resolve_link(links, tokens[2]) == SeatLink("m1", 2, tokens[2])
    assert [link.seat for link in links.for_match("m1")] == [0, 2]
    assert links.for_match("m2") == []


def test_unknown_tokens_are_refused(links: SeatLinkRepository) -> None:
    issue_links(links, "m1", [0])
    for token in ("", "nope", "x" * 1000):
        with pytest.raises(UnknownSeatLink) as refused:
            resolve_link(links, token)
        assert refused.value.clause == "TS-1"


def test_a_token_is_unique(links: SeatLinkRepository) -> None:
    links.add([SeatLink("m1", 0, "t" * 32)])
    with pytest.raises((ValueError, IntegrityError)):
        links.add([SeatLink("m2", 0, "t" * 32)])


def test_links_survive_reopening_the_database(sql_url: str) -> None:
    store = open_store(sql_url)
    store.repository.create(_record("m1"))
    tokens = issue_links(SqlSeatLinks(store.engine), "m1", [1])
    store.close()
    again = open_store(sql_url)
    try:
        assert resolve_link(SqlSeatLinks(again.engine), tokens[1]).seat == 1
    finally:
        again.close()
