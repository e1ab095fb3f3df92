"""What a game may add to the generic match use cases: the ``MatchExtension`` port.

A game with nothing special needs no extension (``MatchExtension()`` is the default). A game that
does puts one in ``matches/games/<slug>.py`` and one line in the registry (``matches/games``):

* **refusal policy** (``after_refusal``): what the digital table does after the engine refused a
  seat's action, e.g. Preisrommé's "a refused laying locks the turn" (a follow-up step), or a
  clearer refusal for the same case (a knock after the window closed); and whether a stale answer
  still answers the same secret decision (``answers_same_decision``: votes cast at the same time);
* **deadlines**: which table setting holds the seconds per decision, its default and range, and
  which key of the *public* snapshot identifies the decision a deadline belongs to (a timer whose
  key is no longer current does nothing);
* **bots**: the bot that takes an empty seat when the table's creator names none;
* **chance sampling** (``skills``): a skill model for skill chance events in digital play (e.g.
  Prömpeln's caps, learned from the stored matches), through ``matches.skills``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stammtisch.core.chance import ChanceNode, SkillModel
from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches.events import MatchRecord
from stammtisch.matches.snapshot import MatchSnapshot

if TYPE_CHECKING:
    from stammtisch.matches.service import MatchService

#: A skill hook for one game: the model of a skill chance event, or None (it must be entered).
SkillSource = Callable[[MatchRecord, ChanceNode], SkillModel | None]


@dataclass(frozen=True, slots=True)
class DeadlinePolicy:
    """How long a decision may wait at a digital table, and what the setting is called.

    ``setting`` is the key in the match's set-up (kept with the match, so it survives restarts);
    ``default`` None means no deadline unless the table's creator sets one; ``name`` is the
    setting's name in messages ("Das Klopffenster" / "The knock window"); ``clause`` is cited
    when a length outside ``bounds`` is refused."""

    setting: str = "deadline_seconds"
    default: int | None = None
    bounds: tuple[int, int] = (1, 3600)
    name: Text = Text("Die Bedenkzeit", "The time to decide")
    clause: str = "D-1"


class MatchExtension:
    """The default behaviour of every game; a game's extension overrides what it needs."""

    #: Deadline settings of the digital table.
    deadline: DeadlinePolicy = DeadlinePolicy()
    #: The bot that takes an empty seat when none is named (None: the first registered, by name).
    default_bot: str | None = None

    def deadline_key(self, public: MatchSnapshot) -> Hashable | None:
        """The identity of the decision the public snapshot waits for, or None (no deadline runs).

        Default: the public seq, i.e. every step restarts the clock. A game whose decision is
        answered in several steps (a knock window, a secret vote) names the decision instead, so
        the clock runs once for all of its answers."""
        return ("seq", public.seq) if public.turn.get("kind") == "decision" else None

    def after_refusal(
        self, service: MatchService, match_id: str, seat: int, action: Any, error: RuleViolation
    ) -> RuleViolation:
        """Called when the engine refused ``action`` of ``seat``; returns the refusal to raise.
        May write follow-up steps (with the fresh seq; a stale one is simply given up)."""
        return error

    def answers_same_decision(self, service: MatchService, match_id: str, seat: int, action: Any, seen: int) -> bool:
        """Called when ``seat``'s ``action`` is stale (the log moved on since the seq ``seen``):
        whether it still answers the very decision the seat saw, so the table takes it with the fresh
        seq instead of refusing it. Default False (M-1: the person looks again). A game says True
        only where what happened meanwhile cannot change the answer, e.g. other seats' secret votes
        in the same vote (nothing of them is visible before the reveal)."""
        return False

    def skills(self, repository: Any) -> SkillSource | None:
        """The game's skill hook for digital play over ``repository`` (None: no skill events)."""
        return None


#: The extension of a game without one.
DEFAULT = MatchExtension()
