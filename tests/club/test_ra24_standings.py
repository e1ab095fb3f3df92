"""RA-23 / RA-24: a player's result is the sum of her 16 game scores, ranked ascending across all
tables; ties share a rank unless the organiser chose tie-breaks (second pass, games won, lots)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.tournament import SheetGame, TableSheet, TournamentRefused, rank
from stammtisch.club.tournament.standings import PlayerResult, player_results


def result(number: int, first: int, second: int, won: int = 0) -> PlayerResult:
    return PlayerResult(number, f"P{number}", (first, second), 16, won)


def places(results: list[PlayerResult], tie_break: tuple[str, ...] = (), seed: str = "") -> list[tuple[int, str]]:
    return [(p.rank, p.result.name) for p in rank(results, tie_break, seed).placings]


def test_lower_totals_rank_higher_and_ties_share_a_rank() -> None:
    """RA-24 default: standard competition ranking 1, 2, 2, 4."""
    results = [result(1, 50, 50), result(2, 10, 20), result(3, 40, 20), result(4, 30, 30)]
    assert places(results) == [(1, "P2"), (2, "P3"), (2, "P4"), (4, "P1")]
    standings = rank(results)
    shared = [p for p in standings.placings if p.shared]
    assert [p.result.name for p in shared] == ["P3", "P4"]
    assert "share" in shared[0].explanation.en and "P4" in shared[0].explanation.en
    assert "Geteilter Platz 2" in shared[0].explanation.de


def test_second_pass_breaks_a_tie() -> None:
    """RA-24 tie-break "the better second-pass total"."""
    results = [result(1, 20, 40), result(2, 40, 20)]
    assert places(results, ("second_pass",)) == [(1, "P2"), (2, "P1")]
    explanation = rank(results, ("second_pass",)).placings[0].explanation
    assert "second-pass total" in explanation.en and "P1 40" in explanation.en and "place 1" in explanation.en


def test_games_won_breaks_a_tie_and_further_ties_stay_shared() -> None:
    """RA-24 tie-break "more games won"; equal in every criterion: the rank is shared."""
    results = [result(1, 30, 30, won=1), result(2, 30, 30, won=3), result(3, 30, 30, won=1)]
    assert places(results, ("games_won",)) == [(1, "P2"), (2, "P1"), (2, "P3")]


def test_lots_break_every_tie_reproducibly() -> None:
    """RA-24 "drawing lots", PT-4: from the draws' seeds, so the same seed gives the same order."""
    results = [result(n, 30, 30) for n in range(1, 6)]
    # the lots recorded for the seed "s1:s2" (a changed lottery would reorder stored standings)
    assert places(results, ("lots",), "s1:s2") == [(1, "P4"), (2, "P3"), (3, "P5"), (4, "P1"), (5, "P2")]


def test_unknown_tie_breaks_are_refused() -> None:
    with pytest.raises(TournamentRefused) as refused:
        rank([result(1, 1, 1)], ("coin",))
    assert refused.value.clause == "RA-24"
    with pytest.raises(TournamentRefused):
        rank([result(1, 1, 1)], ("lots", "lots"))


def test_prizes_go_by_rank() -> None:
    """RA-24: prizes are organiser data, one per rank; shared ranks show the rank's prize."""
    results = [result(1, 10, 10), result(2, 10, 10), result(3, 30, 30)]
    placings = rank(results, prizes=("Gans", "Wein", "Pralinen")).placings
    assert [(p.rank, p.prize) for p in placings] == [(1, "Gans"), (1, "Gans"), (3, "Pralinen")]


games = st.builds(
    lambda winner, romme, points: (winner, romme, points),
    st.integers(0, 3),
    st.booleans(),
    st.lists(st.integers(2, 200), min_size=4, max_size=4),
)


@given(st.lists(games, min_size=0, max_size=8), st.lists(games, min_size=0, max_size=8), st.permutations(range(1, 9)))
def test_totals_equal_the_sum_of_the_sheet_entries(first, second, seating) -> None:  # noqa: ANN001
    """RA-24: each total is the sum of the player's entries on both sheets she sat at."""
    names = {n: f"P{n}" for n in range(1, 9)}

    def sheet(pass_no: int, table_no: int, players: tuple[int, ...], rows) -> TableSheet:  # noqa: ANN001
        booked = tuple(
            SheetGame(w, r, tuple(0 if s == w else p * (2 if r else 1) for s, p in enumerate(pts)))
            for w, r, pts in rows
        )
        return TableSheet(pass_no, table_no, players, booked, 8)

    sheets = [
        sheet(1, 1, (1, 2, 3, 4), first),
        sheet(1, 2, (5, 6, 7, 8), second),
        sheet(2, 1, tuple(seating[:4]), second),
        sheet(2, 2, tuple(seating[4:]), first),
    ]
    results = {r.number: r for r in player_results(names, sheets)}
    for number in names:
        expected = [0, 0]
        won = 0
        for s in sheets:
            if number in s.players:
                seat = s.players.index(number)
                expected[s.pass_no - 1] += sum(g.penalties[seat] for g in s.games)
                won += sum(g.winner == seat for g in s.games)
        assert results[number].pass_totals == tuple(expected)
        assert results[number].games_won == won
    standings = rank(list(results.values()))
    totals = [p.result.total for p in standings.placings]
    assert totals == sorted(totals)
    ranks = [p.rank for p in standings.placings]
    for i, p in enumerate(standings.placings):
        assert p.rank == 1 + sum(t < p.result.total for t in totals)
        assert ranks[i] <= i + 1
