"""Rule violations: why an action or outcome is refused.

Every refusal is a ``RuleViolation`` with a stable ``code`` (for programs), the ``clause`` of the
rulings it breaks (for people: e.g. ``K-6.5``) and a message in German and English. Messages
must never reveal another seat's hidden information. Raising one changes nothing: states are
immutable, so the caller still holds the state it had.

Parsing problems (``InvalidNotation``) are kept apart from "not legal now" problems
(``IllegalAction``), as python-chess does.
"""

from __future__ import annotations

from typing import Any, ClassVar

from stammtisch.core.text import Text


class RuleViolation(ValueError):
    """Base of every refusal. Subclasses fix ``code``."""

    code: ClassVar[str] = "rule/violation"

    def __init__(self, clause: str, message: Text) -> None:
        self.clause = clause
        self.message = message
        super().__init__(f"[{self.code}] {clause}: {message.en}")

    def text(self, lang: str) -> str:
        """The message in ``lang`` with the clause it breaks."""
        return f"{self.message.get(lang)} ({self.clause})"

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "clause": self.clause, "de": self.message.de, "en": self.message.en}


class IllegalAction(RuleViolation):
    """The action is well-formed but the rules forbid it now."""

    code = "action/illegal"


class NotYourTurn(RuleViolation):
    """A seat acted that is not among the seats the turn waits for."""

    code = "turn/not_your_turn"


class OutcomePending(RuleViolation):
    """An action was sent while the game waits for a chance outcome (dice, a card, a landing)."""

    code = "turn/outcome_pending"


class DecisionPending(RuleViolation):
    """A chance outcome was sent while the game waits for a player's decision."""

    code = "turn/decision_pending"


class ImpossibleOutcome(RuleViolation):
    """The entered outcome cannot happen at this chance node (e.g. five dice when four are in the cup)."""

    code = "outcome/impossible"


class MatchFinished(RuleViolation):
    """The game is over; nothing more can be played."""

    code = "match/finished"


class InvalidNotation(RuleViolation):
    """The text or JSON could not be read as an action or outcome of this game."""

    code = "notation/invalid"


class InvalidOption(RuleViolation):
    """A house-rule option is unknown or has a value outside its declared range."""

    code = "options/invalid"


class InvalidSetup(RuleViolation):
    """The table set-up (number of seats, teams, externals) breaks the rules."""

    code = "setup/invalid"
