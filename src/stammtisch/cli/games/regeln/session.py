"""``stammtisch play regeln``: hot seat with bots, keeping what is secret secret.

Differences from the generic session (``cli/session.py``): the deal and the place cards are drawn
silently (nobody sees another hand, RG-1.9); a bot's vote and prediction are not printed (they are
secret until the reveal, RG-3.2, RG-5.1), only its open moves are (a card played, chips taken, a
cover, the next rules); the reveal comes from the public view (``board.news``) once the last vote is in.
"""

from __future__ import annotations

from rich.markup import escape

from stammtisch.cli.plugin import Mode
from stammtisch.cli.session import Session
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Decision

#: Answers that stay secret until the game reveals them.
SECRET = ("vote", "predict")


class SecretVotesSession(Session):
    """A terminal game of Regeln that prints no hidden card, vote or prediction of another seat."""

    def _chance(self, turn: Chance) -> None:
        if self.mode is not Mode.digital:
            super()._chance(turn)
            return
        self.update(self.game.resolve(self.state, sample(turn.node, self.rng)))

    def _decision(self, turn: Decision) -> None:
        seat = self._acting_seat(turn)
        if seat not in self.bots:
            super()._decision(turn)
            return
        legal = self.game.legal_actions(self.state, seat)
        action = self._bot_choice(seat, self.game.view(self.state, seat), legal, turn)
        notation = self.game.format_action(action)
        if notation.split()[0] in SECRET:
            self.console.print(
                escape(
                    self.say(
                        f"  🤖 {self.name(seat)} hat geheim geantwortet.", f"  🤖 {self.name(seat)} answered in secret."
                    )
                )
            )
        else:
            meaning = self.game.describe_action(self.state, action).get(self.lang)
            self.console.print(escape(f"  🤖 {self.name(seat)}: {notation} – {meaning}"))
        self.update(self.game.act(self.state, seat, action))
