"""Invariants over random evenings (hypothesis): points never come from nowhere (K-5.1, KA-16),
money paid equals money received (KA-29, KA-33), every round is settled at its own N (S-9, KA-28, E-22:
players arrive and leave between rounds), replay equals live play, notation and JSON round-trip."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.replay import ActionStep, OutcomeStep, fold, step_from_json, step_to_json
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.evening import evening_totals
from stammtisch.games.kluempchen.model import PLAY, ROUND_OVER, State
from stammtisch.games.kluempchen.table import round_players

OPTION_SETS = [
    {},
    {"confirmation_budget": "within_turn", "third_throw_rule": "keep_on_fail", "late_throw_set_aside": "player_choice"},
    {"team_internal_order": "alternate", "team_draw": "reroll_each_pairing", "solo_strassen_accounts": "per_role"},
    {"external_share_scope": "loss_units_only", "six_equal_penalty_payer": "turn_owner"},
]


def check_points(state: State) -> None:
    """Every team total equals the sum of its recorded joint-turn gains; each gain obeys K-5.1."""
    rnd = state.round
    if rnd is None:
        return
    for team in range(len(rnd.teams)):
        assert rnd.scores[team] == sum(e.gain for e in rnd.sheet if e.team == team)
    for e in rnd.sheet:
        assert e.gain == (e.first_points + e.second_points if e.second_points > 0 else 0)


def check_money(state: State) -> None:
    """Everything paid is kept by the bank or paid out to externals; an external gets base x every unit
    paid that round except the ones he paid with his own share already taken off (KA-29)."""
    paid, received, bank = evening_totals(state)
    assert sum(paid) == bank + sum(received)
    assert all(received[s] == 0 for s in range(state.seats) if not state.externals[s])
    base = state.config.base_cents
    for record in state.rounds:
        unit = base * round_players(record.teams)  # E-22: the players of that round, not the evening's seats
        playing = {seat for team in record.teams for seat in team.members}
        assert all(payout.seat in playing for payout in record.payouts)
        for payout in record.payouts:
            # KA-29: the external's share of every unit is his: the others' units, and his own full units.
            others = sum(p.units for p in record.payments if p.seat != payout.seat)
            own_full = sum(p.units for p in record.payments if p.seat == payout.seat and p.cents == p.units * unit)
            assert payout.cents == base * (others + own_full)
        for p in record.payments:
            assert p.cents > 0 and p.units > 0
            assert p.seat in playing
            assert p.cents == p.units * (unit - base if state.externals[p.seat] and p.cents != p.units * unit else unit)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(4, 7),
    options=st.sampled_from(OPTION_SETS),
    externals=st.sets(st.integers(0, 3), max_size=2),
    later=st.sets(st.integers(4, 6), max_size=2),
)
def test_random_evenings_keep_the_invariants(
    seed: int, seats: int, options: dict, externals: set[int], later: set[int]
) -> None:
    rng = random.Random(seed)
    setup = {"externals": sorted(externals), "later": sorted(s for s in later if s < seats)}
    initial = GAME.start(seats, GAME.configure({"mode": "digital", **options}), setup)
    state = initial
    steps = []
    for _ in range(3000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            outcome = sample(turn.node, rng)
            assert GAME.parse_outcome(GAME.format_outcome(outcome)) == outcome
            step = OutcomeStep(outcome)
            state = GAME.resolve(state, outcome)
        else:
            seat = rng.choice(turn.seats)
            legal = GAME.legal_actions(state, seat)
            action = rng.choice(legal)
            for choice in legal[:6]:  # every action explains itself in both languages
                text = GAME.describe_action(state, choice)
                assert text.de and text.en
            assert GAME.parse_action(GAME.format_action(action)) == action
            step = ActionStep(seat, action)
            state = GAME.act(state, seat, action)
        assert step_from_json(GAME, json.loads(json.dumps(step_to_json(GAME, step)))) == step
        steps.append(step)
        if state.phase in (PLAY, ROUND_OVER):
            check_points(state)
        check_money(state)
    assert fold(GAME, initial, steps) == state
    json.dumps(GAME.view(state, None))
    result = GAME.result(state)
    if result is not None:
        paid, received, _ = evening_totals(state)
        assert result.scores == tuple(r - p for p, r in zip(paid, received, strict=True))


@settings(max_examples=40, deadline=None)
@given(faces=st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_dice_notation_round_trips(faces: list[int]) -> None:
    outcome = GAME.parse_outcome(" ".join(map(str, faces)))
    assert outcome.faces == tuple(sorted(faces))
    assert GAME.parse_outcome(GAME.format_outcome(outcome)) == outcome
    assert GAME.outcome_from_json(json.loads(json.dumps(GAME.outcome_to_json(outcome)))) == outcome
