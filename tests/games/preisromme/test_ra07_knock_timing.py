"""RA-07 (with R-4.2 .. R-4.5): who of several knockers gets the card, in each mode, and what the
knock window's timer may answer (readings P-3, P-24, P-25 in docs/rulings/preisromme.md)."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome, RuleViolation
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.model import DRAW, PHASE_NAMES, PLAY, FirstKnock, Pass

from .support import act, hand, position

HANDS = ["2C 3C 4C 5C", "2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"]


def after_discard(options: dict | None = None):
    """Seat 1 (index 0) throws 5C: seat 2 is the next player, seats 3 and 4 may knock."""
    return act(position(HANDS, options=options), 0, "discard 5C")


def test_ra07_option_is_declared_with_the_rulings_default() -> None:
    """RA-07 CFG knock_timing_digital: simultaneous_window_order_priority (D) | realtime_first."""
    option = next(o for o in GAME.options if o.key == "knock_timing_digital")
    assert option.default == "simultaneous_window_order_priority"
    assert option.choices == ("simultaneous_window_order_priority", "realtime_first")
    assert option.clause == "RA-07"


def test_ra07_default_digital_window_resolves_by_order_after_the_discarder() -> None:
    """RA-07 D (digital): seat 4 knocks before seat 3, seat 3 (nearer after the discarder) gets it."""
    state = act(after_discard(), 3, "knock")
    state = act(state, 2, "knock")
    state = act(state, 1, "pass")
    assert "5C" in hand(state, 2) and state.pending == (2, 1)


def test_ra07_realtime_first_the_first_knock_to_arrive_wins() -> None:
    """RA-07 CFG realtime_first (R-4.2 "die zuerst geklopft hat"): seat 4's knock arrived first."""
    state = act(after_discard({"knock_timing_digital": "realtime_first"}), 3, "knock")
    state = act(state, 2, "knock")
    state = act(state, 1, "pass")
    assert "5C" in hand(state, 3) and "5C" not in hand(state, 2)
    assert state.pending == (3, 1) and state.first_knock == -1


def test_ra07_realtime_first_keeps_the_next_players_first_right() -> None:
    """R-4.4, R-4.5 under realtime_first: the next player's take beats a knock that arrived before it."""
    state = act(after_discard({"knock_timing_digital": "realtime_first"}), 3, "knock")
    state = act(state, 2, "knock")
    state = act(state, 1, "take")
    assert state.phase == PLAY and "5C" in hand(state, 1) and state.first_knock == -1


@pytest.mark.parametrize("first", [2, 3])
def test_ra07_table_mode_the_schreiber_enters_who_knocked_first(first: int) -> None:
    """RA-07 table mode: with two knockers the Schreiber enters the first; the engine does not decide
    by seat order when the table says seat 4 was first."""
    state = act(after_discard({"mode": "table"}), 2, "knock")
    state = act(state, 3, "knock")
    state = act(state, 1, "pass")
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and PHASE_NAMES[state.phase] == "first_knock"
    assert turn.node.outcomes() == (FirstKnock(2), FirstKnock(3))
    assert GAME.view(state, None)["last_window"]["claimed"] == [2, 3]
    state = GAME.resolve(state, GAME.parse_outcome(f"first {first + 1}"))
    assert state.phase == DRAW and "5C" in hand(state, first)
    assert state.pending == (first, 1)


def test_ra07_table_mode_one_knocker_needs_no_entry() -> None:
    """RA-07 table mode: a single knocker gets the card at once (nothing to enter)."""
    state = act(after_discard({"mode": "table"}), 3, "knock")
    state = act(state, 2, "pass")
    state = act(state, 1, "pass")
    assert state.phase == DRAW and "5C" in hand(state, 3)


def test_ra07_table_mode_next_player_take_needs_no_entry() -> None:
    """R-4.4 in table mode: the next player takes; who knocked first does not matter."""
    state = act(after_discard({"mode": "table"}), 2, "knock")
    state = act(state, 3, "knock")
    state = act(state, 1, "take")
    assert state.phase == PLAY and "5C" in hand(state, 1)


def test_ra07_table_mode_a_seat_that_did_not_knock_is_refused() -> None:
    """RA-07: only a knocker can have knocked first; the refusal names the clause."""
    state = act(after_discard({"mode": "table"}), 2, "knock")
    state = act(state, 3, "knock")
    state = act(state, 1, "pass")
    with pytest.raises(ImpossibleOutcome) as refused:
        GAME.resolve(state, FirstKnock(1))
    assert refused.value.clause == "RA-07"


def test_ra07_first_knock_notation_round_trips() -> None:
    """RA-07: ``first 3`` is seat 3 (1-based, as people count)."""
    outcome = GAME.parse_outcome("first 3")
    assert outcome == FirstKnock(2) and GAME.format_outcome(outcome) == "first 3"
    assert GAME.outcome_from_json(GAME.outcome_to_json(outcome)) == outcome
    with pytest.raises(RuleViolation):
        GAME.parse_outcome("first x")


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_r4_4_timer_never_answers_for_the_next_player(mode: str) -> None:
    """R-4.4 "in jedem Fall", RA-03 step 1: the window's timer times out only the knockers; the next
    player's first right never silently becomes a stock draw: the window waits for her answer."""
    state = after_discard({"mode": mode})
    assert GAME.timeout_action(state, 1) is None
    for seat in (2, 3):
        action = GAME.timeout_action(state, seat)
        assert action == Pass()
        state = GAME.act(state, seat, action)
    assert GAME.turn(state) == Decision((1,))
    assert GAME.timeout_action(state, 1) is None
    state = act(state, 1, "take")
    assert "5C" in hand(state, 1)
