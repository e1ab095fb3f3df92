"""``stammtisch play proempeln``: the terminal session for Prömpeln.

Differences from the generic session (``cli/session.py``), both about the stoppers:

* a stopper is entered with one key: ``0``-``3``, or ``x`` for an invalid attempt (PR-R13); the full
  notation (``s0 b4 3``) works too;
* in digital play, and for bots at a table (they have no hands), stoppers are sampled from the
  seat's skill model (``--skill``: a player's learned model or counts; default a new player).
"""

from __future__ import annotations

from rich.markup import escape

from stammtisch.cli.games.proempeln.skills import resolve, table
from stammtisch.cli.plugin import Mode, PlayRequest
from stammtisch.cli.session import Session
from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance

KEYS = ("0", "1", "2", "3", "x")


class StopperSession(Session):
    """A terminal game of Prömpeln with skill models for sampled stoppers."""

    def __init__(self, request: PlayRequest) -> None:
        super().__init__(request)
        self.skills = table(resolve(request.skill, request.players))

    def _chance(self, turn: Chance) -> None:
        node = turn.node
        seat = node.seat if node.seat is not None else 0
        context = dict(node.context)
        who = f"{self.name(seat)}: "
        if self.mode is Mode.digital or seat in self.bots:
            outcome = sample(node, self.rng, self.skills)
            self.console.print(escape(f"  🎯 {who}{node.label.get(self.lang)} → {self.game.format_outcome(outcome)}"))
            self.update(self.game.resolve(self.state, outcome))
            return
        while True:
            line = self._ask(
                self.say(
                    f"{who}{node.label.de} – 0, 1, 2, 3 oder x (ungültig)",
                    f"{who}{node.label.en} – 0, 1, 2, 3 or x (invalid)",
                )
            )
            text = line.strip().lower()
            if text in KEYS:
                text = f"s{seat} b{context.get('bottle', 0)} {text}"
            try:
                self.update(self.game.resolve(self.state, self.game.parse_outcome(text)))
                return
            except RuleViolation as error:
                self.refused(error)
