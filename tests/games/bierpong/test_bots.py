"""Bierpong bots: legal choices only, the heuristic's calls and removals, and it beats random."""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.base import RandomBot
from stammtisch.bots.games.bierpong import HeuristicBot
from stammtisch.bots.registry import bots_for
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import Call, Remove
from stammtisch.games.bierpong.skill import SkillTable

from .helpers import begin, play


def _game(bots: list[Any], seed: int, seats: int = 4) -> int:
    rng = random.Random(seed)
    skills = SkillTable.of(seats)
    state = GAME.start(seats, GAME.configure())
    while not isinstance(turn := GAME.turn(state), Finished):
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng, skills))
        else:
            seat = turn.seats[0]
            legal = GAME.legal_actions(state, seat)
            action = bots[seat].choose(GAME.view(state, seat), legal, rng)
            assert action in legal
            state = GAME.act(state, seat, action)
    assert state.winner is not None
    return state.winner


def test_registry_offers_random_and_heuristic() -> None:
    assert set(bots_for(GAME)) == {"random", "heuristic"}


def test_heuristic_calls_on_fire_and_keeps_its_rack_compact() -> None:
    bot = HeuristicBot()
    rng = random.Random(0)
    state = play(begin(2), "hit 1", "hit 2", "0: heating-up", "hit 3")
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng) == Call("on_fire")
    state = play(begin(2), "hit 1 bounce", "miss")
    choice = bot.choose(GAME.view(state, 1), GAME.legal_actions(state, 1), rng)
    assert choice in (Remove(2), Remove(3))


def test_bots_play_whole_games() -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    wins = sum(_game([heuristic, rand, heuristic, rand], seed) == 0 for seed in range(30))
    assert wins >= 12  # the same skill on both sides: the heuristic is not worse than random
