"""PT-4 (RA-24 prizes; issue 9): a tie that shares a place skips the places after it (1, 2, 2, 4);
the prize of a skipped place is shown with the players sharing the place, not dropped."""

from __future__ import annotations

from stammtisch.club.tournament.standings import PlayerResult, rank


def _result(number: int, name: str, total: int) -> PlayerResult:
    return PlayerResult(number, name, (total, 0), 16, 0)


def test_pt4_prize_of_a_place_skipped_by_a_tie_is_shown() -> None:
    """RA-24, PT-4: B and C share place 2; place 3's prize (Pralinen) is shown with them; D is 4th."""
    results = [_result(1, "A", 10), _result(2, "B", 20), _result(3, "C", 20), _result(4, "D", 30)]
    placings = rank(results, prizes=("Gans", "Wein", "Pralinen", "Kerze")).placings
    assert [(p.rank, p.prize) for p in placings] == [(1, "Gans"), (2, "Wein"), (2, "Wein"), (4, "Kerze")]
    assert [p.skipped_prizes for p in placings] == [(), ((3, "Pralinen"),), ((3, "Pralinen"),), ()]
    shared = placings[1].explanation
    assert "Pralinen" in shared.de and "Pralinen" in shared.en and "Platz 3" in shared.de and "place 3" in shared.en


def test_pt4_three_way_tie_shows_both_skipped_prizes() -> None:
    """PT-4: three players share place 1: the prizes of places 2 and 3 are shown with them."""
    results = [_result(n, name, 10) for n, name in ((1, "A"), (2, "B"), (3, "C"))]
    placings = rank(results, prizes=("Gans", "Wein", "Pralinen")).placings
    assert all(p.skipped_prizes == ((2, "Wein"), (3, "Pralinen")) for p in placings)


def test_pt4_no_prize_for_a_skipped_place_nothing_added() -> None:
    """PT-4: when the list has no prize for the skipped place, nothing is added."""
    results = [_result(1, "A", 10), _result(2, "B", 10)]
    placings = rank(results, prizes=("Gans",)).placings
    assert all(p.skipped_prizes == () for p in placings)
    assert "skips" not in placings[0].explanation.en
