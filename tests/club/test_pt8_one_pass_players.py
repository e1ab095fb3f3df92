"""PT-8 (RA-24): a player who plays only one pass (withdrew after pass 1, arrived late, replaced or
replacing) is listed with that pass's points and marked, without a place or a prize; the places,
shared ranks, tie-breaks and prizes are those of the players of both passes."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.club.tournament import InMemoryTournaments, TournamentService
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import MatchSheets
from tests.club.sheets import play_sheet


def played(tournaments: TournamentService, matches: MatchService, players: int, between, **create: object) -> str:
    """A whole tournament with ``between(tid)`` run after pass 1."""
    tid = tournaments.create("Herbst", **create).tournament_id  # type: ignore[arg-type]
    tournaments.register_many(tid, [f"P{i + 1}" for i in range(players)])
    rng = random.Random(11)
    for pass_no in (1, 2):
        if pass_no == 2:
            between(tid)
        stored = tournaments.draw(tid, pass_no)
        for match_id in stored.match_ids:
            play_sheet(matches, match_id, rng)
    return tid


def test_replaced_and_replacing_players_are_listed_not_ranked(
    tournaments: TournamentService, matches: MatchService
) -> None:
    """PT-8: P3 (pass 1 only, replaced by Berta) and Berta (pass 2 only) are listed with their one
    pass; the other seven are ranked 1..7 on 16 games each, and the prizes go to them only."""
    tid = played(
        tournaments,
        matches,
        8,
        lambda tid: tournaments.replace(tid, 3, "Berta"),
        prizes=[f"Preis {i}" for i in "1234567"],
    )
    standings = tournaments.overview(tid).standings
    assert standings.complete
    assert sorted(p.result.number for p in standings.placings) == [1, 2, 4, 5, 6, 7, 8]
    assert all(p.result.games_played == 16 for p in standings.placings)
    assert [p.rank for p in standings.placings] == sorted(p.rank for p in standings.placings)
    assert {p.prize for p in standings.placings if p.rank == 1} == {"Preis 1"}
    unranked = {u.result.name: u for u in standings.unranked}
    assert set(unranked) == {"P3", "Berta"}
    p3, berta = unranked["P3"], unranked["Berta"]
    assert p3.passes == (1,) and p3.result.games_played == 8 and p3.result.pass_totals[1] == 0
    assert berta.passes == (2,) and berta.result.games_played == 8 and berta.result.pass_totals[0] == 0
    assert "replaced by Berta before pass 2" in p3.note.en and "PT-8" in p3.note.en
    assert "ersetzt durch Berta" in p3.note.de and "ohne Platz und Preis" in p3.note.de
    assert "in place of P3" in berta.note.en


def test_a_withdrawal_after_pass_1_is_marked_before_pass_2_is_drawn(
    tournaments: TournamentService, matches: MatchService
) -> None:
    """PT-8: as soon as she withdraws, the provisional standings list her apart."""
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, [f"P{i + 1}" for i in range(5)])
    for match_id in tournaments.draw(tid, 1).match_ids:
        play_sheet(matches, match_id, random.Random(3))
    tournaments.withdraw(tid, 2)
    tournaments.join(tid, "Spät")
    standings = tournaments.overview(tid).standings
    assert not standings.complete
    assert [u.result.name for u in standings.unranked if u.passes == (1,)] == ["P2"]
    assert "withdrew before pass 2" in next(u for u in standings.unranked if u.passes == (1,)).note.en
    late = next(u for u in standings.unranked if u.passes == (2,))
    assert late.result.name == "Spät" and "late registration" in late.note.en and late.result.games_played == 0
    assert len(standings.placings) == 4


def test_one_pass_players_are_ordered_best_first_in_the_tournaments_scoring(
    tournaments: TournamentService, matches: MatchService
) -> None:
    """PT-8 with RA-23: listed by their one-pass total, ascending for penalty points, descending
    for winner_collects; normalised pass scores under PT-6."""
    for scoring, normalise in (("penalty_points", False), ("winner_collects", True)):

        def swap(tid: str) -> None:
            tournaments.withdraw(tid, 1)
            tournaments.withdraw(tid, 2)

        tid = played(tournaments, matches, 7, swap, scoring=scoring, normalise_table_size=normalise)
        unranked = tournaments.overview(tid).standings.unranked
        totals = [u.result.total for u in unranked]
        assert totals == sorted(totals, reverse=scoring == "winner_collects")
        assert all(u.result.normalised == normalise for u in unranked)


def test_a_player_withdrawn_before_the_first_draw_is_not_listed(tournaments: TournamentService) -> None:
    """PT-8: she plays no pass: neither ranked nor listed."""
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C", "D"])
    tournaments.withdraw(tid, 4)
    tournaments.draw(tid, 1)
    standings = tournaments.overview(tid).standings
    assert "D" not in [p.result.name for p in standings.placings] + [u.result.name for u in standings.unranked]


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=st.integers(6, 10),  # at least 3 stay for the pass-2 draw
    leavers=st.sets(st.integers(1, 10), max_size=3),
    newcomers=st.integers(0, 3),
    replacing=st.booleans(),
)
def test_every_game_is_counted_once_ranked_or_listed(
    players: int, leavers: set[int], newcomers: int, replacing: bool
) -> None:
    """PT-8 invariant: after any changes between the passes, every booked seat-game belongs to exactly
    one listed player; ranked players have 16 games, one-pass players 8; nobody is both."""
    matches = MatchService(InMemoryRepository())
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(matches))

    def between(tid: str) -> None:
        for index, number in enumerate(sorted(n for n in leavers if n <= players)):
            if replacing and index < newcomers:
                tournaments.replace(tid, number, f"Neu {index}")
            else:
                tournaments.withdraw(tid, number)
        for index in range(newcomers if not replacing else 0):
            tournaments.join(tid, f"Spät {index}")

    tid = played(tournaments, matches, players, between)
    overview = tournaments.overview(tid)
    standings = overview.standings
    seat_games = sum(len(sheet.players) * len(sheet.games) for sheet in overview.sheets)
    listed = [p.result for p in standings.placings] + [u.result for u in standings.unranked]
    assert sum(r.games_played for r in listed) == seat_games
    assert len({r.number for r in listed}) == len(listed)
    assert all(p.result.games_played == 16 for p in standings.placings)
    assert all(u.result.games_played == 8 and len(u.passes) == 1 for u in standings.unranked)
