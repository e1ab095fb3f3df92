"""E-1 in the terminal: the board prints every throw of the turn in order (set-aside dice bracketed,
each with its event) and the previous turn after it passed."""

from __future__ import annotations

from rich.console import Console

from stammtisch.cli.games.kluempchen.board import draw
from tests.games.kluempchen.helpers import new_state, play, view


def _printed(state: object, lang: str) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(draw(view(state), [0], lang))
    return console.export_text()


def test_e1_every_throw_of_the_turn_is_printed() -> None:
    state = play(new_state(), "throw", "1 2 3 4 5 6", "4 4 4 1 2 3", "4 5 6")
    text = _printed(state, "de")
    assert "1. 1⚀ 2⚁ 3⚂ 4⚃ 5⚄ 6⚅ – Straße: 30 stehen zur Bestätigung" in text
    assert "– Würfelfolge 2 –" in text
    assert "1. 1⚀ 2⚁ 3⚂ [4⚃] [4⚃] [4⚃] – bestätigt: 30 zählen" in text
    assert "2. [4⚃] 5⚄ 6⚅" in text


def test_previous_turn_is_printed_after_it_passed() -> None:
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "6 1 2")
    text = _printed(state, "en")
    assert "Previous turn: Seat 1" in text and "seat 1: 12 points" in text
    assert "3. 1⚀ 2⚁ [6⚅] – risk throw raised: 6 → 12" in text
