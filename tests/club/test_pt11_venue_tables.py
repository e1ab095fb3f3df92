"""PT-11: the venue's tables cap the players (five at a table at most) and shape the draw when PT-1's
plan would need more tables than the venue has; refused before anything is written."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.tournament import TournamentService
from stammtisch.club.tournament.errors import PlayerCountRefused, TournamentRefused
from stammtisch.club.tournament.tables import MAX_TABLES, table_sizes
from stammtisch.matches.service import MatchService
from tests.club.sheets import play_sheet


def test_the_plan_of_pt1_stands_when_the_venue_has_tables_enough() -> None:
    assert table_sizes(10) == table_sizes(10, 3) == (4, 3, 3)
    assert table_sizes(12, 6) == (4, 4, 4)


def test_too_few_tables_spread_the_players_evenly_bigger_tables_first() -> None:
    assert table_sizes(10, 2) == (5, 5)
    assert table_sizes(22, 5) == (5, 5, 4, 4, 4)
    assert table_sizes(9, 2) == (4, 5)  # PT-1's own plan fits two tables


@given(players=st.integers(3, 200), tables=st.integers(1, MAX_TABLES))
def test_every_plan_seats_everybody_at_no_more_tables_than_the_venue_has(players: int, tables: int) -> None:
    if players > 5 * tables:
        with pytest.raises(PlayerCountRefused) as refused:
            table_sizes(players, tables)
        assert refused.value.clause == "PT-11"
        return
    sizes = table_sizes(players, tables)
    assert sum(sizes) == players and len(sizes) <= tables
    assert all(3 <= size <= 5 for size in sizes)


def test_more_players_than_the_tables_seat_are_refused_when_they_register(tournaments: TournamentService) -> None:
    tid = tournaments.create("Herbst", tables=2).tournament_id
    tournaments.register_many(tid, [f"Spielerin {i + 1}" for i in range(9)])
    tournaments.register(tid, "Zehnte")
    with pytest.raises(PlayerCountRefused) as refused:
        tournaments.register(tid, "Elfte")
    assert refused.value.clause == "PT-11"
    assert "11 Spielerinnen passen nicht an 2 Tische: höchstens 10" in refused.value.message.de
    assert "11 players do not fit at 2 tables: at most 10" in refused.value.message.en
    assert "nimm 1 Spielerin weniger" in refused.value.message.de and "take 1 player fewer" in refused.value.message.en
    assert len(tournaments.overview(tid).players) == 10  # nothing written
    with pytest.raises(TournamentRefused) as many:
        tournaments.register_many(tid, ["A", "B"])
    assert many.value.clause == "PT-11" and "Niemand aus der Liste wurde angemeldet" in many.value.message.de
    assert len(tournaments.overview(tid).players) == 10


def test_a_late_arrival_beyond_the_tables_is_refused(tournaments: TournamentService, matches: MatchService) -> None:
    """PT-7 + PT-11: after pass 1 at two full tables, an eleventh player cannot join; a replacement can."""
    tid = tournaments.create("Herbst", tables=2).tournament_id
    tournaments.register_many(tid, [f"Spielerin {i + 1}" for i in range(10)])
    stored = tournaments.draw(tid, 1)
    assert [len(table) for table in stored.draw.tables] == [5, 5]
    rng = random.Random(3)
    for match_id in stored.match_ids:
        play_sheet(matches, match_id, rng)
    with pytest.raises(PlayerCountRefused) as refused:
        tournaments.join(tid, "Zu spät")
    assert refused.value.clause == "PT-11"
    assert tournaments.changes(tid) == []
    tournaments.replace(tid, 3, "Berta")
    second = tournaments.draw(tid, 2)
    assert [len(table) for table in second.draw.tables] == [5, 5]
    overview = tournaments.overview(tid)
    assert all(overview.audit(draw) for draw in overview.draws)  # the audit recomputes the plan with the tables


@pytest.mark.parametrize("tables", [0, -1, MAX_TABLES + 1])
def test_a_number_of_tables_out_of_range_is_refused(tournaments: TournamentService, tables: int) -> None:
    with pytest.raises(PlayerCountRefused) as refused:
        tournaments.create("Herbst", tables=tables)
    assert refused.value.clause == "PT-11"
    assert f"zwischen 1 und {MAX_TABLES}" in refused.value.message.de
    assert tournaments.list_tournaments() == []
