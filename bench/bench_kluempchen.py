"""Speed of the Klümpchen engine: random digital play, steps (actions + outcomes) per second.

Run: ``.venv/bin/python bench/bench_kluempchen.py [seconds]``. Two figures: the whole random loop
(turn, legal_actions, rng choice, sampling, act/resolve with the framework pre-checks) and act/resolve
alone (replaying the recorded steps). Times are CPU time of this process (``time.process_time``), so a
busy machine does not distort the figure.
"""

from __future__ import annotations

import random
import sys
import time

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME


def play(seconds: float, seats: int = 6, seed: int = 1) -> tuple[int, float, list[tuple[object, list[tuple]]]]:
    rng = random.Random(seed)
    options = GAME.configure({"mode": "digital"})
    steps = 0
    logs = []
    began = time.process_time()
    while time.process_time() - began < seconds:
        initial = state = GAME.start(seats, options)
        log: list[tuple] = []
        while True:
            turn = GAME.turn(state)
            if isinstance(turn, Finished):
                break
            if isinstance(turn, Chance):
                outcome = sample(turn.node, rng)
                state = GAME.resolve(state, outcome)
                log.append((None, outcome))
            else:
                seat = turn.seats[0] if len(turn.seats) == 1 else rng.choice(turn.seats)
                actions = GAME.legal_actions(state, seat)
                # Closing the evening ends a match; keep evenings a few rounds long.
                action = actions[0] if len(actions) > 1 and rng.random() < 0.7 else rng.choice(actions)
                state = GAME.act(state, seat, action)
                log.append((seat, action))
            steps += 1
        logs.append((initial, log))
    return steps, time.process_time() - began, logs


def replay(logs: list[tuple[object, list[tuple]]]) -> tuple[int, float]:
    steps = 0
    began = time.process_time()
    for initial, log in logs:
        state = initial
        for seat, item in log:
            state = GAME.resolve(state, item) if seat is None else GAME.act(state, seat, item)
            steps += 1
    return steps, time.process_time() - began


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    steps, elapsed, logs = play(seconds)
    print(
        f"random digital play: {steps} steps in {elapsed:.2f}s = {steps / elapsed:,.0f} steps/s ({len(logs)} evenings)"
    )
    steps, elapsed = replay(logs)
    print(f"act/resolve only:    {steps} steps in {elapsed:.2f}s = {steps / elapsed:,.0f} steps/s")
