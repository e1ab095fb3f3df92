"""Das Regeln Wir Schon! (rules/regeln-wir-schon.txt, rulings/regeln.md): players vote in secret on
the rule cards that value their chips; five rounds of Move Rounds, a Scoring Round and a Prediction
Round.

A walkthrough (three players; the set-up draws are entered as a real table would):

>>> from stammtisch.games.regeln import GAME
>>> state = GAME.start(3, GAME.configure())
>>> GAME.turn(state).node.label.en
'Korrektur card for space 1'
>>> for code in ["K-Y0", "K-Y2", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-ERSTER-SPRICHT-15", "E-PUNKTBESTER-10"]:
...     state = GAME.resolve(state, GAME.parse_outcome("card " + code))
>>> state.korrektur                      # K-Y2 named yellow again: replaced (RG-1.8)
('K-Y0', 'K-B2')
>>> GAME.turn(state).node.label.en
'card dealt to seat 1'
"""

from stammtisch.games.regeln.game import GAME, Regeln

__all__ = ["GAME", "Regeln"]
