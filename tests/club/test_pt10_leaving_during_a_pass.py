"""PT-10 (issue 9): a player who must leave during a pass. Her table plays on; each remaining game
books at her seat the highest hand count of the other losers of that game (she cannot have gone out),
so the sheet is complete and her result stays the sum of 16 games (RA-24)."""

from __future__ import annotations

import pytest

from stammtisch.club.games.preisromme import GAME as TOURNAMENT_GAME
from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.matches import InMemoryRepository, MatchService


def test_pt10_remaining_game_books_the_highest_count_of_the_other_losers() -> None:
    """PT-10: Dora (seat 4) left; Anna went out, Ben holds 12, Cem 31: Dora's seat books 31."""
    steps = TOURNAMENT_GAME.absent_sheet_steps(4, 3, 0, False, {1: 12, 2: 31})
    assert steps == ("out 1", "romme no", "points 2 12", "points 3 31", "points 4 31")
    service = MatchService(InMemoryRepository())
    snap = service.create(
        "preisromme", ["Anna", "Ben", "Cem", "Dora"], mode="scoresheet", options={"games_per_pass": 2}
    )
    snap = service.submit(snap.match_id, [(0, step) for step in steps], snap.seq)
    assert snap.view["penalties"] == [0, 12, 31, 31]


def test_pt10_after_a_romme_hand_her_count_is_doubled_too() -> None:
    """PT-10 with R-13.2: the engine doubles every loser's count after a Rommé-Hand, hers included."""
    steps = TOURNAMENT_GAME.absent_sheet_steps(4, 1, 2, True, {0: 20, 3: 7})
    service = MatchService(InMemoryRepository())
    snap = service.create("preisromme", ["A", "B", "C", "D"], mode="scoresheet", options={"games_per_pass": 2})
    snap = service.submit(snap.match_id, [(0, step) for step in steps], snap.seq)
    assert snap.view["penalties"] == [40, 40, 0, 14]


def test_pt10_exhausted_stock_everybody_counts() -> None:
    """PT-10 with RA-25: nobody went out; her seat books the highest count of the others."""
    assert TOURNAMENT_GAME.absent_sheet_steps(3, 0, None, False, {1: 9, 2: 15}) == (
        "out none",
        "points 1 15",
        "points 2 9",
        "points 3 15",
    )


@pytest.mark.parametrize(
    ("out_seat", "counts"),
    [(3, {0: 5, 1: 5, 2: 5}), (0, {1: 5}), (0, {1: 5, 2: 5, 3: 5})],
)
def test_pt10_refusals_name_the_clause(out_seat: int, counts: dict[int, int]) -> None:
    """PT-10: the absent player cannot have gone out; exactly the other losers' counts are needed."""
    with pytest.raises(TournamentRefused) as refused:
        TOURNAMENT_GAME.absent_sheet_steps(4, 3, out_seat, False, counts)
    assert refused.value.clause == "PT-10"
    assert refused.value.message.de and refused.value.message.en
