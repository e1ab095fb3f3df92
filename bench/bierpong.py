"""Bierpong benchmark: random digital 10-cup games per second and engine steps per second on one
core (2 vs 2, the club's default skill model, uniformly random decisions). Wall-clock and CPU-time
rates are both printed: on a machine shared with other work the CPU-time rate is the one-core figure.

Run: ``.venv/bin/python -m bench.bierpong [games] [seats] [repeats]`` (default 2000 games, 4 seats,
5 repeats): one JSON line per repeat (each with its own seed, in the same process), then the best and
median CPU-time figures, as they come and with the warmed-up objects frozen out of the garbage
collector, with the machine's load average before and after (issue 11 aims at 1,000 games/s).
"""

from __future__ import annotations

import gc
import json
import os
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
    # The protocol's methods, looked up once (as any simulation loop would).
    start, turn_of, resolve, act, legal_actions = GAME.start, GAME.turn, GAME.resolve, GAME.act, GAME.legal_actions
    started = time.perf_counter()
    cpu_started = time.process_time()
    for _ in range(count):
        state = start(seats, options)
        while not isinstance(turn := turn_of(state), Finished):
            if isinstance(turn, Chance):
                state = resolve(state, sample(turn.node, rng, skills))
                throws += 1
            else:
                seat = turn.seats[0]
                state = act(state, seat, rng.choice(legal_actions(state, seat)))
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


def best_of(games: int, seats: int, repeats: int) -> dict[str, object]:
    """After an unmeasured warm-up, ``repeats`` runs as they come, then ``repeats`` runs with the
    warmed-up objects frozen out of the garbage collector (``gc.freeze``, as a long-running server or
    simulation does after start-up: the engine's rack and distribution tables are permanent, and full
    collections walking them were about an eighth of the time). Each run has its own seed. The best
    CPU-time rates of each (the least disturbed run), the median of the plain runs, and the load
    around them."""
    load_before = os.getloadavg()[0]
    run(max(games // 5, 50), seats, seed=0)
    plain, frozen = [], []
    # Every run plays games of its own seed: the engine keeps the throw nodes it made (nodes.py), so a
    # run repeating the previous run's games would find them all made and measure a replay.
    for i in range(repeats):
        plain.append(run(games, seats, seed=1 + i))
        print(json.dumps(plain[-1]))
    gc.collect()
    gc.freeze()
    try:
        for i in range(repeats):
            frozen.append(run(games, seats, seed=1 + repeats + i))
            print(json.dumps({**frozen[-1], "gc": "frozen after warm-up"}))
    finally:
        gc.unfreeze()
    rates = sorted(r["games_per_cpu_s"] for r in plain)
    return {
        "best_games_per_cpu_s": rates[-1],
        "median_games_per_cpu_s": rates[len(rates) // 2],
        "best_steps_per_cpu_s": max(r["steps_per_cpu_s"] for r in plain),
        "best_games_per_cpu_s_gc_frozen": max(r["games_per_cpu_s"] for r in frozen),
        "best_steps_per_cpu_s_gc_frozen": max(r["steps_per_cpu_s"] for r in frozen),
        "repeats": repeats,
        "load_1min_before": round(load_before, 2),
        "load_1min_after": round(os.getloadavg()[0], 2),
    }


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    print(json.dumps(best_of(games, seats, repeats)))
