"""RA-24 ``normalise_table_size`` (default false): tables of 3 or 5, when the number of players is
not a multiple of 4, still play 8 games, and raw totals are not normalised. ``true`` normalises per
table-pass (PT-6, tests/club/test_pt6_normalised_totals.py)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.club.tournament import InMemoryTournaments, TournamentService, table_sizes
from stammtisch.club.tournament.tables import GAMES_PER_PASS, MAX_PLAYERS, MIN_PLAYERS
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import MatchSheets
from tests.club.sheets import play_sheet


def test_the_default_is_false(tournaments: TournamentService) -> None:
    """RA-24: ``normalise_table_size`` = false unless chosen."""
    record = tournaments.create("Herbst")
    assert record.normalise_table_size is False
    assert tournaments.get(record.tournament_id).normalise_table_size is False


def test_true_is_accepted_and_kept(tournaments: TournamentService) -> None:
    """RA-24 / PT-6: ``true`` is a valid choice (ruling PT-6) and is stored with the tournament."""
    record = tournaments.create("Herbst", normalise_table_size=True)
    assert record.normalise_table_size is True
    assert tournaments.get(record.tournament_id).normalise_table_size is True


@settings(deadline=None)
@given(st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS))
def test_every_table_plays_eight_games_whatever_its_size(players: int) -> None:
    """RA-24: tables of 3 or 5 exist only when the count is not a multiple of 4, and every table
    (of any size) is due the same 8 games per pass."""
    sizes = table_sizes(players)
    assert set(sizes) <= {3, 4, 5}
    if players % 4 == 0:
        assert set(sizes) == {4}
    else:
        assert set(sizes) != {4}
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(MatchService(InMemoryRepository())))
    record = tournaments.create("Herbst")
    for i in range(players):
        tournaments.register(record.tournament_id, f"S{i}")
    tournaments.draw(record.tournament_id, 1, seed=str(players))
    overview = tournaments.overview(record.tournament_id)
    assert [len(sheet.players) for sheet in overview.sheets] == list(sizes)
    assert {sheet.games_due for sheet in overview.sheets} == {GAMES_PER_PASS}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=MIN_PLAYERS, max_value=14), st.integers(min_value=0, max_value=2**16))
def test_totals_are_raw_sums_whatever_the_table_size(players: int, seed: int) -> None:
    """RA-24: "Raw totals are not normalised": at a table of 3, 4 or 5 a player's total is exactly
    the sum of the penalty points booked for her, with no factor for the table's size."""
    matches = MatchService(InMemoryRepository())
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(matches))
    tid = tournaments.create("Herbst").tournament_id
    for i in range(players):
        tournaments.register(tid, f"S{i}")
    rng = random.Random(seed)
    booked: dict[int, int] = dict.fromkeys(range(1, players + 1), 0)
    for pass_no in (1, 2):
        stored = tournaments.draw(tid, pass_no, seed=f"{seed}-{pass_no}")
        for table, match_id in zip(stored.draw.tables, stored.match_ids, strict=True):
            for row in play_sheet(matches, match_id, rng):
                for seat, number in enumerate(table):
                    booked[number] += row[seat]
    standings = tournaments.overview(tid).standings
    assert standings.complete
    assert {p.result.number: p.result.total for p in standings.placings} == booked
    assert [p.result.total for p in standings.placings] == sorted(booked.values())
