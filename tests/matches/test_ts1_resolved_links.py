"""TS-1 from memory: a seat token resolved once is answered without a read (every request of a phone
names it; the web asks from the event loop), and an unknown token is never kept."""

from __future__ import annotations

import random

import pytest

from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.seat_links import InMemorySeatLinks, SeatLink, UnknownSeatLink
from stammtisch.matches.tables import DigitalTable
from tests.matches.toys import VOTE


class CountingLinks(InMemorySeatLinks):
    def __init__(self) -> None:
        super().__init__()
        self.finds = 0

    def find(self, token: str) -> SeatLink | None:
        self.finds += 1
        return super().find(token)


def test_a_token_is_read_once_then_known_and_a_wrong_one_is_read_every_time() -> None:
    links = CountingLinks()
    service = MatchService(InMemoryRepository(), games={VOTE.slug: VOTE}, rng=lambda match_id: random.Random(1))
    table = DigitalTable(service, links)
    opened = table.open(VOTE.slug, ["Anna", "Ben", "Carl"])
    anna = opened.tokens[0]
    assert table.known_link(anna) is None
    first = table.link(anna)
    assert table.known_link(anna) == first == SeatLink(opened.snapshot.match_id, 0, anna)
    finds = links.finds
    assert table.link(anna) == first and table.seat_snapshot(anna).seat == 0
    assert links.finds == finds
    for _ in range(2):
        with pytest.raises(UnknownSeatLink):
            table.link("no-such-token-anywhere")
    assert links.finds == finds + 2 and table.known_link("no-such-token-anywhere") is None
