"""The core conformance kit (core.testing.check_game) for 2-7 players, with a skill model."""

from __future__ import annotations

import random

import pytest

from stammtisch.core.testing import check_game, random_playout
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.skill import PlayerSkill, SkillTable


@pytest.mark.parametrize("seats", range(2, 8))
def test_check_game(seats: int) -> None:
    check_game(GAME, seats, games=3, seed=seats)


@pytest.mark.parametrize(
    "options",
    [
        {"king_ends": "finish_round", "tiebreak_mode": "all_replay", "invalid_attempt": "repeat"},
        {"announce_deadline": "before_round_start", "rotate_start_player": True, "auto_claim_passive": True},
        {"specials_mandatory": False, "invalid_announcement_consumes": False, "passive_resolution": "best_of"},
        {"pash7_zero_pairs": False, "meier_requires_mix": False},
    ],
)
def test_check_game_with_house_rules(options: dict[str, object]) -> None:
    check_game(GAME, 3, options=options, games=2, seed=11)


@pytest.mark.parametrize("seats", range(2, 8))
def test_playouts_with_learned_skills_finish(seats: int) -> None:
    skills = SkillTable.of(seats, {0: PlayerSkill((5, 10, 10, 40)), 1: PlayerSkill((30, 5, 5, 1))})
    for seed in range(3):
        playout = random_playout(GAME, GAME.start(seats, GAME.configure()), random.Random(seed), skill=skills)
        assert GAME.result(playout.final) is not None
