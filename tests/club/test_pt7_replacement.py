"""PT-7: players change only between two draws (R-1.3): before the draw of pass 1, or after every
pass-1 sheet is complete and before the draw of pass 2. A withdrawal, a late arrival, a return or a
replacement changes the pool of the next draw; a running table is never changed; every change is
recorded in sequence and the draws stay auditable."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.club.tournament import (
    InMemoryTournaments,
    PassRunning,
    PlayerChange,
    TournamentRefused,
    TournamentService,
)
from stammtisch.club.tournament.changes import JOIN, REPLACE, RETURN, WITHDRAW, pool
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import MatchSheets
from tests.club.sheets import play_sheet


def registered(tournaments: TournamentService, players: int) -> str:
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, [f"Spielerin {i + 1}" for i in range(players)])
    return tid


def finish_pass(tournaments: TournamentService, matches: MatchService, tid: str, pass_no: int, seed: int = 1) -> None:
    stored = tournaments.draw(tid, pass_no)
    rng = random.Random(seed)
    for match_id in stored.match_ids:
        play_sheet(matches, match_id, rng)


def test_a_replacement_takes_the_leavers_place_in_the_next_draw(
    tournaments: TournamentService, matches: MatchService
) -> None:
    """PT-7: after pass 1, Berta replaces Spielerin 3: she registers with the next number and the
    pass-2 draw shuffles her number instead of the leaver's; the table plan stays 4 + 4."""
    tid = registered(tournaments, 8)
    finish_pass(tournaments, matches, tid, 1)
    change = tournaments.replace(tid, 3, "Berta")
    assert (change.seq, change.before_pass, change.kind, change.leaving, change.joining) == (1, 2, REPLACE, 3, 9)
    stored = tournaments.draw(tid, 2, seed="zwei")
    seated = sorted(n for table in stored.draw.tables for n in table)
    assert seated == [1, 2, 4, 5, 6, 7, 8, 9]
    assert [len(t) for t in stored.draw.tables] == [4, 4]
    overview = tournaments.overview(tid)
    assert overview.pool(1) == tuple(range(1, 9)) and overview.pool(2) == tuple(seated)
    assert all(overview.audit(d) for d in overview.draws)
    names = {p.number: p.name for p in overview.players}
    pass2 = overview.match_ids[(2, 1)], overview.match_ids[(2, 2)]
    sheet_players = [p for m in pass2 for p in matches.snapshot(m).players]
    assert "Berta" in sheet_players and names[3] not in sheet_players


def test_withdrawing_and_late_arrivals_change_the_table_plan(
    tournaments: TournamentService, matches: MatchService
) -> None:
    """PT-7 with PT-1: 8 players, one withdraws and two arrive late: pass 2 has 9 players, 4 + 5."""
    tid = registered(tournaments, 8)
    finish_pass(tournaments, matches, tid, 1)
    assert tournaments.withdraw(tid, 8).kind == WITHDRAW
    assert tournaments.join(tid, "Nachzüglerin").kind == JOIN  # type: ignore[union-attr]
    assert tournaments.join(tid, "Späte Grete").kind == JOIN  # type: ignore[union-attr]
    stored = tournaments.draw(tid, 2)
    assert sorted(len(t) for t in stored.draw.tables) == [4, 5]
    assert 8 not in stored.draw.permutation and {9, 10} <= set(stored.draw.permutation)
    assert [c.seq for c in tournaments.changes(tid)] == [1, 2, 3]


