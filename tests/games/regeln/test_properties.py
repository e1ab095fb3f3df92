"""Invariants over random games (hypothesis draws the seeds, seat counts and options): chips are
conserved per colour (RG-3.7), every card is somewhere exactly once (RG-R18), four tiles per player
(RG-1.4, RG-R02), and every game finishes (RG-6)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.regeln import GAME

from .support import all_cards, chip_totals

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "final_vote_card": st.sampled_from(["apply_before_scoring", "place_after_scoring"]),
        "pool_reset_scope": st.sampled_from(["always", "payments_only"]),
        "return_chips_after_scoring": st.booleans(),
        "chips_per_colour_full": st.integers(15, 30),
    },
)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(3, 5), options=OPTIONS)
def test_invariants_hold_in_every_state(seed: int, seats: int, options: dict[str, object]) -> None:
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure(options))
    deck = Counter(card.id for card in state.deck.cards)
    for _ in range(5000):
        total = state.total_chips
        assert chip_totals(state) == (total, total, total, total)
        assert all(min(mine) >= 0 for mine in state.chips) and min(state.pool) >= 0
        assert all(s + u == 4 for s, u in zip(state.tiles, state.used_tiles, strict=True))
        if state.phase not in ("setup_table", "setup_deal"):
            assert Counter(all_cards(state)) == deck
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            seat = rng.choice(turn.seats)
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    else:
        raise AssertionError("the game did not finish")
    assert 1 <= len(state.scorepad) <= 5
