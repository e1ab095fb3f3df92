"""``stammtisch play preisromme``: the terminal session for Preisrommé, with hidden hands.

Differences from the generic session (``cli/session.py``), all about secrecy:

* in digital play the cards are drawn silently; a human is told only the cards that come into her
  own hand by a draw (her dealt hand shows in her view);
* a bot's decisions are not printed (its knock-window answer is secret until the window closes,
  R-4/RA-07); the table learns what happened from the public view instead (``board.news``:
  discards, who got a card and who knocked, figures laid, the end of a game).
"""

from __future__ import annotations

from rich.markup import escape

from stammtisch.cli.plugin import Mode
from stammtisch.cli.session import Session
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Decision


class HiddenHandsSession(Session):
    """A terminal game of Preisrommé that shows each human only what her seat may see."""

    def _chance(self, turn: Chance) -> None:
        node = turn.node
        if self.mode is not Mode.digital:
            super()._chance(turn)
            return
        outcome = sample(node, self.rng)
        before = self.game.view(self.state, None)
        if node.seat in self.humans and before["phase"] == "draw":
            card = self.game.format_outcome(outcome)
            self.console.print(
                escape(self.say(f"  {self.name(node.seat)} zieht {card}.", f"  {self.name(node.seat)} draws {card}."))
            )
        self.update(self.game.resolve(self.state, outcome))

    def _decision(self, turn: Decision) -> None:
        seat = self._acting_seat(turn)
        if seat not in self.bots:
            super()._decision(turn)
            return
        legal = self.game.legal_actions(self.state, seat)
        action = self.bots[seat].choose(self.game.view(self.state, seat), legal, self.rng)
        self.update(self.game.act(self.state, seat, action))
