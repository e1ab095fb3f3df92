"""``stammtisch play bierpong``: the terminal session for Bier-Pong.

Differences from the generic session (``cli/session.py``), both about the throws:

* at the table a throw is entered with a short key: the cup number (``5``), with ``b`` for an
  Aufsetzer and ``r`` for a Roller (``5b``, ``5r``, ``5br``), ``m`` miss, ``d`` defended, ``o`` rolled
  back to the own half, ``f`` rolled back out of reach; the full notation (``airball 3``, ``knock A 2``,
  ``drank B``, ...) works too;
* in digital play, and for bots' throws at a table, throws are drawn from the seats' skill models
  (``--skill``: a player's name, learned with the club prior; default the club prior).
"""

from __future__ import annotations

import re

from rich.markup import escape

from stammtisch.cli.games.bierpong.skills import resolve, table
from stammtisch.cli.plugin import Mode, PlayRequest
from stammtisch.cli.session import Session
from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance

DUEL_WORDS = {"a": "A", "b": "B", "beide": "both", "both": "both", "keiner": "none", "none": "none"}
SHORT = {"m": "miss", "d": "defended", "o": "back own", "f": "back far"}
_CUP = re.compile(r"^(\d+)([br]*)$")


def expand(text: str) -> str:
    """The short keys of the module docstring → outcome notation (anything else is left as it is)."""
    key = text.strip().lower()
    if key in SHORT:
        return SHORT[key]
    found = _CUP.match(key)
    if found:
        flags = found.group(2)
        return f"hit {found.group(1)}" + (" bounce" if "b" in flags else "") + (" roller" if "r" in flags else "")
    return text.strip()


class ThrowSession(Session):
    """A terminal game of Bier-Pong with skill models for sampled throws."""

    def __init__(self, request: PlayRequest) -> None:
        super().__init__(request)
        self.skills = table(resolve(request.skill, request.players))

    def _chance(self, turn: Chance) -> None:
        node = turn.node
        seat = node.seat
        who = f"{self.name(seat)}: " if seat is not None else ""
        if self.mode is Mode.digital or (seat is not None and seat in self.bots) or (seat is None and not self.humans):
            outcome = sample(node, self.rng, self.skills)
            self.console.print(escape(f"  🎯 {who}{node.label.get(self.lang)} → {self.game.format_outcome(outcome)}"))
            self.update(self.game.resolve(self.state, outcome))
            return
        self.console.print(self.draw(self.game.view(self.state, None), self.humans, self.lang))
        duel = dict(node.context).get("throw") == "duel"
        while True:
            if duel:
                line = self._ask(
                    self.say("Duell – wer hat getroffen? A, B, beide, keiner", "Duel – who hit? A, B, both, none")
                )
                word = DUEL_WORDS.get(line.strip().lower(), line.strip())
                try:
                    self.update(self.game.resolve(self.state, self.game.parse_outcome(f"duel {word}")))
                    return
                except RuleViolation as error:
                    self.refused(error)
                    continue
            line = self._ask(
                self.say(
                    f"{who}{node.label.de} – Becher (5, 5b Aufsetzer, 5r Roller), m daneben, d abgewehrt, o/f zurück",
                    f"{who}{node.label.en} – cup (5, 5b bounce, 5r roller), m miss, d defended, o/f rolled back",
                )
            )
            try:
                self.update(self.game.resolve(self.state, self.game.parse_outcome(expand(line))))
                return
            except RuleViolation as error:
                self.refused(error)
