"""Klümpchen, the Erfurt dice game (since 1970): teams of two race to 150 with six dice.

A short walkthrough (table mode: the dice are entered as they lie on the table):

>>> from stammtisch.games.kluempchen import GAME
>>> state = GAME.start(4, GAME.configure({"team_draw": "manual"}), {"teams": [[0, 1], [2, 3]]})
>>> GAME.view(state, None)["on_turn"]
{'team': 0, 'seat': 0, 'thrower': 0, 'role': 1}
>>> state = GAME.act(state, 0, GAME.parse_action("throw"))
>>> state = GAME.resolve(state, GAME.parse_outcome("3 4 5 6 6 6"))  # K-6.5: the triple 666 is set aside
>>> GAME.view(state, None)["turn"]["kept"], GAME.view(state, None)["turn"]["value"]
([[6, 3]], 6)
>>> state = GAME.resolve(state, GAME.parse_outcome("1 2 6"))  # throw 2: the 6 joins (KA-06)
>>> GAME.view(state, None)["turn"]["value"], GAME.format_action(GAME.legal_actions(state, 0)[0])
(12, 'throw')
>>> str(GAME.describe_action(state, GAME.legal_actions(state, 0)[0]).en)
'risk throw: all points at stake'
"""

from stammtisch.games.kluempchen.game import GAME, Kluempchen

__all__ = ["GAME", "Kluempchen"]
