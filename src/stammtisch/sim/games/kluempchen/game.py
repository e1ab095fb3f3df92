"""Klümpchen for two teams solved: the win probability of optimal play from any score pair and turn.

``solve_game`` runs the race solver (``sim/race_fast.py``; ``sim/race.py`` is the readable reference it is
checked against) over the folded turn (``template.py``): the side
to move is a team, its side turn is player 1's turn then player 2's (K-5.1: the team gains both
results only if player 2 scores), six equal dice in one throw win the round for the thrower's team
(S-7.2), a team reaching the target is out and, with two teams, has won (K-11). The readings this
needs are rulings KS-1..KS-5 in ``docs/rulings/kluempchen-solver.md``.

The result is stored (``store_solution``/``load_solution``: one ``.npz`` file per house rules, target,
rules version and solver version, in a directory the caller names — the CLI and the web use the data
directory), so advice (``advice.py``) reads it instead of solving again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from stammtisch.core.options import resolve_options
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import Config
from stammtisch.games.kluempchen.options import OPTIONS, config_from
from stammtisch.sim import race, race_fast
from stammtisch.sim.games.kluempchen.template import Template, build
from stammtisch.sim.sweep import Compiled, compile_template

#: Bumped whenever the solver's model or numbers change: stored solutions of another version are ignored.
SOLVER_VERSION = "2"
TARGET = 150  # K-11.1
#: The options that change a turn's decisions or chances; the others (money, seating, table incidents)
#: do not enter the solve, so solutions are shared across them (KS-5).
TURN_OPTIONS = ("third_throw_rule", "confirmation_budget", "confirmation_adds_points", "late_throw_set_aside")


def turn_options(given: Mapping[str, object] | None = None) -> dict[str, Any]:
    """The turn-relevant options, validated by the game's own option declarations (bilingual refusals,
    ``InvalidOption`` with the clause the option varies)."""
    resolved = resolve_options(OPTIONS, dict(given or {}))
    return {key: resolved[key] for key in TURN_OPTIONS}


def config_of(options: Mapping[str, Any]) -> Config:
    return config_from(resolve_options(OPTIONS, dict(options)))


@dataclass(slots=True)
class CompiledTurn:
    template: Template
    compiled: Compiled


_COMPILED: dict[Config, CompiledTurn] = {}


def compiled_for(config: Config) -> CompiledTurn:
    found = _COMPILED.get(config)
    if found is None:
        template = build(config)
        found = _COMPILED[config] = CompiledTurn(template, compile_template(template.nodes, template.topological()))
    return found


@dataclass(slots=True)
class GameSolution:
    """``v1[x, y]``: the team to move wins with probability v1 when its player 1 is about to throw, it
    holding x points against y; ``v2[x, y, r]``: its player 2 is about to throw after player 1 put up r."""

    options: dict[str, Any]
    target: int
    v1: NDArray[np.float64]
    v2: NDArray[np.float64]
    states: int
    iterations: int
    seconds: float
    #: KS-4: ``jokers[x, y, own, other]`` with the teams' jokers left as masks (``jokers.py``), when solved.
    jokers: NDArray[np.float64] | None = None

    @property
    def start(self) -> float:
        """The starting team's win probability under optimal play from 0:0 (all jokers left when solved with
        jokers, else the joker-free game's)."""
        return float(self.v1[0, 0] if self.jokers is None else self.jokers[0, 0, 3, 3])

    def summary(self) -> dict[str, Any]:
        return {
            "game": "kluempchen",
            "target": self.target,
            "options": self.options,
            "jokers": self.jokers is not None,
            "start_win_probability": self.start,
            "start_win_probability_without_jokers": float(self.v1[0, 0]),
            "states": self.states,
            "iterations": self.iterations,
            "solve_seconds": round(self.seconds, 3),
            "solver_version": SOLVER_VERSION,
            "rules_version": GAME.rules_version,
        }


def solve_game(
    options: Mapping[str, object] | None = None,
    target: int = TARGET,
    tolerance: float = 1e-10,
    reference: bool = False,
    jokers: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> GameSolution:
    """Solve the two-team race to ``target`` under the house rules ``options`` (``reference``: by the
    readable ``race.solve`` instead of ``race_fast.solve``; the tests compare the two; ``jokers``: with
    both teams' jokers in the state, KS-4). ``progress(done, total)``: the fast solvers' share solved."""
    chosen = turn_options(options)
    if jokers:
        from stammtisch.sim.games.kluempchen.jokers import solve_jokers  # it builds on this module

        found_j = solve_jokers(chosen, target, tolerance, progress)
        v1 = np.ascontiguousarray(found_j.v1[:, :, 0, 0])
        return GameSolution(
            chosen, target, v1, found_j.v2, found_j.states, found_j.iterations, found_j.seconds, found_j.v1
        )
    found = compiled_for(config_of(chosen))
    if reference:
        solved = race.solve(found.compiled, found.template.root, target, roles=2, six_wins=True, tolerance=tolerance)
    else:
        solved = race_fast.solve(
            found.compiled, found.template.root, target, roles=2, six_wins=True, tolerance=tolerance, progress=progress
        )
    assert solved.v2 is not None
    return GameSolution(chosen, target, solved.v1, solved.v2, solved.states, solved.iterations, solved.seconds)


def cache_key(options: Mapping[str, Any], target: int, jokers: bool = False) -> str:
    """Options + target (+ jokers) + rules version + solver version, hashed into a file name."""
    text = json.dumps(
        {
            "options": dict(sorted(options.items())),
            "target": target,
            **({"jokers": True} if jokers else {}),
            "rules": GAME.rules_version,
            "solver": SOLVER_VERSION,
        },
        sort_keys=True,
    )
    return "kluempchen-" + hashlib.sha256(text.encode()).hexdigest()[:16]


def store_solution(solution: GameSolution, directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / (cache_key(solution.options, solution.target, solution.jokers is not None) + ".npz")
    meta = json.dumps(solution.summary())
    tmp = path.with_suffix(".tmp.npz")
    arrays: dict[str, Any] = {"v1": solution.v1, "v2": solution.v2, "meta": np.array(meta)}
    if solution.jokers is not None:
        arrays["jokers"] = solution.jokers
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)  # a reader never sees half a file
    return path


def load_solution(
    options: Mapping[str, object] | None, target: int, directory: Path, jokers: bool = False
) -> GameSolution | None:
    """The stored solution for these rules and target (with jokers: KS-4), or None.

    Kept in memory per file version (path, size, modification time): reading the 150-point file costs
    about 0.1 s, and the advice on the page and from the API reads it on every request (< 50 ms warm)."""
    chosen = turn_options(options)
    path = directory / (cache_key(chosen, target, jokers) + ".npz")
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    version = (str(path), stat.st_size, stat.st_mtime_ns)
    found = _LOADED.get(version)
    if found is None:
        found = _read(path, chosen, target)
        if len(_LOADED) >= _KEEP_LOADED:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[version] = found
    return found


#: Solutions read from files, by file version; a solution is never changed after reading.
_LOADED: dict[tuple[str, int, int], GameSolution] = {}
_KEEP_LOADED = 4


def _read(path: Path, chosen: dict[str, Any], target: int) -> GameSolution:
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        return GameSolution(
            chosen,
            target,
            np.array(data["v1"]),
            np.array(data["v2"]),
            int(meta["states"]),
            int(meta["iterations"]),
            float(meta["solve_seconds"]),
            np.array(data["jokers"]) if "jokers" in data.files else None,
        )


def solutions_dir(data_dir: Path) -> Path:
    return data_dir / "solver"
