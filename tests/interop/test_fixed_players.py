"""The interop tables play with a fixed set of players: a step that seats someone new (Klümpchen E-26)
is not offered, while the engine itself offers it between rounds."""

from __future__ import annotations

from stammtisch.games import GAMES
from stammtisch.interop import table


def test_a_new_seat_is_never_offered_to_openspiel_or_pettingzoo() -> None:
    game = GAMES["kluempchen"]
    state = game.start(4, game.configure({"mode": "scoresheet", "team_draw": "manual"}), {"teams": [[0, 1], [2, 3]]})
    while True:
        turn = game.turn(state)
        seat = turn.seats[0]
        notations = [game.format_action(action) for action in game.legal_actions(state, seat)]
        if any(text.startswith("join") for text in notations):
            break
        state = game.act(state, seat, game.parse_action("score 80"))
    offered = [game.format_action(action) for action in table.legal(game, state, seat)]
    assert offered and not any(text.startswith("join") for text in offered)
    assert set(offered) <= set(notations)
