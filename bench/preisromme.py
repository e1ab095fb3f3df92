"""Preisrommé engine speed: random digital games on one core, four players.

``python -m bench.preisromme [--quick]``. A "game" is one deal (Spiel) played to its end with the
uniform random policy (the first seat the turn waits for picks uniformly among its legal actions;
chance outcomes come from ``core.chance.sample``), i.e. what RLCard's random agents do for Gin Rummy.
Only the engine is measured: ``turn``, ``legal_actions``, ``act``, ``resolve``. Time is the process's
CPU time, so the figures mean "one core" even on a busy machine. Random players knock for half the
discards, so their games run the stock dry (RA-25) and are long: the step counts are reported too.

References in the same run (``bench/gin_rummy_references.py``): RLCard's Gin Rummy and OpenSpiel's
``gin_rummy`` random games per second, measured the same way, when the optional ``bench`` extra is
installed (``pip install -e '.[bench]'``); otherwise a line says they were skipped and how to install.
Gin Rummy is a two-player, ten-card game, so compare the rates with that in mind.
"""

from __future__ import annotations

import random
import sys
import time
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
            state = act(state, seat, legal[rng.randrange(len(legal))])
            actions += 1


def run(quick: bool = False, seed: int = 1987, references: bool = True) -> dict[str, tuple[float, str]]:
    """Random games for about 1 s (quick) or 10 s of CPU time; the rates."""
    initial = GAME.start(SEATS, GAME.configure({"mode": "digital", "games_per_pass": 1}))
    rng = random.Random(seed)
    budget = 1.0 if quick else 10.0
    games = actions = outcomes = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < budget or games == 0:
        done_actions, done_outcomes = playout(initial, rng)
        games += 1
        actions += done_actions
        outcomes += done_outcomes
        elapsed = time.process_time() - started
    found: dict[str, tuple[float, str]] = {}
    if references:
        found, SKIPPED[:] = gin_rummy_references.run(budget)
    return {
        f"preisromme random games ({SEATS} players, 1 core)": (round(games / elapsed, 1), "games/s"),
        "preisromme engine actions": (round(actions / elapsed), "actions/s"),
        "preisromme engine steps (actions + chance outcomes)": (round((actions + outcomes) / elapsed), "steps/s"),
        "preisromme average actions per game": (round(actions / games, 1), "actions"),
        "preisromme average chance outcomes per game": (round(outcomes / games, 1), "outcomes"),
        **found,
    }


if __name__ == "__main__":
    for label, (value, unit) in run(quick="--quick" in sys.argv).items():
        print(f"{label}: {value:,} {unit}")
    for note in SKIPPED:
        print(note)
