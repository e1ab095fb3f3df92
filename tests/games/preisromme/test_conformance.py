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


@pytest.mark.parametrize(
    "options",
    [
        {"opening_figures": "multiple"},
        {"allow_wraparound": True},
        {"ace_both_ends": True},
        {"allow_wraparound": True, "ace_both_ends": True, "jokers": 6},
        {"swapped_joker_must_be_used_same_turn": True, "swap_own_jokers": True},
        {"decks": 3},
        {"ace_in_set_points": 1},
        {"opening_figures": "multiple", "false_meld_locks_turn": False, "opening_min_points": 60},
    ],
    ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()),
)
def test_conformance_rulings_options(options: dict[str, object]) -> None:
    """RA-01, RA-09, RA-11, RA-15: the conformance kit with each non-default rulings option."""
    check_game(GAME, 4, {"games_per_pass": 2, "cards_per_player": 9, **options}, games=2, seed=7)
