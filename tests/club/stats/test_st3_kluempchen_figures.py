"""ST-3 (docs/statistics.md): a closed Klümpchen evening's figures per seat, against a hand-computed
evening (``small_club``) and, as invariants over bot evenings, against the bank's own figures."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.kluempchen import HeuristicBot
from stammtisch.club.games.kluempchen import PlayerFigures, add_evening
from stammtisch.club.games.kluempchen_stats import Figures, summarize
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.replay import ActionStep, OutcomeStep, Step
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CloseEvening
from tests.club.stats.small_club import fold, initial, sheet_steps


def test_st3_hand_computed_evening() -> None:
    """ST-3: Würfe, points, best Wurf, rounds, lost, Schuster, Schwarz, jokers buried, Straßen."""
    steps = sheet_steps()
    figures = summarize(GAME, initial(), steps, fold(steps))
    assert figures == (
        Figures(evenings=1, rounds=1, wuerfe=3, points=94, best_wurf=40),
        Figures(evenings=1, rounds=1, wuerfe=3, points=60, best_wurf=36, strassen=1, jokers_buried=1),
        Figures(
            evenings=1, rounds=1, lost=1, schuster=1, schwarz=1, jokers_buried=1, wuerfe=2, points=72, best_wurf=36
        ),
        Figures(evenings=1, rounds=1, lost=1, schuster=1, schwarz=1, jokers_buried=1, wuerfe=2),
    )
    assert figures is not None
    assert round(figures[0].points_per_wurf or 0, 2) == 31.33
    assert figures[3].points_per_wurf == 0
    assert figures[2].schuster_rate == 1.0
    assert figures[0].risk_rate is None  # no risk throw in scoresheet mode: a dash, not 0 %


def test_st3_an_evening_still_open_is_not_counted() -> None:
    """ST-3: only a closed evening counts (A.3), as for the bank."""
    steps = sheet_steps(close=False)
    assert summarize(GAME, initial(), steps, fold(steps)) is None


def test_st3_figures_add_up_and_keep_the_best() -> None:
    """ST-3: a season's figures are the sum of its evenings'; the best Wurf is the best, not a sum."""
    one = Figures(evenings=1, wuerfe=3, points=94, best_wurf=40, risk_taken=2, risk_won=1)
    two = Figures(evenings=1, wuerfe=2, points=20, best_wurf=12, risk_taken=1, risk_won=1)
    both = one + two
    assert both == Figures(evenings=2, wuerfe=5, points=114, best_wurf=40, risk_taken=3, risk_won=2)
    assert both.points_per_wurf == 114 / 5
    assert both.risk_rate == 2 / 3


def _bot_evening(seed: int, seats: int, rounds: int) -> tuple[object, list[Step], object]:
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure({"mode": "table"}))
    start = state
    # The heuristic bot with a fifth of random choices (risk throws, early stops): two purely random
    # partners might never reach 150, and the round would not end.
    bot = HeuristicBot()
    steps: list[Step] = []
    while not isinstance(turn := GAME.turn(state), Finished):
        if isinstance(turn, Chance):
            outcome = sample(turn.node, rng)
            state = GAME.resolve(state, outcome)
            steps.append(OutcomeStep(outcome))
            continue
        seat = turn.seats[0]
        legal = GAME.legal_actions(state, seat)
        if CloseEvening() in legal and len(state.rounds) >= rounds:
            seat, action = 0, CloseEvening()  # the Schreiber closes (A.3)
        else:
            playing = tuple(a for a in legal if a != CloseEvening())
            random_choice = rng.random() < 0.2
            action = rng.choice(playing) if random_choice else bot.choose(GAME.view(state, seat), playing, rng)
        state = GAME.act(state, seat, action)
        steps.append(ActionStep(seat, action))
    return start, steps, state


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(4, 8), rounds=st.integers(1, 3))
def test_st3_figures_agree_with_the_banks_figures(seed: int, seats: int, rounds: int) -> None:
    """ST-3: rounds, lost, Schuster, Schwarz, jokers buried and Straßen units are the engine's round
    records, exactly as the bank counts them (club.games.kluempchen); a risk throw won was taken;
    every round has Würfe and no Wurf beats the best."""
    start, steps, final = _bot_evening(seed, seats, rounds)
    figures = summarize(GAME, start, steps, final)
    assert figures is not None
    bank: dict[int, PlayerFigures] = {}
    add_evening(bank, final, {seat: seat for seat in range(final.seats)})  # E-26: seats may have joined
    for seat, mine in enumerate(figures):
        theirs = bank[seat]
        assert (mine.evenings, mine.rounds, mine.lost) == (theirs.evenings, theirs.rounds, theirs.lost)
        assert (mine.schuster, mine.schwarz) == (theirs.schuster, theirs.schwarz)
        assert mine.jokers_buried == theirs.jokers_buried
        assert mine.strassen_units == theirs.strassen_units
        assert 0 <= mine.risk_won <= mine.risk_taken
        assert mine.best_wurf <= mine.points
    assert sum(f.wuerfe for f in figures) >= len(final.rounds)


def test_st3_risk_throws_taken_and_won() -> None:
    """ST-3/KA-03: seat 0 holds 666 and raises to 66666 = 24 on the 3rd throw (won); seat 1 holds
    666 and throws no 6 (lost: 0 points); a free throw after nothing countable (K-6.4) is no risk throw."""
    from stammtisch.club.games.kluempchen_stats import count_wuerfe
    from tests.games.kluempchen.helpers import new_state

    start = new_state()
    moves = [
        ("throw", False), ("3 4 5 6 6 6", True), ("1 2 3", True), ("throw", False), ("1 6 6", True),  # seat 0
        ("throw", False), ("3 4 5 6 6 6", True), ("1 2 3", True), ("throw", False), ("1 2 4", True),  # seat 1
        ("throw", False), ("1 3 4 5 6 6", True), ("1 2 3 4", True), ("throw", False), ("1 2 3 6", True),  # seat 2
    ]  # fmt: skip
    state, steps = start, []
    for text, outcome in moves:
        if outcome:
            step: Step = OutcomeStep(GAME.parse_outcome(text))
            state = GAME.resolve(state, step.outcome)
        else:
            seat = GAME.turn(state).seats[0]
            step = ActionStep(seat, GAME.parse_action(text))
            state = GAME.act(state, seat, step.action)
        steps.append(step)
    counts = count_wuerfe(GAME, start, steps, 4)
    assert [(c.wuerfe, c.points, c.best_wurf, c.risk_taken, c.risk_won) for c in counts] == [
        (1, 24, 24, 1, 1),
        (1, 0, 0, 1, 0),
        (1, 6, 6, 0, 0),
        (0, 0, 0, 0, 0),
    ]
