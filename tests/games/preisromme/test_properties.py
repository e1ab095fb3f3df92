"""Hypothesis properties over playouts drawn from ``legal_actions``: every card always accounted for
(RA-01), penalty points equal the hand counts (R-13, RA-23), replaying the log rebuilds the state."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.replay import ActionStep, OutcomeStep, fold
from stammtisch.games.preisromme import GAME, moves
from stammtisch.games.preisromme.cards import CODES, deck, hand_points
from stammtisch.games.preisromme.melds import find_layoffs, find_swaps
from stammtisch.games.preisromme.model import DRAW, Discard, Layoff, Meld, Swap

from .support import all_cards

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large],
)


def drawn_playout(data: st.DataObject, seats: int, options: dict) -> tuple[object, list, list]:
    """Play one match choosing every step with hypothesis; laying moves are preferred so that games
    are won and lost, not only run out of cards. Returns (initial, steps, states)."""
    initial = state = GAME.start(seats, GAME.configure(options))
    steps: list = []
    states = [state]
    while not isinstance(turn := GAME.turn(state), Finished):
        if isinstance(turn, Chance):
            outcomes = turn.node.outcomes()
            outcome = outcomes[data.draw(st.integers(0, len(outcomes) - 1))]
            state = GAME.resolve(state, outcome)
            steps.append(OutcomeStep(outcome))
        else:
            seat = turn.seats[data.draw(st.integers(0, len(turn.seats) - 1))]
            legal = GAME.legal_actions(state, seat)
            laying = [a for a in legal if isinstance(a, Meld | Layoff | Swap)]
            if laying and data.draw(st.integers(0, 9)) < 8:
                legal = laying
            elif len(turn.seats) > 1 or state.phase == DRAW:
                legal = legal[-1:] if data.draw(st.integers(0, 9)) < 7 else legal
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
            state = GAME.act(state, seat, action)
            steps.append(ActionStep(seat, action))
        states.append(state)
    return initial, steps, states


OPTIONS = st.fixed_dictionaries(
    {
        "games_per_pass": st.integers(1, 2),
        "cards_per_player": st.integers(5, 9),
        "jokers": st.sampled_from([2, 4, 6]),
    }
)


@SETTINGS
@given(data=st.data(), seats=st.integers(2, 5), options=OPTIONS)
def test_every_card_is_always_accounted_for(data: st.DataObject, seats: int, options: dict) -> None:
    """RA-01: stock + pile + top + hands + table is always the whole deck."""
    _, _, states = drawn_playout(data, seats, options)
    full = Counter(deck(2, options["jokers"]))
    for state in states:
        assert all_cards(state) == full
        assert all(list(hand) == sorted(hand) for hand in state.hands)


@SETTINGS
@given(data=st.data(), seats=st.integers(2, 5), options=OPTIONS)
def test_penalty_points_equal_hand_counts(data: st.DataObject, seats: int, options: dict) -> None:
    """R-12.1, R-13, RA-23: each loser's penalty is her hand count (doubled after a Rommé-Hand); the
    winner's is 0; totals are the sums."""
    _, steps, states = drawn_playout(data, seats, options)
    for before, step, after in zip(states[:-1], steps, states[1:], strict=True):
        if len(after.history) == len(before.history):
            continue
        record = after.history[-1]
        factor = 2 if record.romme_hand else 1
        if isinstance(step, ActionStep) and isinstance(step.action, Discard):
            assert record.winner == step.seat and len(before.hands[step.seat]) == 1
            for seat in range(seats):
                if seat != record.winner:
                    assert record.hand_points[seat] == hand_points(before.hands[seat])
        for seat in range(seats):
            expected = 0 if seat == record.winner else record.hand_points[seat] * factor
            assert record.penalties[seat] == expected
    final = states[-1]
    assert final.penalties == tuple(sum(r.penalties[s] for r in final.history) for s in range(seats))


@SETTINGS
@given(data=st.data(), seats=st.integers(2, 5), options=OPTIONS)
def test_replay_equals_live_state(data: st.DataObject, seats: int, options: dict) -> None:
    """DESIGN: folding the recorded steps (outcomes included) rebuilds the live state exactly."""
    initial, steps, states = drawn_playout(data, seats, options)
    assert fold(GAME, initial, steps) == states[-1]
    middle = len(steps) // 2
    assert fold(GAME, initial, steps[:middle]) == states[middle]


RULINGS_OPTIONS = st.fixed_dictionaries(
    {
        "games_per_pass": st.just(1),
        "cards_per_player": st.integers(7, 11),
        "swap_own_jokers": st.booleans(),
        "allow_wraparound": st.booleans(),
        "ace_both_ends": st.booleans(),
        "opening_figures": st.sampled_from(["single", "multiple"]),
        "decks": st.sampled_from([2, 3]),
    }
)


@SETTINGS
@given(data=st.data(), seats=st.integers(2, 5), options=RULINGS_OPTIONS)
def test_listed_layoffs_and_swaps_are_the_ones_the_rules_accept(data: st.DataObject, seats: int, options: dict) -> None:
    """RA-14, RA-15 (speed without changing behaviour): the legal-move list's lay-offs and swaps, found
    without building figures (per table, ``moves.TableMoves``), are exactly those ``lay_off``/``swap`` accept; every
    card stays accounted for under the rulings options (RA-01, RA-09, RA-11)."""
    _, _, states = drawn_playout(data, seats, options)
    full = Counter(deck(options["decks"], 6))
    for state in states:
        assert all_cards(state) == full
        hand, seat = state.hands[state.current], state.current
        wrap, ends = options["allow_wraparound"], options["ace_both_ends"]
        own = options["swap_own_jokers"]
        listed = moves.table_moves(state.table, True, wrap, ends, own)
        bits = moves.presence(hand)
        slow = [(i + 1, CODES[c], e) for i, c, e, _ in find_layoffs(hand, state.table, seat, True, wrap, ends)]
        assert [(a.figure, a.card, a.end) for a in moves.layoff_actions(listed, bits)] == slow
        assert [(a.figure, a.card) for a in moves.swap_actions(listed, seat, bits)] == [
            (i + 1, CODES[c]) for i, c, _ in find_swaps(hand, state.table, seat, own)
        ]
