"""Bierpong benchmark: random digital 10-cup games per second and engine steps per second on one
core (2 vs 2, the club's default skill model, uniformly random decisions). Wall-clock and CPU-time
rates are both printed: on a machine shared with other work the CPU-time rate is the one-core figure.

Run: ``.venv/bin/python bench/bierpong.py [games] [seats]``.
"""

from __future__ import annotations

import json
import random
import sys
import time

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.skill import SkillTable


def run(count: int, seats: int = 4, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    skills = SkillTable.of(seats)
    options = GAME.configure()
    steps = 0
    throws = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    for _ in range(count):
        state = GAME.start(seats, options)
        while not isinstance(turn := GAME.turn(state), Finished):
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng, skills))
                throws += 1
            else:
                seat = turn.seats[0]
                state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            steps += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    return {
        "games": count,
        "seats": seats,
        "seconds": round(elapsed, 3),
        "games_per_s": round(count / elapsed, 1),
        "steps_per_s": round(steps / elapsed, 1),
        # CPU time of this process: the figure for "one core" on a shared, loaded machine.
        "games_per_cpu_s": round(count / cpu, 1),
        "steps_per_cpu_s": round(steps / cpu, 1),
        "steps_per_game": round(steps / count, 1),
        "throws_per_game": round(throws / count, 1),
    }


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    print(json.dumps(run(games, seats)))
