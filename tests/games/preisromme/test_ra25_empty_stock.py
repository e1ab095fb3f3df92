"""RA-25: a draw that finds the stock empty."""

from __future__ import annotations

import pytest

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


def _taken_then_empty(mode: str, answer_of_next: str, knocker: int | None, pile: tuple[str, ...]):
    """Seat 0 discards 9D onto ``pile``; the stock is empty; seat 1 takes 9D, or a knocker knocks."""
    state = position(["2C 3C 9D", "3D", "4D", "5D"], options={"mode": mode})
    rest = state.stock
    below = tuple(CARD[c] for c in pile)
    state = rules.replace(state, stock=(), pile=below[:-1], top=below[-1] if below else -1)
    del rest  # laid aside: the cards of ``pile`` are the only ones left to turn over
    state = act(state, 0, "discard 9D")
    state = act(state, 1, answer_of_next)
    for seat in (2, 3):
        state = act(state, seat, "knock" if seat == knocker else "pass")
    return state


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ra25_card_face_up_after_a_knock_stays_out_of_the_new_stock(mode: str) -> None:
    """RA-25 D: the knocker took 9D; the card now face up (7S, thrown before it) is the pile's top and
    is not turned into the new stock; the cards below it are."""
    state = _taken_then_empty(mode, "pass", 2, ("4H", "5H", "7S"))
    assert isinstance(GAME.turn(state), Chance)
    assert sorted(state.stock) == sorted((CARD["4H"], CARD["5H"]))
    assert state.pile == (CARD["7S"],) and state.top == -1


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ra25_card_face_up_after_a_take_stays_out_of_the_new_stock(mode: str) -> None:
    """RA-25 D: the next player took 9D as her draw (no stock card); her own discard 3D is face up when
    the next draw finds the stock empty, and only the cards below it become the stock."""
    state = _taken_then_empty(mode, "take", None, ("4H", "5H", "7S"))
    # seat 1 took 9D (her draw) and discards; seat 2 then needs a stock card
    state = act(state, 1, "discard 3D")
    for seat in (2, 3, 0):
        state = act(state, seat, "pass")
    assert isinstance(GAME.turn(state), Chance)
    assert sorted(state.stock) == sorted((CARD["4H"], CARD["5H"], CARD["7S"]))
    assert state.top == CARD["3D"]


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ra25_nothing_below_the_face_up_card_ends_the_game(mode: str) -> None:
    """RA-25: only the card now face up lies on the pile (the knocker took 9D): nothing to turn over, the
    game ends without a winner and everybody counts her hand."""
    state = _taken_then_empty(mode, "pass", 3, ("7S",))
    record = state.history[-1]
    assert record.winner is None
    assert record.hand_points == (5, 3, 4, 5 + 9)
