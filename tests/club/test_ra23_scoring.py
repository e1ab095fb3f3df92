"""RA-23 ``scoring`` in a tournament: under ``penalty_points`` (default) totals are penalty points,
lower is better; under ``winner_collects`` the winner of each game is also credited with the
others' sum and the ranking is by net score (credits minus penalty points), higher is better. The
standings follow the scoring the tournament's sheets were played with."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.club.tournament import (
    InMemoryTournaments,
    SheetGame,
    TableSheet,
    TournamentRefused,
    TournamentService,
    rank,
)
from stammtisch.club.tournament.service import played_scoring
from stammtisch.club.tournament.standings import PlayerResult, player_results
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import MatchSheets
from tests.club.sheets import play_sheet


def test_unknown_scoring_is_refused(tournaments: TournamentService) -> None:
    """RA-23: only ``penalty_points`` and ``winner_collects``."""
    with pytest.raises(TournamentRefused) as refused:
        tournaments.create("Herbst", scoring="golf")
    assert refused.value.clause == "RA-23"
    assert "Wertung" in refused.value.message.de and "scoring" in refused.value.message.en
    assert tournaments.create("Herbst").scoring == "penalty_points"


def test_sheets_are_opened_with_the_tournaments_scoring(tournaments: TournamentService, matches: MatchService) -> None:
    """RA-23: every table's sheet books its games in the tournament's scoring."""
    tid = tournaments.create("Herbst", scoring="winner_collects").tournament_id
    for i in range(7):
        tournaments.register(tid, f"S{i}")
    stored = tournaments.draw(tid, 1, seed="x")
    assert {matches.snapshot(m, None).options["scoring"] for m in stored.match_ids} == {"winner_collects"}


def test_a_game_scores_net_under_winner_collects() -> None:
    """RA-23: the winner scores the others' sum, the others minus their penalty points."""
    game = SheetGame(1, False, (30, 0, 12, 7), (0, 49, 0, 0))
    assert [game.score(s) for s in range(4)] == [30, 0, 12, 7]
    assert [game.score(s, "winner_collects") for s in range(4)] == [-30, 49, -12, -7]
    sheet = TableSheet(1, 1, (1, 2, 3, 4), (game, game), 8, "winner_collects")
    assert sheet.running_totals()[-1] == (-60, 98, -24, -14)
    results = player_results({n: f"P{n}" for n in (1, 2, 3, 4)}, [sheet])
    assert [r.total for r in results] == [-60, 98, -24, -14]


def test_winner_collects_ranks_higher_net_scores_first_and_ties_share() -> None:
    """RA-23 ``winner_collects``: ranking by net score, higher is better; RA-24: ties share."""
    results = [
        PlayerResult(n, f"P{n}", totals, 16, 0) for n, totals in enumerate([(-50, 0), (90, 10), (0, -10), (-10, 0)], 1)
    ]
    standings = rank(results, scoring="winner_collects")
    assert [(p.rank, p.result.name) for p in standings.placings] == [(1, "P2"), (2, "P3"), (2, "P4"), (4, "P1")]
    assert standings.higher_is_better
    broken = rank(results, ("second_pass",), scoring="winner_collects")
    assert [(p.rank, p.result.name) for p in broken.placings][1:3] == [(2, "P4"), (3, "P3")]
    assert "higher is better" in broken.placings[1].explanation.en
    assert "mehr ist besser" in broken.placings[1].explanation.de
    assert [(p.rank, p.result.name) for p in rank(results).placings][0] == (1, "P1")


def test_the_standings_follow_the_scoring_the_sheets_were_played_with() -> None:
    """RA-23: the sheets' scoring decides; sheets of different scorings cannot be ranked together."""
    from datetime import UTC, datetime

    from stammtisch.club.tournament import TournamentRecord

    record = TournamentRecord("t", "T", datetime(2026, 1, 1, tzinfo=UTC))
    collects = TableSheet(1, 1, (1, 2, 3), (), 8, "winner_collects")
    penalties = TableSheet(1, 2, (4, 5, 6), (), 8, "penalty_points")
    assert played_scoring(record, []) == "penalty_points"
    assert played_scoring(record, [collects]) == "winner_collects"
    with pytest.raises(TournamentRefused) as mixed:
        played_scoring(record, [collects, penalties])
    assert mixed.value.clause == "RA-23"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=3, max_value=11), st.integers(min_value=0, max_value=2**16))
def test_a_winner_collects_tournament_nets_to_zero_and_ranks_descending(players: int, seed: int) -> None:
    """RA-23 ``winner_collects``: each game's credit equals the others' penalty points, so all net
    totals sum to zero; totals are each player's net sums and the ranking is descending."""
    matches = MatchService(InMemoryRepository())
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(matches))
    tid = tournaments.create("Herbst", scoring="winner_collects").tournament_id
    for i in range(players):
        tournaments.register(tid, f"S{i}")
    rng = random.Random(seed)
    penalties: dict[int, int] = dict.fromkeys(range(1, players + 1), 0)
    for pass_no in (1, 2):
        stored = tournaments.draw(tid, pass_no, seed=f"{seed}-{pass_no}")
        for table, match_id in zip(stored.draw.tables, stored.match_ids, strict=True):
            for row in play_sheet(matches, match_id, rng):
                for seat, number in enumerate(table):
                    penalties[number] += row[seat]
    standings = tournaments.overview(tid).standings
    assert standings.scoring == "winner_collects" and standings.complete
    totals = [p.result.total for p in standings.placings]
    assert sum(totals) == 0
    assert totals == sorted(totals, reverse=True)
    for placing in standings.placings:
        assert placing.result.total >= -penalties[placing.result.number]
