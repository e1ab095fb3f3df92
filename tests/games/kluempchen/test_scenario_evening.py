"""A whole evening as a transcript (K-10, K-11..K-13, K-17.4, S-7): two rounds, then the Schreiber closes."""

from __future__ import annotations

from stammtisch.core.protocol import Finished
from stammtisch.games.kluempchen import GAME
from tests.games.kluempchen.helpers import current, new_state, play, view

BIG = ("joker", "1 1 1 1 1 2", "3")  # 11111 = 40, a 3rd throw is pointless: stop → 80 with the joker


def test_two_round_evening() -> None:
    state = new_state()  # teams (0, 1) and (2, 3); unit 200
    state = play(state, *BIG, "stop", *BIG, "stop")
    # K-11.1: 160 → team (0, 1) is out; one team left: (2, 3) lost on 0 (Schwarz) with both jokers unused.
    record = state.rounds[-1]
    assert record.scores == (160, 0) and record.loser == 1
    assert sorted((p.seat, p.reason) for p in record.payments) == [
        (2, "below_75"),
        (2, "lost"),
        (2, "no_points"),
        (2, "unused_joker"),
        (3, "below_75"),
        (3, "lost"),
        (3, "no_points"),
        (3, "unused_joker"),
    ]
    assert view(state)["totals"]["bank_cents"] == 1600
    assert view(state)["jokers_left"] == [0, 0, 1, 1]

    state = play(state, "next")  # K-17.4: the losing team starts round 2
    assert current(state).owner == 2
    state = play(state, "throw", "5 5 5 5 5 5")  # S-7: six equal in one throw
    record = state.rounds[-1]
    assert record.ending == "six_equal" and record.loser == 0
    assert [(p.seat, p.reason) for p in record.payments] == [
        (0, "lost"),
        (1, "lost"),
        (0, "below_75"),
        (1, "below_75"),
        (2, "six_equal_fine"),
    ]

    state = play(state, "close")
    turn = GAME.turn(state)
    assert isinstance(turn, Finished)
    assert turn.result.scores == (-400, -400, -1000, -800)
    assert turn.result.ranking == ((0, 1), (3,), (2,))
    assert turn.result.details["bank_cents"] == 2600
    assert turn.result.details["rounds"] == 2