def test_before_the_first_draw_a_withdrawal_leaves_the_pool(tournaments: TournamentService) -> None:
    """PT-7: before pass 1 a withdrawn player is in neither draw; a late name is a plain registration
    (PT-5), and a withdrawn player's name brings her back."""
    tid = registered(tournaments, 6)
    tournaments.withdraw(tid, 2)
    plain = tournaments.join(tid, "Frieda")
    assert not isinstance(plain, PlayerChange) and plain.number == 7
    back = tournaments.join(tid, "spielerin 2")
    assert isinstance(back, PlayerChange) and back.kind == RETURN and back.joining == 2
    tournaments.withdraw(tid, 2)
    stored = tournaments.draw(tid, 1)
    assert sorted(stored.draw.permutation) == [1, 3, 4, 5, 6, 7]
    overview = tournaments.overview(tid)
    assert overview.passes_of(2) == ()
    assert "withdrawn" in overview.status(2).en


@pytest.mark.parametrize("played_games", [0, 3])
def test_a_running_table_is_never_changed(
    tournaments: TournamentService, matches: MatchService, played_games: int
) -> None:
    """PT-7: once a pass is drawn and until every sheet of it is complete, every change is refused
    with tournament/pass_running and nothing is written."""
    tid = registered(tournaments, 8)
    stored = tournaments.draw(tid, 1)
    play_sheet(matches, stored.match_ids[0], random.Random(2), games=played_games)
    before = (tournaments.repository.players(tid), tournaments.changes(tid))
    for attempt in (
        lambda: tournaments.replace(tid, 1, "Ersatz"),
        lambda: tournaments.withdraw(tid, 1),
        lambda: tournaments.join(tid, "Ersatz"),
    ):
        with pytest.raises(PassRunning) as refused:
            attempt()
        assert refused.value.code == "tournament/pass_running" and refused.value.clause == "PT-7"
        assert "Tisch 1, 2" in refused.value.message.de and "table 1, 2" in refused.value.message.en
    assert (tournaments.repository.players(tid), tournaments.changes(tid)) == before


def test_after_the_second_draw_nobody_changes(tournaments: TournamentService, matches: MatchService) -> None:
    """PT-7: both passes drawn: refused whether pass 2 is running or finished."""
    tid = registered(tournaments, 4)
    finish_pass(tournaments, matches, tid, 1)
    tournaments.draw(tid, 2)
    with pytest.raises(PassRunning) as refused:
        tournaments.replace(tid, 1, "Ersatz")
    assert "R-1.3" in refused.value.message.en and "Nichts wurde geändert" in refused.value.message.de


def test_bad_changes_are_refused_with_nothing_written(tournaments: TournamentService, matches: MatchService) -> None:
    """PT-7 / PT-5: an unknown or already withdrawn leaver, a taken name, an empty change, a withdrawn
    player as a replacement: each refused in German and English, nothing stored."""
    tid = registered(tournaments, 5)
    finish_pass(tournaments, matches, tid, 1)
    tournaments.withdraw(tid, 5)
    cases = [
        (lambda: tournaments.withdraw(tid, 99), "PT-7", "no registration number 99"),
        (lambda: tournaments.withdraw(tid, 5), "PT-7", "withdrawn already"),
        (lambda: tournaments.replace(tid, 1, "spielerin 2"), "PT-5", "registered already"),
        (lambda: tournaments.replace(tid, 1, "Spielerin 5"), "PT-7", "Only a new player can replace"),
        (lambda: tournaments.change(tid), "PT-7", "Who leaves or who joins"),
        (lambda: tournaments.replace(tid, 1, "  "), "PT-5", "1 to 60 characters"),
        (lambda: tournaments.replace(tid, 1, "a\x07b"), "PT-5", "control characters"),
        (lambda: tournaments.player_number(tid, "Niemand"), "PT-7", "No player 'Niemand'"),
    ]
    before = (tournaments.repository.players(tid), tournaments.changes(tid))
    for attempt, clause, english in cases:
        with pytest.raises(TournamentRefused) as refused:
            attempt()
        assert refused.value.clause == clause
        assert english in refused.value.message.en, refused.value.message.en
        assert refused.value.message.de and refused.value.message.de != refused.value.message.en
    assert (tournaments.repository.players(tid), tournaments.changes(tid)) == before


