"""PB-8 (docs/rulings/preisromme-bot.md): heuristic Preisrommé tables end every deal. Seed 128 once looped
for ever: the 9S went round the table, each next player taking it (R-4.4, it "fit" her hand) and throwing it
straight back (RA-26 allows that), so no stock card was ever drawn and the state repeated. A bot now claims
only a card it would keep (``keeps``)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot, completes_figure, connections, keeps
from stammtisch.bots.games.preisromme.playout import keeps_fast
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, JOKER
from stammtisch.games.preisromme.model import Pass, State, Take

LOOPING_SEED = 128


class _ClaimsWhatItThrows(HeuristicBot):
    """The heuristic before PB-8: it claimed a fitting card even when it would throw it straight back."""

    def _window(self, view: Any, hand: list[int], legal: tuple[Any, ...]) -> Any:
        card = CARD[view["window"]["card"]]
        claim, decline = legal[0], legal[-1]
        if not isinstance(decline, Pass):
            return decline
        if isinstance(claim, Take):
            wanted = card == JOKER or completes_figure(card, hand) or connections(card, hand) >= 2
        else:
            wanted = card == JOKER or completes_figure(card, hand)
        return claim if wanted else decline


def _position(state: State) -> tuple[Any, ...]:
    """Everything that decides the rest of a deal but the turn counter."""
    return (state.hands, state.stock, state.pile, state.top, state.table, state.current, state.phase, state.claims)


def _play(seed: int, bot: HeuristicBot, steps: int) -> tuple[State, bool]:
    """A four-seat digital deal of ``bot`` at every seat; the last state and whether a position repeated."""
    rng = random.Random(seed)
    state = GAME.start(4, GAME.configure({"mode": "digital", "games_per_pass": 1}))
    seen: set[tuple[Any, ...]] = set()
    for _ in range(steps):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            return state, False
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        position = _position(state)
        if position in seen:
            return state, True
        seen.add(position)
        seat = turn.seats[0]
        legal = GAME.legal_actions(state, seat)
        state = GAME.act(state, seat, bot.choose(GAME.view(state, seat), legal, rng))
    return state, False


def test_pb8_the_seed_that_looped_cycled_without_the_rule() -> None:
    """The old claim rule on seed 128: the table comes back to a position it was in (a cycle, no chance
    event in between, so it would repeat for ever)."""
    _, repeated = _play(LOOPING_SEED, _ClaimsWhatItThrows(), 3000)
    assert repeated


def test_pb8_the_seed_that_looped_now_ends_with_a_winner() -> None:
    """R-11.2: with PB-8 the same deal ends, somebody goes out."""
    state, repeated = _play(LOOPING_SEED, HeuristicBot(), 3000)
    assert not repeated
    assert isinstance(GAME.turn(state), Finished)
    assert state.history[-1].winner is not None


def test_pb8_heuristic_deals_end() -> None:
    """Sixty more deals around the looping seed all end well before 600 steps."""
    for seed in range(LOOPING_SEED - 30, LOOPING_SEED + 30):
        state, _ = _play(seed, HeuristicBot(), 600)
        assert isinstance(GAME.turn(state), Finished), seed


def test_pb8_a_card_thrown_straight_back_is_not_kept() -> None:
    """The duplicate 9S of seed 128: the hand holds 9S already, so a second one would be its discard."""
    hand = [CARD[code] for code in "3C 8C 9C 3S 9S 3H 9H 3D 5D 6D 7D 8D JK".split()]
    assert not keeps(CARD["9S"], hand)
    assert keeps(CARD["9D"], hand)  # a fourth nine and the top of 5D-8D: she keeps it


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=1, max_size=15), st.integers(0, 51))
def test_pb8_fast_keeps_is_keeps(hand: list[int], card: int) -> None:
    """The playouts' table-driven ``keeps_fast`` answers as ``keeps`` for any hand."""
    assert keeps_fast(card, sorted(hand)) == keeps(card, sorted(hand))
