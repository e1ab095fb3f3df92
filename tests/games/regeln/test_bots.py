"""The Regeln bots (bots/games/regeln.py): they only answer legal actions, finish games, and the heuristic
beats random players on average."""

from __future__ import annotations

import random

from stammtisch.bots.base import RandomBot
from stammtisch.bots.games.regeln import BOTS, HeuristicBot
from stammtisch.bots.playout import play_out
from stammtisch.games.regeln import GAME


def test_bots_are_offered() -> None:
    assert set(BOTS) == {"random", "heuristic"}


def test_heuristic_beats_random_on_average() -> None:
    wins = 0
    games = 12
    for seed in range(games):
        rng = random.Random(seed)
        seats = 3 + seed % 3
        bots = [HeuristicBot()] + [RandomBot() for _ in range(seats - 1)]
        playout = play_out(GAME, GAME.start(seats, GAME.configure()), bots, rng)
        if 0 in playout.result.ranking[0]:
            wins += 1
    assert wins > games / 3
