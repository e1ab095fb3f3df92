"""The core conformance kit (core.testing.check_game) on Klümpchen: 4-7 seats, digital and table mode,
several house-rule combinations, scoresheet mode and externals. Seeds are fixed and chosen so that the
random evenings stay short (a random player closes the evening at a round end one time in three)."""

from __future__ import annotations

import pytest

from stammtisch.core.testing import check_game
from stammtisch.games.kluempchen import GAME

BASE = [
    (4, "digital", 1),
    (5, "digital", 0),
    (6, "digital", 2),
    (7, "digital", 10),
    (4, "table", 2),
    (5, "table", 6),
    (6, "table", 2),
    (7, "table", 10),
]


@pytest.mark.parametrize(("seats", "mode", "seed"), BASE)
def test_conformance_default_rules(seats: int, mode: str, seed: int) -> None:
    playouts = check_game(GAME, seats, {"mode": mode}, games=1, seed=seed)
    assert playouts[0].final.rounds  # at least one round was played to its end


VARIANTS = [
    (
        5,
        {
            "mode": "table",
            "confirmation_budget": "within_turn",
            "third_throw_rule": "keep_on_fail",
            "team_internal_order": "alternate",
            "late_throw_set_aside": "player_choice",
        },
        None,
        2,
    ),
    (
        6,
        {
            "mode": "digital",
            "team_draw": "reroll_each_pairing",
            "tower_scoring": "zero",
            "foul_scoring": "keep_prior_state",
            "solo_strassen_accounts": "per_role",
            "six_equal_penalty_payer": "turn_owner",
        },
        {"externals": [1, 4]},
        4,
    ),
    (
        4,
        {"mode": "table", "team_draw": "manual", "external_share_scope": "loss_units_only", "tower_limit": 1},
        {"externals": [3]},
        1,
    ),
    (
        7,
        {
            "mode": "table",
            "team_draw": "reroll_each_pairing",
            "strassen_count_unconfirmed": False,
            "confirmation_adds_points": False,
            "conduct_violation_as_foul": True,
        },
        None,
        14,
    ),
]


@pytest.mark.parametrize(("seats", "options", "setup", "seed"), VARIANTS)
def test_conformance_house_rules(seats: int, options: dict, setup: dict | None, seed: int) -> None:
    check_game(GAME, seats, options, setup=setup, games=1, seed=seed)


@pytest.mark.parametrize("seats", [4, 5, 7])
def test_conformance_scoresheet_mode(seats: int) -> None:
    check_game(GAME, seats, {"mode": "scoresheet"}, games=3, seed=seats)


def test_conformance_manual_teams_from_setup() -> None:
    check_game(
        GAME, 5, {"mode": "digital", "team_draw": "manual"}, setup={"teams": [[4, 0], [1, 2], [3]]}, games=1, seed=5
    )
