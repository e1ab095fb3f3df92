"""Preisrommé at the digital table: the knock window's clock and "a refused laying locks the turn".

* **Knock window** (R-4, RA-03, RA-07, engine P-3). The deadline is the window: its length is the
  table setting ``knock_window_seconds`` (default 20, 3 to 120, kept in the match's set-up), and a
  window is identified by ``(game_no, turn_no)`` of the public view, so a timer that fires for a
  window that closed meanwhile does nothing. When it runs out the table submits the engine's
  ``timeout_action`` (``pass``) for every knocker that has not answered; the next player is never
  timed out (R-4.4 "in jedem Fall", engine P-24): the window then waits for her answer.
* **Refused laying** (R-9.2, RA-19, engine P-10). After a refused laying (``meld/illegal``,
  ``meld/table_right``, ``meld/swap_refused``) the table submits the engine's ``withdraw`` step
  when the engine offers it (option ``false_meld_locks_turn``): the refusal is shown, the cards
  stay in hand, and only the discard (or an owed joker, P-22) remains.
* **Late claims** (RA-06). A take, knock or pass refused as "not your turn" while no window is
  open is refused as ``knock/refused`` instead: the window has closed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.errors import PROBLEMS
from stammtisch.games.preisromme.model import Knock, Pass, Take
from stammtisch.matches.errors import StaleSequence
from stammtisch.matches.extensions import DeadlinePolicy, MatchExtension
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot

#: Refusals of a laying (R-9.2): after one the turn is locked (engine P-10).
LAYING_REFUSALS = ("meld/illegal", "meld/table_right", "meld/swap_refused")
KNOCK_WINDOW = DeadlinePolicy(
    setting="knock_window_seconds",
    default=20,
    bounds=(3, 120),
    name=Text("Das Klopffenster", "The knock window"),
    clause="RA-07",
)

WindowKey = tuple[int, int]


def window_key(view: dict[str, Any]) -> WindowKey | None:
    """The open knock window's identity, or None when no window is open."""
    if view.get("phase") != "knock_window":
        return None
    return (int(view.get("game_no", 0)), int(view.get("turn_no", 0)))


def _is_claim(action: Any) -> bool:
    """Whether ``action`` is an answer in a knock window (take, knock, pass)."""
    try:
        parsed = GAME.parse_action(action) if isinstance(action, str) else GAME.action_from_json(action)
    except (RuleViolation, TypeError, ValueError, AttributeError):
        return False
    return isinstance(parsed, Take | Knock | Pass)


class PreisrommeExtension(MatchExtension):
    deadline = KNOCK_WINDOW
    default_bot = "heuristic"

    def deadline_key(self, public: MatchSnapshot) -> Hashable | None:
        return window_key(public.view) if public.turn.get("kind") == "decision" else None

    def after_refusal(
        self, service: MatchService, match_id: str, seat: int, action: Any, error: RuleViolation
    ) -> RuleViolation:
        if error.code in LAYING_REFUSALS:
            _lock_turn(service, match_id, seat)
        if error.code == "turn/not_your_turn" and _is_claim(action):
            if window_key(service.snapshot(match_id, None).view) is None:
                cls, clause, text = PROBLEMS["window_closed"]  # RA-06: a knock (or pass) after the window
                return cls(clause, text)
        return error


def _lock_turn(service: MatchService, match_id: str, seat: int) -> None:
    """R-9.2: after a false laying she may lay again only in her next turn (engine P-10)."""
    snapshot = service.snapshot(match_id, seat)
    if any(entry["notation"] == "withdraw" for entry in snapshot.legal):
        try:
            service.act(match_id, seat, "withdraw", snapshot.seq)
        except StaleSequence:
            return


EXTENSION = PreisrommeExtension()
