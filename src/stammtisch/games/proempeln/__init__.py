"""Prömpeln: seven rounds of flicking the swing-top stoppers of seven bottles (rules/proempeln.md,
readings in rulings/proempeln.md and docs/rulings/proempeln.md). See ``model`` for the glossary.

A short walkthrough (table play: every stopper is entered as one ``Landing``):

>>> from stammtisch.games.proempeln import GAME
>>> from stammtisch.games.proempeln.model import Announce, Landing, Record
>>> state = GAME.start(2, GAME.configure())
>>> state = GAME.act(state, 0, Announce("P"))
>>> for bottle, points in zip(range(1, 8), (1, 1, 1, 1, 2, 3, 0)):
...     state = GAME.resolve(state, Landing(0, bottle, points))
>>> state = GAME.act(state, 0, Record())
>>> GAME.view(state, None)["players"][0]["total"]
20
"""

from stammtisch.games.proempeln.game import GAME, Proempeln

__all__ = ["GAME", "Proempeln"]
