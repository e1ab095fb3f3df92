"""Preisrommé (rules/preisromme.md, rulings/preisromme.md): rummy with hidden hands and knocking,
played as a pass of eight games per table, with penalty points for the cards left in hand.

A walkthrough (three players, short hands so that it fits here):

>>> from stammtisch.games.preisromme import GAME
>>> state = GAME.start(3, GAME.configure({"cards_per_player": 5, "games_per_pass": 1}))
>>> GAME.turn(state).node.label.en
'card dealt to seat 2'
>>> deal = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS 2S 3S".split()
>>> for code in deal:
...     state = GAME.resolve(state, GAME.parse_outcome(code))
>>> GAME.view(state, 1)["hand"]
['2C', '5C', '8C', 'JC', 'AS']
>>> state = GAME.resolve(state, GAME.parse_outcome("7H"))   # the dealer turns up 7H
>>> GAME.turn(state)                                          # a knock window for seats 2 and 3
Decision(seats=(1, 2))
>>> state = GAME.act(state, 2, GAME.parse_action("knock"))
>>> GAME.view(state, 1)["window"]["answered"]                 # seat 2 sees that seat 3 answered, not how
[None, False, True]
>>> state = GAME.act(state, 1, GAME.parse_action("pass"))
>>> GAME.view(state, 1)["last_window"]                        # revealed: seat 3 knocked and got it
{'card': '7H', 'taken_by': 2, 'claimed': [2]}
>>> GAME.turn(state).node.label.en                            # ... plus one stock card (R-5.1)
'stock card for seat 3'
"""

from stammtisch.games.preisromme.game import GAME, Preisromme

__all__ = ["GAME", "Preisromme"]
