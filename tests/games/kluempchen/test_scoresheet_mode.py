"""Scoresheet mode (KA-36, docs/rulings/kluempchen.md "Scoresheet bound"): the Schreiber enters each
player turn's result; the engine refuses results no turn can produce, citing the clause."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Decision
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import EnterSixEqual, EnterTurn, Throw
from stammtisch.games.kluempchen.options import config_from
from stammtisch.games.kluempchen.scoresheet import achievable, results
from tests.games.kluempchen.helpers import new_state, play, rnd, view


def sheet(**options: object):
    return new_state(mode="scoresheet", **options)


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, GAME.turn(state).seats[0], action)
    return error.value.clause


def test_the_seat_on_turn_enters_results() -> None:
    """Only the owner decides; there is no stand-in step and no dice."""
    state = sheet()
    assert GAME.turn(state) == Decision((0,))
    legal = GAME.legal_actions(state, 0)
    assert EnterTurn(26, True, 0) in legal and EnterTurn(6) in legal and EnterSixEqual(0) in legal
    assert GAME.legal_actions(state, 1) == ()


def test_entered_results_score_like_played_turns() -> None:
    """K-5.1/K-10.4: P1 26 with joker, P2 8 → the team gains 34; the joker is used."""
    state = play(sheet(), "score 26 joker", "score 8")
    assert rnd(state).scores == (34, 0)
    assert view(state)["jokers_left"] == [0, 1, 1, 1]
    state = play(sheet(), "score 26 joker", "score 0")
    assert rnd(state).scores == (0, 0)


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("score 1", "S-1"),  # no clump is worth 1
        ("score 7 joker", "K-10.4"),  # a joker doubles: odd is impossible
        ("score 20 strassen 1", "S-8.1"),  # a confirmed Straße is at least 30 + 2
        ("score 20 strassen 5", "KA-20"),  # more Straßen than the chain bound allows
        ("score 999", "S-1"),
    ],
)
def test_impossible_results_are_refused(text: str, clause: str) -> None:
    assert refused(sheet(), GAME.parse_action(text)) == clause


def test_joker_twice_is_refused() -> None:
    """K-10.1: the joker is gone after its first use."""
    state = play(sheet(), "score 12 joker", "score 6", "score 6", "score 6")
    assert refused(state, EnterTurn(12, True)) == "K-10.1"


def test_throw_actions_are_refused_in_scoresheet_mode() -> None:
    """KA-36: no throws in scoresheet mode, and no entries outside it."""
    assert refused(sheet(), Throw()) == "KA-36"
    assert refused(new_state(), EnterTurn(6)) == "KA-36"


def test_six_equal_entry_ends_the_round() -> None:
    """S-7/KA-13 in scoresheet mode; Straßen of that turn count."""
    state = play(sheet(), "six strassen 1")
    assert state.rounds[-1].ending == "six_equal"
    assert view(state)["strassen"] == [1, 0, 0, 0]


def test_strassen_entries_feed_the_account() -> None:
    """KA-20: entered Straßen count, a failed turn may have thrown some too."""
    state = play(sheet(), "score 0 strassen 2", "score 6", "score 6", "score 6", "score 36 strassen 1")
    assert view(state)["strassen"] == [3, 0, 0, 0]
    assert [p.reason for p in state.round.payments] == ["three_straights"]


def test_bound_under_within_turn() -> None:
    """KA-09 (W): at most two combinations can be confirmed within three throws."""
    config = config_from(GAME.configure({"mode": "scoresheet", "confirmation_budget": "within_turn"}))
    assert achievable(config, 62, False, 2)  # Straße, Straße, 222
    assert not achievable(config, 92, False, 3)
    assert achievable(config, 0, False, 3)  # three Straßen thrown, never confirmed
    fresh = config_from(GAME.configure({"mode": "scoresheet"}))
    assert achievable(fresh, 92, False, 3)


def test_examples_from_the_rules_are_achievable() -> None:
    """S-1..S-6 examples: 10, 80 only over several throws + clump, 11 + 2 = 13, (11 + 2) x 2 = 26."""
    config = config_from(GAME.configure({"mode": "scoresheet"}))
    assert {10, 20, 40} <= results(config, 0)
    assert achievable(config, 13, False, 0) and achievable(config, 26, True, 0)
    assert achievable(config, 33, False, 1)
    assert not achievable(config, 30, False, 1)  # a Straße alone is never confirmed
