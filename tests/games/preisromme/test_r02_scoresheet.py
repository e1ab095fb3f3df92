"""R-2.1, RA-23, RA-28: score-sheet mode: seat 1 enters each game's result; impossible entries are refused."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import NotYourTurn, RuleViolation
from stammtisch.core.protocol import Decision, Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import ImpossibleEntry
from stammtisch.games.preisromme.model import Out, Points, Romme


def sheet(games: int = 2, **options: object):
    return GAME.start(4, GAME.configure({"mode": "scoresheet", "games_per_pass": games, **options}))


def enter(state, *moves: str):
    for move in moves:
        state = GAME.act(state, 0, GAME.parse_action(move))
    return state


def test_r2_1_seat_one_writes_the_results() -> None:
    """R-2.1: the Schreiber (seat 1) enters; other seats cannot."""
    state = sheet()
    assert GAME.turn(state) == Decision((0,))
    with pytest.raises(NotYourTurn):
        GAME.act(state, 1, Out(1))
    assert GAME.legal_actions(state, 0)[:2] == (Out(0), Out(1))


def test_ra23_entries_are_booked_and_totalled() -> None:
    """RA-23: winner 0, the others their counts, doubled after a Rommé-Hand; running totals."""
    state = enter(sheet(), "out 2", "romme no", "points 1 30", "points 3 12", "points 4 7")
    assert state.penalties == (30, 0, 12, 7)
    assert GAME.view(state, None)["game_no"] == 2 and GAME.view(state, None)["dealer"] == 1
    state = enter(state, "out 1", "romme yes", "points 2 10", "points 3 5", "points 4 20")
    assert state.history[-1].penalties == (0, 20, 10, 40)
    assert state.penalties == (30, 20, 22, 47)
    assert isinstance(GAME.turn(state), Finished)
    assert GAME.result(state).ranking == ((1,), (2,), (0,), (3,))


def test_ra23_impossible_entries_are_refused() -> None:
    """RA-23: nobody holds 1 point or less than a card; the winner holds nothing; more than the deck cannot be."""
    state = enter(sheet(), "out 2", "romme no")
    with pytest.raises(ImpossibleEntry) as refused:
        enter(state, "points 1 1")
    assert refused.value.clause == "RA-23" and "2" in refused.value.message.en
    with pytest.raises(ImpossibleEntry):
        enter(state, "points 2 10")  # the winner
    with pytest.raises(ImpossibleEntry):
        enter(state, "points 3 10")  # seat 1 is due first
    with pytest.raises(ImpossibleEntry):
        enter(state, "points 1 900")
    state = enter(state, "points 1 800")
    with pytest.raises(ImpossibleEntry):
        enter(state, "points 3 40")  # the deck holds 872 points; the winner laid at least 42
    assert Points(2, 2) in GAME.legal_actions(state, 0)
    with pytest.raises(ImpossibleEntry):
        GAME.act(sheet(), 0, Romme(True))  # the winner first
    with pytest.raises(ImpossibleEntry):
        GAME.act(sheet(), 0, Out(7))


def test_ra25_a_game_without_winner_counts_everybody() -> None:
    """RA-25: ``out none``: every seat enters its count; nothing is doubled."""
    state = enter(sheet(1), "out none", "points 1 5", "points 2 6", "points 3 7", "points 4 8")
    assert state.history[-1].winner is None and state.penalties == (5, 6, 7, 8)


def test_digital_moves_are_refused_in_scoresheet_mode() -> None:
    """R-2.1: a score sheet has no cards."""
    with pytest.raises(RuleViolation) as refused:
        enter(sheet(), "discard 7H")
    assert refused.value.clause == "RA-03"


@pytest.mark.parametrize(("scoring", "credits"), [("penalty_points", [0, 0, 0, 0]), ("winner_collects", [0, 49, 0, 0])])
def test_ra23_history_shows_each_games_credits(scoring: str, credits: list[int]) -> None:
    """RA-23 `scoring`: every game in the view's history carries its credits (the tournament layer
    books `winner_collects` from them); under `winner_collects` the winner collects the others' sum."""
    state = enter(sheet(scoring=scoring), "out 2", "romme no", "points 1 30", "points 3 12", "points 4 7")
    entry = GAME.view(state, 0)["history"][0]
    assert entry["credits"] == credits
    assert entry["penalties"] == [30, 0, 12, 7]
