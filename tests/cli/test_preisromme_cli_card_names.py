"""Issue 25.5: the German terminal shows Preisrommé's cards as a German deck prints them (Bube, Dame,
König, As; the suits as signs), the English one keeps the notation. A move is still chosen by number
or typed in notation."""

from __future__ import annotations

import re

from rich.console import Console

from stammtisch.cli.games.preisromme.board import card_text, cards_text, draw, figure_text


def test_german_cards_in_the_german_terminal() -> None:
    assert cards_text(["10C", "KC", "2S", "QS", "JH", "AD", "JK"], "de") == "10♣ K♣ 2♠ D♠ B♥ A♦ Joker"
    assert cards_text(["10C", "QS", "JK"], "en") == "10C QS JK"
    assert card_text(None, "de") == "–"


def test_a_joker_in_a_figure_names_its_card_in_german() -> None:
    figure = {"number": 1, "cards": ["7H", "8H", "JK"], "stands_for": [None, None, "9H"]}
    assert figure_text(figure, "de") == "1: 7♥ 8♥ Joker(9♥)"
    assert figure_text(figure, "en") == "1: 7H 8H JK(9H)"


def test_the_drawn_hand_has_no_english_card_codes_in_german() -> None:
    import random

    from stammtisch.games import GAMES
    from tests.support.play import random_game

    game = GAMES["preisromme"]
    state = random_game(
        game, game.start(4, game.configure({})), random.Random(3), stop=lambda s: bool(game.view(s, 0).get("hand"))
    )
    view = dict(game.view(state, 0))
    console = Console(record=True, width=160)
    console.print(draw(view, [0], "de"))
    shown = console.export_text()
    assert "Deine Hand" in shown and view["hand"]
    assert not re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bJK\b", shown), shown
