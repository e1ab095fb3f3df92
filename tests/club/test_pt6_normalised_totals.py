"""PT-6 (RA-24 ``normalise_table_size`` = true): each player's points of one table-pass are multiplied
by f(k) = 3k / (4(k − 1)) for the size k of her table in that pass, exactly (``Fraction``); ranking,
ties and tie-breaks use the normalised totals; under ``winner_collects`` the factor applies to the
net, so every table stays zero-sum; totals are shown with one decimal where they are not whole."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.club.tournament import InMemoryTournaments, SheetGame, TableSheet, TournamentService, rank
from stammtisch.club.tournament.standings import (
    WINNER_COLLECTS,
    PlayerResult,
    player_results,
    points_text,
    table_factor,
)
from stammtisch.club.tournament.tables import MIN_PLAYERS
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import MatchSheets
from tests.club.sheets import play_sheet


def test_the_factor_per_table_size() -> None:
    """PT-6: f(4) = 1 (a table of four is unchanged), f(3) = 9/8, f(5) = 15/16."""
    assert table_factor(4) == 1
    assert table_factor(3) == Fraction(9, 8)
    assert table_factor(5) == Fraction(15, 16)


def game(winner: int, penalties: tuple[int, ...], scoring: str = "penalty_points") -> SheetGame:
    credits = tuple(sum(penalties) if s == winner else 0 for s in range(len(penalties)))
    return SheetGame(winner, False, penalties, credits if scoring == WINNER_COLLECTS else ())


def sheet(
    pass_no: int, table_no: int, players: tuple[int, ...], games: list[SheetGame], scoring: str = "penalty_points"
):  # noqa: ANN201
    return TableSheet(pass_no, table_no, players, tuple(games), 8, scoring)


def seven_players() -> list[TableSheet]:
    """One table of 4 and one of 3 in each pass."""
    return [
        sheet(1, 1, (1, 2, 3, 4), [game(0, (0, 10, 20, 30))]),
        sheet(1, 2, (5, 6, 7), [game(0, (0, 16, 25))]),
        sheet(2, 1, (5, 6, 7, 1), [game(0, (0, 8, 12, 40))]),
        sheet(2, 2, (2, 3, 4), [game(0, (0, 8, 16))]),
    ]


def test_worked_example_seven_players() -> None:
    """PT-6 worked example, 7 players at a table of 4 and a table of 3 in both passes.

    Player 7: 25 at the table of 3 (× 9/8 = 28.125) and 12 at the table of 4 (× 1): 40.125, shown
    40.1, raw 37. Player 1: 0 and 40, both at tables of 4: 40. Raw, player 7 (37) is ahead of
    player 1 (40); normalised, player 1 (40) is ahead of player 7 (40.125)."""
    names = {n: f"P{n}" for n in range(1, 8)}
    results = {r.number: r for r in player_results(names, seven_players(), 2, normalise=True)}
    expected = {
        1: (Fraction(40), 40),
        2: (Fraction(10), 10),
        3: (Fraction(29), 28),
        4: (Fraction(48), 46),
        5: (Fraction(0), 0),
        6: (Fraction(26), 24),
        7: (Fraction(321, 8), 37),
    }
    assert {n: (r.total, r.raw_total) for n, r in results.items()} == expected
    assert results[7].pass_factors == (Fraction(9, 8), Fraction(1))
    assert results[2].pass_sizes == (4, 3)
    assert results[7].total_text.en == "40.1" and results[7].total_text.de == "40,1"
    assert results[1].total_text.en == "40"
    standings = rank(list(results.values()))
    assert [(p.rank, p.result.number) for p in standings.placings] == [
        (1, 5), (2, 2), (3, 6), (4, 3), (5, 1), (6, 7), (7, 4),
    ]  # fmt: skip
    raw = rank(player_results(names, seven_players(), 2))
    assert [p.result.number for p in raw.placings] == [5, 2, 6, 3, 7, 1, 4]
    explanation = next(p.explanation for p in standings.placings if p.result.number == 7)
    assert "40.1 points" in explanation.en and "pass 1: 25 × 9/8 (table of 3)" in explanation.en
    assert "pass 2: 12 × 1 (table of 4)" in explanation.en and "raw 37" in explanation.en
    assert "40,1 Punkte" in explanation.de and "Durchgang 1: 25 × 9/8 (Tisch zu 3)" in explanation.de
    assert "roh 37" in explanation.de


def test_ties_and_tie_breaks_use_the_normalised_totals() -> None:
    """PT-6: 8 at a table of 3 (× 9/8 = 9) ties 9 at a table of 4 although the raw totals differ;
    the second-pass tie-break compares normalised second-pass totals."""
    a = PlayerResult(1, "A", (0, 8), 16, 0, (4, 3), True)
    b = PlayerResult(2, "B", (0, 9), 16, 0, (4, 4), True)
    c = PlayerResult(3, "C", (1, 8), 16, 0, (4, 5), True)  # 1 + 7.5 = 8.5
    shared = rank([a, b, c])
    assert [(p.rank, p.result.name, p.shared) for p in shared.placings] == [
        (1, "C", False), (2, "A", True), (2, "B", True),
    ]  # fmt: skip
    tie = shared.placings[1].explanation.en
    assert tie.startswith("9 points (") and "raw 8), the same as B" in tie and "Shared place 2" in tie
    assert "8.5 points" in shared.placings[0].explanation.en
    broken = rank([a, b, PlayerResult(4, "D", (2, 6), 16, 0, (5, 4), True)], ("second_pass",))
    # D: 2 × 15/16 + 6 = 7.875; A and B: 9 and 9, second pass 9 and 9: still shared
    assert [(p.rank, p.result.name) for p in broken.placings] == [(1, "D"), (2, "A"), (2, "B")]
    second = rank(
        [PlayerResult(7, "G", (9, 0), 16, 0, (4, 4), True), PlayerResult(8, "H", (0, 8), 16, 0, (4, 3), True)],
        ("second_pass",),
    )
    # both 9; second pass G 0, H 9 (8 × 9/8): G first
    assert [(p.rank, p.result.name) for p in second.placings] == [(1, "G"), (2, "H")]
    assert "H 9" in second.placings[0].explanation.en


def test_points_are_shown_with_one_decimal_where_not_whole() -> None:
    """PT-6: whole totals as they are; others with one decimal, rounded half away from zero."""
    assert points_text(Fraction(48)).en == "48"
    assert points_text(Fraction(15, 2)).de == "7,5"
    assert points_text(Fraction(-321, 8)).en == "-40.1"
    assert points_text(Fraction(1, 20)).en == "0.1"
    assert points_text(Fraction(-1, 20)).en == "-0.1"
    assert points_text(Fraction(63, 8)).en == "7.9"


def plan(players: int) -> list[int]:
    """Table sizes of 3, 4 or 5 adding up to ``players``."""
    sizes = [4] * (players // 4)
    rest = players % 4
    if rest == 1:
        sizes[-1] = 5
    elif rest == 2:
        sizes[-1] = 3
        sizes.append(3)
    elif rest == 3:
        sizes.append(3)
    return sizes


def seatings(draw: st.DrawFn, players: int, scoring: str) -> list[TableSheet]:
    sheets = []
    for pass_no in (1, 2):
        order = draw(st.permutations(range(1, players + 1)))
        start = 0
        for table_no, size in enumerate(plan(players), start=1):
            table = tuple(order[start : start + size])
            start += size
            rows = draw(
                st.lists(
                    st.tuples(st.integers(0, size - 1), st.lists(st.integers(2, 200), min_size=size, max_size=size)),
                    max_size=8,
                )
            )
            booked = [game(w, tuple(0 if s == w else p for s, p in enumerate(pts)), scoring) for w, pts in rows]
            sheets.append(sheet(pass_no, table_no, table, booked, scoring))
    return sheets


@st.composite
def tournaments_played(draw: st.DrawFn, sizes: st.SearchStrategy[int], scoring: str = "penalty_points"):  # noqa: ANN201
    players = draw(sizes)
    return players, seatings(draw, players, scoring)


def raw_per_pass(sheets: list[TableSheet], number: int, scoring: str = "penalty_points") -> dict[int, tuple[int, int]]:
    """pass -> (raw total, table size) of ``number``."""
    found = {}
    for s in sheets:
        if number in s.players:
            seat = s.players.index(number)
            found[s.pass_no] = (sum(g.score(seat, scoring) for g in s.games), len(s.players))
    return found


@given(tournaments_played(st.sampled_from([4, 8, 12, 16])))
def test_with_all_tables_of_four_normalised_equals_raw(played) -> None:  # noqa: ANN001
    """PT-6: f(4) = 1, so tournaments of tables of four only rank exactly as raw totals."""
    players, sheets = played
    names = {n: f"P{n}" for n in range(1, players + 1)}
    normalised = player_results(names, sheets, 2, normalise=True)
    raw = player_results(names, sheets, 2)
    assert [r.total for r in normalised] == [r.total for r in raw] == [r.raw_total for r in normalised]
    assert [(p.rank, p.result.number) for p in rank(normalised).placings] == [
        (p.rank, p.result.number) for p in rank(raw).placings
    ]


@given(tournaments_played(st.integers(MIN_PLAYERS, 14)))
def test_normalised_total_is_the_factor_weighted_sum_per_pass(played) -> None:  # noqa: ANN001
    """PT-6: total = Σ over passes f(k) · raw pass total, exactly; the raw total stays the plain sum;
    the standings are ordered by the normalised totals, ranks counting strictly better players."""
    players, sheets = played
    names = {n: f"P{n}" for n in range(1, players + 1)}
    results = player_results(names, sheets, 2, normalise=True)
    for r in results:
        per_pass = raw_per_pass(sheets, r.number)
        assert r.total == sum((table_factor(k) * raw for raw, k in per_pass.values()), Fraction(0))
        assert r.raw_total == sum(raw for raw, _ in per_pass.values())
        assert r.pass_factors == tuple(table_factor(per_pass[p][1]) for p in (1, 2))
    standings = rank(results)
    totals = [p.result.total for p in standings.placings]
    assert totals == sorted(totals)
    for p in standings.placings:
        assert p.rank == 1 + sum(t < p.result.total for t in totals)


@given(tournaments_played(st.integers(MIN_PLAYERS, 14), WINNER_COLLECTS))
def test_every_table_stays_zero_sum_under_winner_collects(played) -> None:  # noqa: ANN001
    """PT-6 with RA-23 ``winner_collects``: the factor applies to each table-pass's net, and the
    normalised nets of one table-pass add up to zero; net totals rank descending."""
    players, sheets = played
    names = {n: f"P{n}" for n in range(1, players + 1)}
    results = {r.number: r for r in player_results(names, sheets, 2, normalise=True)}
    for s in sheets:
        assert sum(results[n].pass_scores[s.pass_no - 1] for n in s.players) == 0
        factor = table_factor(len(s.players))
        for seat, n in enumerate(s.players):
            assert results[n].pass_scores[s.pass_no - 1] == factor * sum(
                g.score(seat, WINNER_COLLECTS) for g in s.games
            )
    assert sum(r.total for r in results.values()) == 0
    standings = rank(list(results.values()), scoring=WINNER_COLLECTS)
    totals = [p.result.total for p in standings.placings]
    assert totals == sorted(totals, reverse=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=MIN_PLAYERS, max_value=11), st.integers(min_value=0, max_value=2**16))
def test_a_tournament_created_with_the_option_normalises_its_standings(players: int, seed: int) -> None:
    """RA-24 / PT-6 through the use cases: sheets played on the match engine, standings normalised."""
    matches = MatchService(InMemoryRepository())
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(matches))
    tid = tournaments.create("Herbst", normalise_table_size=True).tournament_id
    tournaments.register_many(tid, [f"S{i}" for i in range(players)])
    rng = random.Random(seed)
    expected: dict[int, Fraction] = dict.fromkeys(range(1, players + 1), Fraction(0))
    for pass_no in (1, 2):
        stored = tournaments.draw(tid, pass_no, seed=f"{seed}-{pass_no}")
        for table, match_id in zip(stored.draw.tables, stored.match_ids, strict=True):
            for row in play_sheet(matches, match_id, rng):
                for seat, number in enumerate(table):
                    expected[number] += table_factor(len(table)) * row[seat]
    standings = tournaments.overview(tid).standings
    assert standings.complete
    assert {p.result.number: p.result.total for p in standings.placings} == expected
    assert [p.result.total for p in standings.placings] == sorted(expected.values())
