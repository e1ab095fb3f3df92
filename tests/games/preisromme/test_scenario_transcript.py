"""A whole game step by step (three players, five cards each) with the expected score sheet:
deal (R-3), knocking (R-4, R-5), the first Umlauf (R-6.2), a Rommé-Hand (R-11.1, R-13.2)."""

from __future__ import annotations

import doctest

import stammtisch.games.preisromme as package
from stammtisch.core.protocol import Finished
from stammtisch.games.preisromme import GAME

# dealer seat 1 (index 0); cards go to seats 2, 3, 1, 2, 3, 1, ...
TRANSCRIPT = """
deal 10H 3S AC  JH 4S AD  QH 5S 8C  KH 6S 8D  2C 9D 7S
card 5D
2 knock
1 pass
card KC
card 4H
1 discard 4H
2 pass
0 pass
card 9C
2 discard 9C
0 pass
1 pass
card 2D
0 discard 2D
1 pass
2 pass
card 9H
1 meld 9H 10H JH QH KH
1 discard 2C
"""


def replay(text: str):
    state = GAME.start(3, GAME.configure({"cards_per_player": 5, "games_per_pass": 1}))
    for line in text.strip().splitlines():
        word, *rest = line.split()
        if word in ("deal", "card"):
            for code in rest:
                state = GAME.resolve(state, GAME.parse_outcome(code))
        else:
            state = GAME.act(state, int(word), GAME.parse_action(" ".join(rest)))
    return state


def test_scenario_romme_hand_after_the_first_umlauf() -> None:
    state = replay(TRANSCRIPT)
    assert isinstance(GAME.turn(state), Finished)
    record = state.history[-1]
    assert record.winner == 1 and record.romme_hand
    assert record.hand_points == (43, 0, 42)  # AC AD 8C 8D 7S; 3S 4S 5S 6S 9D 5D KC
    assert record.penalties == (86, 0, 84)
    assert GAME.result(state).ranking == ((1,), (2,), (0,))


def test_scenario_the_knocker_got_the_up_card_and_an_extra_card() -> None:
    """R-4.1, R-5.1: seat 3 knocked for the up-card 5D and drew KC besides."""
    lines = TRANSCRIPT.strip().splitlines()
    state = replay("\n".join(lines[:5]))
    assert GAME.view(state, 2)["hand"] == ["KC", "3S", "4S", "5S", "6S", "5D", "9D"]
    assert GAME.view(state, 1)["hand_sizes"] == [5, 5, 7]


def test_walkthrough_in_the_package_docstring() -> None:
    assert doctest.testmod(package).failed == 0
