"""Prömpeln benchmark: simulated full games per second (7 players) and the advisor's time for a
full table of values (cold: every cache cleared; warm: the per-distribution plan cached).

Run: ``.venv/bin/python bench/proempeln.py``.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from stammtisch.bots.games.proempeln import AdvisorBot, RandomSpecialsBot
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.proempeln import GAME, advisor
from stammtisch.games.proempeln.skill import PlayerSkill, SkillTable

SEATS = 7
P = (0.15, 0.3, 0.35, 0.2)


def _games(count: int, seed: int, bots: list[Any]) -> float:
    rng = random.Random(seed)
    skills = SkillTable.of(SEATS, {seat: PlayerSkill((15 + seat, 30, 35, 20 - seat)) for seat in range(SEATS)})
    options = GAME.configure()
    started = time.perf_counter()
    for _ in range(count):
        state = GAME.start(SEATS, options)
        while not isinstance(turn := GAME.turn(state), Finished):
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng, skills))
            else:
                seat = turn.seats[0]
                action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
                state = GAME.act(state, seat, action)
    return count / (time.perf_counter() - started)


def _advisor_ms(repeat: int, cold: bool) -> float:
    """Best of ``repeat`` timings of ``advise`` for a distribution it has not seen before."""
    best = float("inf")
    advisor.advise(1, ("L", "K", "P"), P)
    for index in range(1, repeat + 1):
        shift = (index + (0 if cold else 1000)) * 1e-6  # a distribution never seen before
        p = (0.15, 0.3, 0.35 + shift, 0.2 - shift)
        if cold:
            advisor.clear_caches()
        started = time.perf_counter()
        advisor.advise(1, ("L", "K", "P"), p)
        best = min(best, time.perf_counter() - started)
    return best * 1000


def run(quick: bool = False) -> dict[str, float]:
    """The figures: 7-player games per second (random-special bots, advisor bots) and the
    advisor's milliseconds for a full table of values."""
    games = 20 if quick else 200
    random_bots = [RandomSpecialsBot() for _ in range(SEATS)]
    advisor_bots = [AdvisorBot(P) for _ in range(SEATS)]
    return {
        "proempeln games/s, 7 players, random-special bots": round(_games(games, 1, random_bots), 1),
        "proempeln games/s, 7 players, advisor bots": round(_games(games, 2, advisor_bots), 1),
        "proempeln advisor full table ms (cold caches)": round(_advisor_ms(20, cold=True), 2),
        "proempeln advisor full table ms (new distribution)": round(_advisor_ms(20, cold=False), 2),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
