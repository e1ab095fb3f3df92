"""Reference figures for ``bench/preisromme.py``: random Gin Rummy games per second in RLCard and in
OpenSpiel, measured the same way as the Preisrommé engine (uniform random choices, one core, CPU time,
the same warm-up before the measurement).

Both libraries are optional (``pip install -e '.[bench]'``); without them ``run`` reports the
reference as skipped and says how to install it. They are never needed by the tests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

INSTALL = "pip install -e '.[bench]'  (rlcard, open-spiel)"

Figures = dict[str, tuple[float, str]]


def measure(
    play: Callable[[], int], budget: float, warmup: float, on_start: Callable[[], None] | None = None
) -> tuple[int, int, float, float]:
    """Play games for ``warmup`` seconds of CPU time (imports settle, caches fill: the same for every
    engine), then until ``budget`` seconds are used; games, actions, seconds measured, and the games
    per second of the warm-up (the cold start). ``on_start`` is called when the measurement begins."""
    cold_games = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < warmup:
        play()
        cold_games += 1
        elapsed = time.process_time() - started
    cold_rate = cold_games / elapsed if elapsed else 0.0
    if on_start is not None:
        on_start()
    games = actions = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < budget or games == 0:
        actions += play()
        games += 1
        elapsed = time.process_time() - started
    return games, actions, elapsed, cold_rate


def rlcard_gin_rummy(budget: float, warmup: float, seed: int = 1987) -> Figures:
    """RLCard's ``gin-rummy`` environment with its random agents (2 players)."""
    import rlcard  # ImportError means: skipped
    from rlcard.agents import RandomAgent

    env = rlcard.make("gin-rummy", config={"seed": seed})
    import numpy  # a dependency of rlcard; its random agents draw from numpy's global generator

    numpy.random.seed(seed)
    agent = RandomAgent(num_actions=env.num_actions)

    def play() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(agent.step(state))
            steps += 1
        return steps

    games, actions, elapsed, _ = measure(play, budget, warmup)
    return {
        "reference: RLCard gin-rummy random games (2 players, 1 core)": (round(games / elapsed, 1), "games/s"),
        "reference: RLCard gin-rummy actions": (round(actions / elapsed), "actions/s"),
    }


def openspiel_gin_rummy(budget: float, warmup: float, seed: int = 1987) -> Figures:
    """OpenSpiel's ``gin_rummy`` (C++ via pyspiel) played from Python with uniform random choices."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)

    def play() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(rng.choice(legal))  # the same stream as legal[randrange(len)]
                steps += 1
        return steps

    games, actions, elapsed, _ = measure(play, budget, warmup)
    return {
        "reference: OpenSpiel gin_rummy random games (2 players, 1 core)": (round(games / elapsed, 1), "games/s"),
        "reference: OpenSpiel gin_rummy actions": (round(actions / elapsed), "actions/s"),
    }


REFERENCES = {"RLCard": rlcard_gin_rummy, "OpenSpiel": openspiel_gin_rummy}


def run(budget: float, warmup: float) -> tuple[Figures, list[str]]:
    """Every installed reference's figures, and a note for each one skipped."""
    figures: Figures = {}
    skipped = []
    for name, reference in REFERENCES.items():
        try:
            figures.update(reference(budget, warmup))
        except ImportError as error:
            skipped.append(f"{name} Gin Rummy reference skipped ({error.name or error} not installed): {INSTALL}")
    return figures, skipped


if __name__ == "__main__":
    found, notes = run(1.0, 0.5)
    for label, (value, unit) in found.items():
        print(f"{label}: {value:,} {unit}")
    for note in notes:
        print(note)
