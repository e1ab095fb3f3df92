"""Behaviour fingerprint of the Preisrommé engine, for speed work: ``python -m bench.preisromme_checksum [N]``.

Plays ``N`` (default 50) seeded random games per table size (4, 3, 2) under the default options and a
few non-default option sets, and hashes every ``turn``, every seat's legal-action list, every chance
outcome and every result. An optimisation must leave the printed hash unchanged.
"""

from __future__ import annotations

import hashlib
import random
import sys

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME

OPTION_SETS = (
    {"mode": "digital", "games_per_pass": 1},
    {"mode": "digital", "games_per_pass": 1, "allow_wraparound": True, "ace_both_ends": True},
    {"mode": "digital", "games_per_pass": 1, "opening_figures": "multiple", "swap_own_jokers": True},
    {
        "mode": "digital",
        "games_per_pass": 1,
        "swapped_joker_must_be_used_same_turn": True,
        "set_joker_adjacency": "runs_only",
        "false_meld_locks_turn": False,
    },
)


def checksum(games: int) -> str:
    digest = hashlib.sha256()
    for number, options in enumerate(OPTION_SETS):
        config = GAME.configure(options)
        for seats in (4, 3, 2):
            initial = GAME.start(seats, config)
            rng = random.Random(1000 * number + seats)
            for _ in range(games):
                state = initial
                while True:
                    turn = GAME.turn(state)
                    digest.update(repr(turn).encode())
                    if isinstance(turn, Finished):
                        digest.update(repr(turn.result).encode())
                        break
                    if isinstance(turn, Chance):
                        outcome = sample(turn.node, rng)
                        digest.update(repr(outcome).encode())
                        state = GAME.resolve(state, outcome)
                        continue
                    for seat in turn.seats:
                        digest.update(repr(GAME.legal_actions(state, seat)).encode())
                    seat = turn.seats[0]
                    legal = GAME.legal_actions(state, seat)
                    state = GAME.act(state, seat, legal[rng.randrange(len(legal))])
    return digest.hexdigest()


if __name__ == "__main__":
    print(checksum(int(sys.argv[1]) if len(sys.argv) > 1 else 50))
