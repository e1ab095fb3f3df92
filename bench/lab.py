"""The house-rule lab (issue 28.5): the simulators' steps per second beside a vectorised NumPy Pig measured in
the same run, the Prömpeln fast path against the engine, and the lab commands' wall times.

``python -m bench.lab [--quick]``. Figures: CPU time on one core for the simulators (``time.process_time``);
wall time for the commands (a fresh ``stammtisch lab ...`` process each, startup included, on every core
and on one). The machine's load average is printed beside them: figures taken while other work runs are
not comparable with a quiet machine's.

The reference, ``pig_turns``, is the shortest honest NumPy simulator of Pig turns (roll until 20 or a 1):
every live lane rolls once per step, with array temporaries for the faces, the busts and the survivors.
A Pig step is one roll; a Klümpchen step is one node of the folded turn (a throw or a choice), the unit
of ``fast.play_turns``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

import numpy as np

Figures = dict[str, tuple[float, str]]


def pig_turns(n: int, rng: np.random.Generator, hold_at: int = 20) -> tuple[np.ndarray[Any, Any], int]:
    """``n`` Pig turns at once (hold at ``hold_at``): the turn totals and the rolls made (steps)."""
    total = np.zeros(n, dtype=np.int64)
    live = np.arange(n)
    steps = 0
    while live.size:
        steps += live.size
        faces = rng.integers(1, 7, live.size)
        bust = faces == 1
        total[live[bust]] = 0
        total[live[~bust]] += faces[~bust]
        live = live[~bust & (total[live] < hold_at)]
    return total, steps


def _rate(run: Any, repeats: int = 3) -> float:
    """The best steps per CPU second of ``repeats`` runs (``run()`` returns its steps)."""
    best = 0.0
    for _ in range(repeats):
        started = time.process_time()
        steps = run()
        best = max(best, steps / (time.process_time() - started))
    return best


def _wall(args: list[str]) -> float:
    """Wall seconds of one ``stammtisch`` command in a fresh process (its output discarded)."""
    started = time.perf_counter()
    command = [sys.executable, "-c", "from stammtisch.cli.app import main; main()", *args]
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def run(quick: bool = False) -> Figures:
    from stammtisch.games.kluempchen.model import Config
    from stammtisch.sim.games.kluempchen.fast import play_turns, play_turns_lanes, tables
    from stammtisch.sim.parallel import cores

    out: Figures = {"machine load average (1 min) at the start": (round(os.getloadavg()[0], 2), "")}
    turns = 100_000 if quick else 1_000_000
    tables(Config())
    play_turns(1000, np.random.default_rng(0))  # compiled or loaded from the cache before timing
    pig = _rate(lambda: pig_turns(turns, np.random.default_rng(1))[1])
    out["reference: NumPy Pig turns, hold at 20 (1 core)"] = (round(pig), "steps/s")
    for policy in ("optimal", "random"):
        compiled = _rate(lambda: play_turns(turns, np.random.default_rng(1), policy).steps)  # noqa: B023
        out[f"kluempchen simulator, compiled, {policy} policy (1 core)"] = (round(compiled), "steps/s")
        out[f"kluempchen simulator, compiled, {policy} policy / NumPy Pig"] = (round(compiled / pig, 2), "x")
    lanes = _rate(lambda: play_turns_lanes(turns // 4, np.random.default_rng(1)).steps, repeats=1)
    out["kluempchen simulator, NumPy lanes (the former one, kept as the reference) (1 core)"] = (
        round(lanes),
        "steps/s",
    )
    out["kluempchen simulator, NumPy lanes / NumPy Pig"] = (round(lanes / pig, 3), "x")

    out.update(_proempeln(20 if quick else 100))
    games = "200" if quick else "2000"
    for game, option in (
        ("kluempchen", "third_throw_rule=keep_on_fail"),
        ("proempeln", "specials_mandatory=false"),
        ("preisromme", "opening_min_points=30"),
    ):
        if game == "preisromme" and quick:
            continue
        for workers in (0, 1):
            label = f"{cores()} cores" if workers == 0 else "1 core"
            seconds = _wall(["lab", game, "--option", option, "--games", games, "--json", "--workers", str(workers)])
            out[f"stammtisch lab {game} --games {games} (wall, startup included, {label})"] = (round(seconds, 2), "s")
    out["machine load average (1 min) at the end"] = (round(os.getloadavg()[0], 2), "")
    return out


def _proempeln(games: int) -> Figures:
    """Prömpeln lab games per CPU second: the engine with the advisor bots against the fast path."""
    from stammtisch.core.options import resolve_options
    from stammtisch.games.proempeln import GAME
    from stammtisch.games.proempeln.options import OPTIONS
    from stammtisch.sim.games.proempeln import lab

    config = GAME.start(lab.PLAYERS, resolve_options(OPTIONS, {})).config
    lab.play_game_fast(config, 15, 0)  # the advisor's tables, once
    started = time.process_time()
    for game in range(games):
        lab.play_game({}, 15, game)
    engine = (time.process_time() - started) / games
    started = time.process_time()
    for game in range(games * 10):
        lab.play_game_fast(config, 15, game)
    fast = (time.process_time() - started) / (games * 10)
    return {
        "proempeln lab game through the engine (1 core)": (round(engine * 1000, 3), "ms"),
        "proempeln lab game by the fast path (1 core)": (round(fast * 1000, 3), "ms"),
    }


if __name__ == "__main__":
    for label, (value, unit) in run(quick="--quick" in sys.argv[1:]).items():
        print(f"{label}: {value} {unit}")
