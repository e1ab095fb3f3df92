"""The engine's short ways for the commonest steps (``Preisromme.fast_act`` for window answers and
discards, ``Preisromme.fast_resolve`` for stock cards) must behave exactly like the checked path
``Game.checked_act``/``Game.checked_resolve`` with its fixed order of checks (finished, outcome pending,
not your turn, the rules): ``act``/``resolve`` give the same new state for every legal step and the same
refusal (code and clause) for every illegal one, R-4 (knocking), R-11.2 (discarding), RA-01/RA-30 (the
stock); and a fast path that takes a step returns exactly the checked path's state."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CODES
from stammtisch.games.preisromme.model import CardOutcome, Discard, Knock, Pass, Take

from .test_properties import SETTINGS

PROBES = (Pass(), Knock(), Take(), Discard("7H"), Discard("JK"), Discard("XX"), Discard(7))  # type: ignore[arg-type]


def outcome_of(call) -> object:
    try:
        return call()
    except RuleViolation as error:
        return (type(error), error.code, error.clause)


@SETTINGS
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 5), multiple=st.booleans())
def test_short_ways_equal_the_generic_checks(seed: int, seats: int, multiple: bool) -> None:
    rng = random.Random(seed)
    options = {"games_per_pass": 1, "opening_figures": "multiple" if multiple else "single"}
    state = GAME.start(seats, GAME.configure(options))
    while True:
        turn = GAME.turn(state)
        probes = [*PROBES, *(Discard(CODES[card]) for card in state.hands[state.current][:3])]
        for seat in range(-1, seats + 1):
            for action in probes:
                fast = outcome_of(lambda: GAME.act(state, seat, action))  # noqa: B023
                generic = outcome_of(lambda: GAME.checked_act(state, seat, action))  # noqa: B023
                assert fast == generic, (seat, action)
                short = GAME.fast_act(state, seat, action)
                assert short is None or short == generic, (seat, action)
        for code in ("7H", "JK", "XX", CODES[state.stock[0]] if state.stock else "2C"):
            outcome = CardOutcome(code)
            generic = outcome_of(lambda: GAME.checked_resolve(state, outcome))  # noqa: B023
            assert outcome_of(lambda: GAME.resolve(state, outcome)) == generic  # noqa: B023
            short = GAME.fast_resolve(state, outcome)
            assert short is None or short == generic, outcome
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            seat = turn.seats[0]
            legal = GAME.legal_actions(state, seat)
            state = GAME.act(state, seat, legal[rng.randrange(len(legal))])


def test_short_ways_are_taken() -> None:
    """The short ways are really used for legal answers, discards and stock cards (else this file
    would test nothing): the generic ``turn`` is never asked."""
    state = GAME.start(3, GAME.configure({"games_per_pass": 1, "cards_per_player": 5}))
    calls = []
    original = GAME.turn

    class Counting(type(GAME)):  # type: ignore[misc]
        def turn(self, state):  # type: ignore[override]
            calls.append(1)
            return original(state)

    counting = Counting()
    for code in "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS 2S 3S 7H".split():
        state = counting.resolve(state, CardOutcome(code))
    state = counting.act(state, 2, Knock())
    state = counting.act(state, 1, Pass())  # seat 3 wins the 7H and draws one extra card
    state = counting.resolve(state, CardOutcome("8H"))
    state = counting.resolve(state, CardOutcome("9H"))  # seat 2 draws
    state = counting.act(state, 1, Discard("9H"))
    assert calls == []
    with pytest.raises(RuleViolation):
        counting.act(state, 1, Discard("2C"))  # the window is open: the generic way refuses
    assert calls
