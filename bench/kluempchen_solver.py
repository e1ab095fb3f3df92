"""Klümpchen solved (issue 15.1-3): solve times, states, advice latency, and the fast simulator's
steps/s beside OpenSpiel's C++ Pig in the same run, with its statistical agreement with the engine.

``run(quick)``: the whole-game solve to 40 (quick) or the full 150 points, best CPU time of one run
(``time.process_time``; the machine's load average is printed beside it: figures taken under load are
not comparable), the solve with jokers (KS-4) to 12 (quick) or 150 (about half a minute of CPU), Pig to 100
(Neller-Presser's figure), the expected-points policy from cold, the advice latency (warm), the simulator's
rate on one core (10^5 or 10^6 turns) and its agreement with the reference engine.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

import numpy as np

from stammtisch.games.kluempchen.model import Config, PlayerTurn

Figures = dict[str, tuple[float, str]]


def _points_cold() -> tuple[float, Any]:
    from stammtisch.sim.games.kluempchen import points, template

    template.build.cache_clear()
    points.solve_points.cache_clear()
    started = time.perf_counter()
    policy = points.solve_points(Config())
    return time.perf_counter() - started, policy


def _openspiel_pig(budget: float) -> tuple[float, str] | None:
    """OpenSpiel's C++ ``pig`` played from Python with uniform random choices: steps/s on one core."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("pig")
    rng = random.Random(1987)
    steps = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - started), "steps/s"


def _engine_turns(n: int, seed: int) -> list[tuple[int, bool, int]]:
    """``n`` turns of the exact policy played by the reference engine."""
    from stammtisch.core.chance import sample
    from stammtisch.core.protocol import Chance
    from stammtisch.games.kluempchen import GAME
    from stammtisch.games.kluempchen.model import PLAY
    from stammtisch.sim.games.kluempchen.points import solve_points

    policy = solve_points(Config())
    start = GAME.start(4, GAME.configure({"mode": "digital", "team_draw": "manual"}), {"teams": [[0, 1], [2, 3]]})
    rng = random.Random(seed)
    found = []
    for _ in range(n):
        state = GAME.act(start, 0, GAME.parse_action("throw"))
        while True:
            if state.phase != PLAY:
                found.append((0, True, state.strassen[0]))
                break
            rnd = state.round
            assert rnd is not None and rnd.turn is not None
            if rnd.role == 2:
                found.append((rnd.first_result, False, state.strassen[0]))
                break
            turn = GAME.turn(state)
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
            else:
                state = GAME.act(state, 0, GAME.parse_action(policy.choices(rnd.turn)[0].label))
    return found


