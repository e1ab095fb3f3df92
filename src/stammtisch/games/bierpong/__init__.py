"""Bierpong: team beer pong under the club's house rules (docs/rules/bierpong.md, readings in
docs/rules/rulings/bierpong.md and docs/rulings/bierpong.md). See ``model`` for the glossary.

A short walkthrough (table play, singles: seat 0 is team A, seat 1 team B):

>>> from stammtisch.games.bierpong import GAME
>>> state = GAME.start(2, GAME.configure({"rack": 6}))
>>> state = GAME.resolve(state, GAME.parse_outcome("duel A"))     # only A's duel ball hits (Art 8.3)
>>> state = GAME.act(state, 0, GAME.parse_action("begin A"))
>>> state = GAME.act(state, 1, GAME.parse_action("side left"))
>>> state = GAME.resolve(state, GAME.parse_outcome("hit 5 bounce"))  # Aufsetzer: cup 5 and one more
>>> state = GAME.resolve(state, GAME.parse_outcome("miss"))
>>> [GAME.format_action(a) for a in GAME.legal_actions(state, 1)]  # B picks a neighbour of 5 (Art 3)
['remove 2', 'remove 3', 'remove 4', 'remove 6']
>>> state = GAME.act(state, 1, GAME.parse_action("remove 4"))
>>> GAME.view(state, None)["teams"][1]["cups"]
['live', 'live', 'live', 'removed', 'removed', 'live']
>>> view = GAME.view(state, None)   # A's round is over: B throws; B's players owe 2 units (Art 1, 14.1)
>>> view["round"]["team"], view["teams"][1]["drinks_owed"]
('B', 2)
"""

from stammtisch.games.bierpong.game import GAME, Bierpong

__all__ = ["GAME", "Bierpong"]
