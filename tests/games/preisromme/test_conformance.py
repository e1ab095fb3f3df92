"""The conformance kit (core.testing.check_game) for 3, 4 and 5 players, and for the score sheet."""

from __future__ import annotations

import pytest

from stammtisch.core.testing import check_game
from stammtisch.games.preisromme import GAME


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_conformance_digital(seats: int) -> None:
    playouts = check_game(GAME, seats, {"games_per_pass": 2}, games=2, seed=seats)
    assert all(len(p.final.history) == 2 for p in playouts)


def test_conformance_short_hands_with_options() -> None:
    options = {
        "games_per_pass": 3,
        "cards_per_player": 7,
        "jokers": 2,
        "dealer_may_claim_upcard": True,
        "swap_own_jokers": True,
        "stock_exhaustion": "end_game_count_all",
        "scoring": "winner_collects",
    }
    check_game(GAME, 4, options, games=2, seed=11)


def test_conformance_scoresheet() -> None:
    check_game(GAME, 4, {"mode": "scoresheet", "games_per_pass": 3}, games=3, seed=2)