def test_players_are_found_by_number_or_name(tournaments: TournamentService) -> None:
    tid = registered(tournaments, 4)
    assert tournaments.player_number(tid, "3") == 3
    assert tournaments.player_number(tid, " SPIELERIN  4 ") == 4


def test_a_draw_from_a_stale_pool_is_not_stored(tournaments: TournamentService) -> None:
    """PT-7: a draw is stored only if it shuffled the pool the recorded changes leave (a change
    racing the draw cannot leave an unauditable draw behind)."""
    from stammtisch.club.tournament import StoredDraw, draw_pass

    tid = registered(tournaments, 5)
    tournaments.withdraw(tid, 5)
    stale = StoredDraw(draw_pass("s", 1, [1, 2, 3, 4, 5]), ("m",), tournaments.clock())
    with pytest.raises(TournamentRefused) as refused:
        tournaments.repository.add_draw(tid, stale)
    assert refused.value.clause == "PT-7" and "draw again" in refused.value.message.en
    assert tournaments.repository.draws(tid) == []


def test_a_change_planned_before_a_draw_is_refused_after_it() -> None:
    """PT-7: the repository re-checks under its lock that no draw came in between (nothing written)."""
    matches = MatchService(InMemoryRepository())
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(matches))
    tid = registered(tournaments, 4)
    tournaments.draw(tid, 1)
    with pytest.raises(PassRunning) as refused:
        tournaments.repository.change_players(tid, 1, 1, "Ersatz", tournaments.clock())
    assert "drawn meanwhile" in refused.value.message.en
    assert len(tournaments.repository.players(tid)) == 4


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["withdraw", "join", "replace"]), st.integers(1, 12)), max_size=8))
def test_the_pool_follows_the_recorded_changes(steps: list[tuple[str, int]]) -> None:
    """PT-7 invariant: after any accepted changes, the pool is exactly the registered players minus
    the leavers plus the joiners, every change has the next seq, and a draw of it is auditable."""
    matches = MatchService(InMemoryRepository())
    seeds = iter(f"seed-{i}" for i in range(100))
    tournaments = TournamentService(InMemoryTournaments(), MatchSheets(matches), seeds=lambda: next(seeds))
    tid = registered(tournaments, 6)
    expected = set(range(1, 7))
    for index, (kind, number) in enumerate(steps):
        try:
            if kind == "withdraw":
                tournaments.withdraw(tid, number)
                expected.discard(number)
            elif kind == "join":
                change = tournaments.join(tid, f"Neu {index}")
                expected.add(change.number if not isinstance(change, PlayerChange) else change.joining)
            else:
                change = tournaments.replace(tid, number, f"Neu {index}")
                expected.discard(number)
                expected.add(change.joining)
        except TournamentRefused:
            continue
    changes = tournaments.changes(tid)
    assert [c.seq for c in changes] == list(range(1, len(changes) + 1))
    numbers = [p.number for p in tournaments.repository.players(tid)]
    assert set(pool(numbers, changes, 1)) == expected
    if len(expected) >= 3:
        stored = tournaments.draw(tid, 1)
        assert sorted(stored.draw.permutation) == sorted(expected)
        assert tournaments.overview(tid).audit(stored)


def test_a_withdrawn_name_comes_back_through_a_change_not_a_registration(tournaments: TournamentService) -> None:
    """PT-5 / PT-7: registering a withdrawn player's name says how she comes back; nothing written."""
    tid = registered(tournaments, 4)
    tournaments.withdraw(tid, 4)
    for attempt in (
        lambda: tournaments.register(tid, "Spielerin 4"),
        lambda: tournaments.register_many(tid, ["X", "spielerin 4"]),
    ):
        with pytest.raises(TournamentRefused) as refused:
            attempt()
        assert refused.value.clause == "PT-7" and "Change players" in refused.value.message.en
    assert len(tournaments.repository.players(tid)) == 4
