"""The conformance kit (core.testing.check_game) for 3, 4 and 5 players and every non-default option."""

from __future__ import annotations

import pytest

from stammtisch.core.testing import check_game
from stammtisch.games.regeln import GAME


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_conformance(seats: int) -> None:
    playouts = check_game(GAME, seats, games=1, seed=seats)
    assert all(p.final.phase == "over" for p in playouts)


@pytest.mark.parametrize(
    "options",
    [
        {"final_vote_card": "place_after_scoring"},
        {"pool_reset_scope": "payments_only"},
        {"return_chips_after_scoring": True},
        {"winner_tiebreak": "draw_place_cards"},
        {"chips_per_colour_full": 15, "k_b4_per": "colour"},
    ],
    ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()),
)
def test_conformance_options(options: dict[str, object]) -> None:
    """RG-R03, RG-R06, RG-R11, RG-R14, RG-R17: the kit under each house-rule option."""
    check_game(GAME, 4, options, games=1, seed=5)
