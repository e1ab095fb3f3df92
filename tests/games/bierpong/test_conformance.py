"""The core conformance kit (core.testing.check_game) for 2-8 players and the house-rule options."""

from __future__ import annotations

import random

import pytest

from stammtisch.core.testing import check_game, random_playout
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.skill import Rates, SkillTable


@pytest.mark.parametrize("seats", [2, 3, 4, 6, 8])
def test_check_game(seats: int) -> None:
    check_game(GAME, seats, games=3, seed=seats)


@pytest.mark.parametrize(
    "options",
    [
        {"rack": 15, "timer_minutes": 10},
        {"rack": 6, "timer_minutes": 5, "timer_end": "finish_throwing_round", "konter_count_unit": "cups_removed"},
        {"konter_special_match": "exact", "konter_restore": "last_cup_only", "allow_double_call": True},
        {"extra_cup_chooser": "thrower", "knockover_removed_by": "opponent_any", "air_ball_bonus": "double_value"},
        {"pair_rotation": "cycle_all_pairs", "dead_cup_counts_as_neighbour": True, "konter_special_match": "off"},
        {"konter": False, "elbow_breach": "none", "illegal_defense": "none", "illegal_save": "none"},
        {"drink_unit": "per_cup_removed", "drink_lock": False, "single_player_double_release": True},
    ],
)
def test_check_game_with_house_rules(options: dict[str, object]) -> None:
    check_game(GAME, 5, options=options, games=2, seed=11)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_playouts_with_the_club_skill_model_finish(seats: int) -> None:
    skills = SkillTable.of(seats, {0: Rates(hit=0.6), 1: Rates(hit=0.1, air=0.3)})
    for seed in range(5):
        playout = random_playout(GAME, GAME.start(seats, GAME.configure()), random.Random(seed), skill=skills)
        assert GAME.result(playout.final) is not None
