"""Why Klümpchen refuses an action or an outcome: ``RuleViolation`` subclasses, one per rule area.

Each refusal carries the clause of the rulings it breaks in ``clause`` (``K-6.7``, ``S-8.3``, ...)
and a German and an English message in plain words: what was wrong and what is allowed instead.
The messages never name a clause or an option key; the clause travels beside them as data. The
classes keep the framework's stable ``code`` of the kind of refusal they are (``action/illegal``,
``turn/not_your_turn``, ...), so programs that sort refusals by code keep working.
"""

from __future__ import annotations

from stammtisch.core.errors import (
    DecisionPending,
    IllegalAction,
    ImpossibleOutcome,
    InvalidNotation,
    NotYourTurn,
    OutcomePending,
)
from stammtisch.core.text import Text


class ThrowRefused(IllegalAction):
    """A throw or a stop the turn's structure does not allow (K-6.2-K-6.4, KA-02, KA-03)."""


class ChoiceRefused(IllegalAction):
    """A set-aside choice the throw does not offer (K-6.5-K-6.7, S-8.3, KA-05, KA-06, KA-11)."""


class JokerRefused(IllegalAction):
    """A joker that cannot be announced (K-10, K-16.2, KA-15)."""


class StandInRefused(IllegalAction):
    """Standing in for a partner when the rules do not allow it (K-1.3, K-16, KA-34)."""


class EntryRefused(IllegalAction):
    """A scoresheet entry no turn can produce, or one outside scoresheet mode (KA-36, S-1, S-8.1)."""


class RoundEndRefused(IllegalAction):
    """A round-end choice by a seat that does not hold it, or at the wrong time (K-17, KA-23)."""


class DrawRefused(IllegalAction):
    """A team-draw entry the draw does not allow (K-2, KA-22)."""


class TableChangeRefused(IllegalAction):
    """An arrival or a leave the table does not allow: during a round, a player already at the table or
    not at it, fewer than 4 staying (E-22, K-1.1)."""


class TurnOver(NotYourTurn):
    """A throw or choice by a player whose turn has ended (K-6.2, K-6.4, K-7.1, KA-02)."""


class TeamOut(NotYourTurn):
    """An action by a member of a team that is out of the round (K-11.1, KA-17)."""


class NotOnTurn(NotYourTurn):
    """An action by a seat whose turn it is not (KA-16 order of play, K-16.1 an owner present)."""


class DiceDue(OutcomePending):
    """A decision sent while the dice of a mandatory throw are due (K-6.2, K-6.5, K-6.6, KA-02)."""


class DecisionDue(DecisionPending):
    """Dice entered while a player has to decide first (K-10.3, K-6.3, K-6.7, S-8.3, K-17)."""


class DiceRefused(ImpossibleOutcome):
    """Dice or a table incident that cannot be entered here (KA-36, K-4, K-7, K-9, KA-27)."""


class UnreadableEntry(InvalidNotation):
    """Text that is no Klümpchen action or outcome, or asks for something no rule allows in any
    state (two pairs kept at once, K-6.7)."""


def text(de: str, en: str) -> Text:
    """A bilingual message (shorthand for the many refusals below)."""
    return Text(de, en)
