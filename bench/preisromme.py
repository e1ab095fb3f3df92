"""Preisrommé engine speed: random digital games on one core, four players.

``python -m bench.preisromme [--quick]``. A "game" is one deal (Spiel) played to its end with the
uniform random policy (the first seat the turn waits for picks uniformly among its legal actions;
chance outcomes come from ``core.chance.sample``), i.e. what RLCard's random agents do for Gin Rummy.
Only the engine is measured: ``turn``, ``legal_actions``, ``act``, ``resolve``. Time is the process's
CPU time, so the figures mean "one core" even on a busy machine. Every engine, ours and the references,
first plays for a warm-up (3 s; 0.5 s with ``--quick``) that is not measured: the engine memoises what
hands and tables can lay (``games/preisromme/moves.py``), so its first games are slower; the warm-up's
own rate is printed as the cold start. Random players knock for half the
discards, so their games run the stock dry (RA-25) and are long: the step counts are reported too.

References in the same run (``bench/gin_rummy_references.py``): RLCard's Gin Rummy and OpenSpiel's
``gin_rummy`` random games per second, measured the same way, when the optional ``bench`` extra is
installed (``pip install -e '.[bench]'``); otherwise a line says they were skipped and how to install.
Gin Rummy is a two-player, ten-card game, so compare the rates with that in mind.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bench import gin_rummy_references
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME

SEATS = 4
#: Notes of the last ``run`` about references that were skipped (not installed).
SKIPPED: list[str] = []


def playout(state: Any, rng: random.Random) -> tuple[int, int]:
    """One random game to its end: the number of actions and of chance outcomes."""
    actions = outcomes = 0
    turn_of, legal_of, act, resolve = GAME.turn, GAME.legal_actions, GAME.act, GAME.resolve
    while True:
        turn = turn_of(state)
        if isinstance(turn, Finished):
            return actions, outcomes
        if isinstance(turn, Chance):
            state = resolve(state, sample(turn.node, rng))
            outcomes += 1
        else:
            seat = turn.seats[0]
            legal = legal_of(state, seat)
            state = act(state, seat, rng.choice(legal))  # the same stream as legal[randrange(len)]
            actions += 1


def run(quick: bool = False, seed: int = 1987, references: bool = True) -> dict[str, tuple[float, str]]:
    """Random games for 1 s (quick) or 10 s of CPU time after a warm-up of 0.5 s or 3 s; the rates."""
    initial = GAME.start(SEATS, GAME.configure({"mode": "digital", "games_per_pass": 1}))
    rng = random.Random(seed)
    outcomes_seen = [0]

    def play() -> int:
        actions, outcomes = playout(initial, rng)
        outcomes_seen[0] += outcomes
        return actions

    def measuring() -> None:
        outcomes_seen[0] = 0

    budget, warmup = (1.0, 0.5) if quick else (10.0, 3.0)
    games, actions, elapsed, cold = gin_rummy_references.measure(play, budget, warmup, measuring)
    outcomes = outcomes_seen[0]
    found: dict[str, tuple[float, str]] = {}
    if references:
        found, SKIPPED[:] = gin_rummy_references.run(budget, warmup)
    return {
        f"preisromme random games ({SEATS} players, 1 core)": (round(games / elapsed, 1), "games/s"),
        "preisromme engine actions": (round(actions / elapsed), "actions/s"),
        "preisromme engine steps (actions + chance outcomes)": (round((actions + outcomes) / elapsed), "steps/s"),
        "preisromme average actions per game": (round(actions / games, 1), "actions"),
        "preisromme average chance outcomes per game": (round(outcomes / games, 1), "outcomes"),
        "preisromme random games in the warm-up (cold start: caches filling)": (round(cold, 1), "games/s"),
        **found,
    }


if __name__ == "__main__":
    for label, (value, unit) in run(quick="--quick" in sys.argv).items():
        print(f"{label}: {value:,} {unit}")
    for note in SKIPPED:
        print(note)
