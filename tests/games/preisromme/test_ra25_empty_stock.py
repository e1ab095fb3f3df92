"""RA-25: a draw that finds the stock empty."""

from __future__ import annotations

from stammtisch.core.protocol import Chance
from stammtisch.games.preisromme import GAME, rules
from stammtisch.games.preisromme.cards import CARD

from .support import act, all_cards, position


def emptied(options: dict | None = None):
    state = position(["2C 3C 9D", "3D", "4D", "5D"], options=options)
    rest = state.stock
    return rules.replace(state, stock=(), pile=rest[:-1], top=rest[-1])


def test_ra25_pile_without_its_top_becomes_the_stock() -> None:
    """RA-25 D: the discard pile minus its top card becomes the new stock."""
    state = emptied()
    before = all_cards(state)
    state = act(state, 0, "discard 9D")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    state = act(state, 3, "pass")
    assert isinstance(GAME.turn(state), Chance)
    assert state.top == CARD["9D"] and state.pile == () and len(state.stock) > 90
    assert all_cards(state) == before


def test_ra25_end_game_count_all_option() -> None:
    """RA-25 CFG stock_exhaustion = end_game_count_all: the game ends, everybody counts her hand."""
    state = emptied({"stock_exhaustion": "end_game_count_all"})
    state = act(state, 0, "discard 9D")
    for seat in (1, 2, 3):
        state = act(state, seat, "pass")
    record = state.history[-1]
    assert record.winner is None and record.hand_points == (5, 3, 4, 5)
