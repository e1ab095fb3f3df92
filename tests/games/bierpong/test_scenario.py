"""A whole game step by step (6-cup singles) with the expected racks, drinks and result; and the
package's doctested walkthrough."""

from __future__ import annotations

import doctest

import stammtisch.games.bierpong as package
from stammtisch.core.replay import ActionStep, OutcomeStep, fold
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import End

from .helpers import cups, play

TRANSCRIPT = [
    "duel none",  # BP-R21: both missed, again
    "duel B",  # Art 8.3: B's thrower hit
    "1: begin A",  # B lets A begin
    "0: side right",  # A picks the side
    "hit 5 bounce",  # A: Aufsetzer on B's cup 5 (Art 14.1)
    "hit 1",  # A: the second ball hits too: Balls Back (Art 13)
    "0: no-call",  # two hits in a row: A could call Heating Up (Art 21.1) but does not
    "1: remove 3",  # B picks the Aufsetzer's extra: a neighbour of 5 (Art 3.2)
    "0: throw",  # B's cup 6 stands alone: A could call Island (Art 22) but throws plainly
    "back own",  # A's first Balls-Back ball rolls back to A's half
    "0: fetch 0",  # Art 19: fetched for a trickshot
    "0: throw",
    "miss",  # A's second Balls-Back ball
    "0: throw",
    "hit 2",  # A's trickshot hits 2 (removed at once, 19.3)
    "hit 4",  # B hits A's cup 4
    "miss",
    "0: throw",
    "hit 4",  # A hits B's 4: two in a row (the trickshot and this) ...
    "0: heating-up",
    "0: throw",
    "hit 6",  # ... and the last cup: B's rack is empty -> Konter (Art 10)
    "0: no-call",  # three in a row with Heating Up: On Fire may be called on this hit too (BP-R11)
    "hit 1",  # B's Konter: 2 throws for 2 hits
    "miss",  # Konter failed: A wins
]


def test_transcript() -> None:
    state = GAME.start(2, GAME.configure({"rack": 6}))
    initial = state
    state = play(state, *TRANSCRIPT[:8])
    assert cups(state, 1) == "xoxoxo"
    state = play(state, *TRANSCRIPT[8:15])
    assert cups(state, 1) == "xxxoxo" and state.drinks.owed == (0, 4)  # 2 (Aufsetzer) + 1 + 1 (trickshot)
    state = play(state, *TRANSCRIPT[15:17])
    assert cups(state, 0) == "oooxoo" and state.drinks.owed == (1, 4)
    state = play(state, *TRANSCRIPT[17:23])
    assert state.players[0].heating
    assert state.konter is not None and (state.konter.throws, state.konter.need) == (2, 2)
    state = play(state, *TRANSCRIPT[23:])
    assert state.winner == 0 and state.end is End.CUPS
    assert state.drinks.owed == (2, 6)
    result = GAME.result(state)
    assert result is not None and result.scores == (1, -1) and result.details["winner"] == "A"
    steps = [
        ActionStep(int(line.split(":")[0]), GAME.parse_action(line.split(":")[1]))
        if ":" in line
        else OutcomeStep(GAME.parse_outcome(line))
        for line in TRANSCRIPT
    ]
    assert fold(GAME, initial, steps) == state


def test_package_walkthrough_doctest() -> None:
    failures, tried = doctest.testmod(package)
    assert tried > 5 and failures == 0
