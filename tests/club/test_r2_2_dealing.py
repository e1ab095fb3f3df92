"""R-2.1 / R-2.2 / RA-02: seat 1 keeps the sheet and deals the first game; the deal passes on in seat order."""

from __future__ import annotations

import random

import pytest

from stammtisch.club.tournament import TournamentService, dealer_seat
from stammtisch.matches.service import MatchService
from tests.club.sheets import play_sheet


@pytest.mark.parametrize(
    ("size", "dealers"),
    [(4, [1, 2, 3, 4, 1, 2, 3, 4]), (3, [1, 2, 3, 1, 2, 3, 1, 2]), (5, [1, 2, 3, 4, 5, 1, 2, 3])],
)
def test_the_deal_rotates_from_seat_one(size: int, dealers: list[int]) -> None:
    """RA-02: the dealer of game g is seat ((g−1) mod n) + 1."""
    assert [dealer_seat(g, size) for g in range(1, 9)] == dealers


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_each_table_sheet_deals_as_the_rulings_say(
    tournaments: TournamentService, matches: MatchService, players: int
) -> None:
    """R-2.2: the score-sheet match of each table starts with seat 1 dealing, then rotates (RA-02);
    the drawn seat 1 is the match's first seat (R-2.1: she keeps the sheet)."""
    record = tournaments.create("Rotation")
    for i in range(players):
        tournaments.register(record.tournament_id, f"P{i + 1}")
    stored = tournaments.draw(record.tournament_id, 1)
    rng = random.Random(players)
    for table, match_id in zip(stored.draw.tables, stored.match_ids, strict=True):
        snapshot = matches.snapshot(match_id, None)
        assert snapshot.players == [f"P{n}" for n in table]
        assert snapshot.view["dealer"] == 0
        play_sheet(matches, match_id, rng)
        history = matches.snapshot(match_id, None).view["history"]
        assert [g["dealer"] + 1 for g in history] == [dealer_seat(g, len(table)) for g in range(1, 9)]