def run(quick: bool = False) -> Figures:
    from stammtisch.sim import kernels, pig
    from stammtisch.sim.games.kluempchen.advice import Spot, advise
    from stammtisch.sim.games.kluempchen.fast import play_turns, tables
    from stammtisch.sim.games.kluempchen.game import solve_game
    from stammtisch.sim.games.kluempchen.template import build
    from stammtisch.sim.stats import binned, chi_square_critical, chi_square_two_samples

    out: Figures = {}
    cold, policy = _points_cold()
    template = build(Config())
    out["kluempchen turn: folded turn nodes"] = (len(template.nodes), "nodes")
    out["kluempchen turn: chance edges"] = (sum(len(n.edges) for n in template.nodes), "edges")
    out["kluempchen turn: expected points, optimal single turn"] = (round(policy.expected, 6), "points")
    out["kluempchen turn: exact policy from cold (build + solve)"] = (round(cold, 3), "s")

    started = time.process_time()
    kernels.warm_up()
    out["solver kernels (Numba): compiled, or loaded from the cache, once per process (CPU)"] = (
        round(time.process_time() - started, 2),
        "s",
    )
    target = 40 if quick else 150
    out["machine load average (1 min) before the solve"] = (round(os.getloadavg()[0], 2), "")
    solution = solve_game({}, target)
    out[f"kluempchen game to {target}: starting team's win probability"] = (round(solution.start, 6), "")
    out[f"kluempchen game to {target}: states"] = (solution.states, "states")
    out[f"kluempchen game to {target}: iterations (passes over a diagonal)"] = (solution.iterations, "iterations")
    out[f"kluempchen game to {target}: solve time (CPU, 1 core)"] = (round(solution.seconds, 1), "s")
    out["machine load average (1 min) after the solve"] = (round(os.getloadavg()[0], 2), "")
    joker_target = 12 if quick else 150
    out["machine load average (1 min) before the joker solve"] = (round(os.getloadavg()[0], 2), "")
    with_jokers = solve_game({}, joker_target, jokers=True)
    out[f"kluempchen game to {joker_target} with jokers (KS-4): starting team's win probability"] = (
        round(with_jokers.start, 6),
        f"(without jokers {with_jokers.v1[0, 0]:.6f})",
    )
    out[f"kluempchen game to {joker_target} with jokers: states"] = (with_jokers.states, "states")
    out[f"kluempchen game to {joker_target} with jokers: iterations (Newton passes over a round of the wavefront)"] = (
        with_jokers.iterations,
        "iterations",
    )
    out[f"kluempchen game to {joker_target} with jokers: solve time (CPU, 1 core)"] = (
        round(with_jokers.seconds, 1),
        "s",
    )

    turn = PlayerTurn(0, 1, 0, step=4, throws=2, kept=(0, 0, 0, 0, 3, 0), free=3)
    spot = Spot(target // 3, target // 2, 2, 4, False, True, turn)
    advise(spot, {}, solution)
    times, cpu = [], []
    for _ in range(5 if quick else 20):
        started, started_cpu = time.perf_counter(), time.process_time()
        advise(spot, {}, solution)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    out[f"kluempchen advice latency at target {target}, warm (median wall / CPU)"] = (
        round(statistics.median(times) * 1000, 1),
        f"ms / {statistics.median(cpu) * 1000:.1f} ms",
    )

    solved = pig.solve(100, tolerance=1e-10)
    out["pig to 100: first player's win probability (Neller-Presser 0.5306)"] = (round(solved.start, 5), "")
    out["pig to 100: solve time (CPU, 1 core)"] = (round(solved.seconds, 2), "s")

    tables(Config())
    play_turns(1000, np.random.default_rng(0))  # the compiled kernel loaded before it is timed
    turns = 100_000 if quick else 1_000_000
    for name in ("optimal", "random"):
        started = time.process_time()
        batch = play_turns(turns, np.random.default_rng(1503), name)
        elapsed = time.process_time() - started
        out[f"kluempchen fast simulator, {name} policy (1 core)"] = (round(batch.steps / elapsed), "steps/s")
        if name == "optimal":
            fast = batch
    reference = _openspiel_pig(1.0 if quick else 5.0)
    if reference is not None:
        out["reference: OpenSpiel C++ pig random play (1 core)"] = (round(reference[0]), reference[1])

    engine = _engine_turns(1000 if quick else 10_000, 15)
    stat, df = chi_square_two_samples(binned([p for p, _, _ in engine]), binned(fast.points.tolist()))
    out[f"agreement: turn-score chi-square, engine {len(engine):,} vs simulator {turns:,} turns"] = (
        round(stat, 2),
        f"(df {df}, 0.1% critical {chi_square_critical(df):.1f})",
    )
    out["agreement: mean points engine / simulator"] = (
        round(sum(p for p, _, _ in engine) / len(engine), 3),
        f"/ {float(fast.points.mean()):.3f}",
    )
    out["agreement: Straßen per turn engine / simulator"] = (
        round(sum(s for _, _, s in engine) / len(engine), 4),
        f"/ {float(fast.strassen.mean()):.4f}",
    )
    out["agreement: six equal in one throw per turn engine / simulator"] = (
        round(sum(1 for _, s, _ in engine if s) / len(engine), 5),
        f"/ {float(fast.six.mean()):.5f}",
    )
    return out


if __name__ == "__main__":
    import sys

    # ``--full``: the figures ``python -m bench`` prints (the game and the joker solve to 150, 10^6 turns).
    for label, (value, unit) in run(quick="--full" not in sys.argv[1:]).items():
        print(f"{label}: {value} {unit}")
