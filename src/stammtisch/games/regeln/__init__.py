"""Das Regeln Wir Schon! (rules/regeln-wir-schon.txt, rulings/regeln.md): players vote in secret on
the rule cards that value their chips; five rounds of Move Rounds, a Scoring Round and a Prediction
Round. The cards are data (``cards.json``, validated by ``cards``; effects interpreted by ``effects``).

A walkthrough with three players. The face-up cards are entered as a real table would (RG-1.7);
a second yellow Korrektur is replaced (RG-1.8):

>>> import random
>>> from stammtisch.core.chance import sample
>>> from stammtisch.games.regeln import GAME
>>> state = GAME.start(3, GAME.configure())
>>> GAME.turn(state).node.label.en
'Korrektur card for space 1'
>>> for code in ["K-Y0", "K-Y2", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-ERSTER-SPRICHT-15", "E-PUNKTBESTER-10"]:
...     state = GAME.resolve(state, GAME.parse_outcome("card " + code))
>>> state.korrektur
('K-Y0', 'K-B2')

The deal and the place cards are sampled here (RG-1.9, RG-1.10); seat 2 drew "1. Platz" and starts:

>>> rng = random.Random(7)
>>> while state.phase in ("setup_deal", "ranking"):
...     state = GAME.resolve(state, sample(GAME.turn(state).node, rng))
>>> state.places, state.active
((3, 1, 2), 1)
>>> GAME.view(state, 1)["hand"][:3], GAME.view(state, 1)["hand_sizes"]
(['K-P2', 'K-P3', 'K-G3'], [9, 9, 9])

Everyone writes a prediction in secret (RG-1.11), then takes 7 chips, the starting player first (RG-1.13):

>>> for seat, text in ((0, "predict 3"), (1, "predict 2"), (2, "predict 1")):
...     state = GAME.act(state, seat, GAME.parse_action(text))
>>> GAME.turn(state)
Decision(seats=(1,))
>>> while state.phase == "payment":
...     seat = state.queue[0].seat
...     state = GAME.act(state, seat, GAME.parse_action("take " + ("white", "purple", "green")[seat]))
>>> state.chips, state.pool
(((7, 0, 0, 0), (0, 7, 0, 0), (0, 0, 0, 7)), (8, 8, 15, 8))

Seat 2 puts "purple chips count three" to the vote; the votes stay hidden until the last one (RG-3.2):

>>> state = GAME.act(state, 1, GAME.parse_action("play K-P3"))
>>> state = GAME.act(state, 1, GAME.parse_action("vote yes 2"))
>>> state = GAME.act(state, 0, GAME.parse_action("vote no 1"))
>>> GAME.view(state, 0)["voted"], GAME.view(state, 0)["last_vote"]
([True, True, False], None)
>>> state = GAME.act(state, 2, GAME.parse_action("vote no 1"))
>>> GAME.view(state, 0)["last_vote"]["votes"]
[{'yes': False, 'tiles': 1}, {'yes': True, 'tiles': 2}, {'yes': False, 'tiles': 1}]

Two tiles against two: the active player decides (RG-R01). Then the payment (RG-3.4): seat 2 voted
alone (+5), seat 3 like its left neighbour seat 1 (+2); then the card covers a Korrektur (RG-3.8):

>>> GAME.turn(state), GAME.legal_actions(state, 1)
(Decision(seats=(1,)), (Decide(adopt=True), Decide(adopt=False)))
>>> state = GAME.act(state, 1, GAME.parse_action("adopt"))
>>> state.queue
(Transfer(seat=1, amount=5), Transfer(seat=2, amount=2))
>>> while state.phase == "payment":
...     state = GAME.act(state, state.queue[0].seat, GAME.parse_action("take purple"))
>>> state = GAME.act(state, 1, GAME.parse_action("cover 2"))
>>> state.korrektur, state.tiles, state.active
(('K-Y0', 'K-P3'), (4, 3, 4), 2)
"""

from stammtisch.games.regeln.game import GAME, Regeln

__all__ = ["GAME", "Regeln"]
