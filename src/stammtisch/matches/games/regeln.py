"""Das Regeln Wir Schon! at the digital table: one clock per secret vote, per prediction round and
per remaining decision; heuristic bots in empty seats.

* **Deadlines name the decision** (D-2). A secret vote (RG-3.2) is answered by every seat, one step
  each; its clock must run once for all of them, so the key is the card under vote, which is put to
  the vote only once in a game: ``("vote", round, card)``. The secret predictions of a round
  (RG-1.11, RG-5.4) are one decision too: ``("predict", round)``. Every other decision (a card to
  play, a tie, a cover, a chip, a report) restarts the clock at each step (the public seq).
* When a deadline runs out the generic table submits the engine's ``timeout_action`` (RGO-8) for
  every seat still due: a silent voter commits one tile for Nein, a silent predictor writes the first
  place, a silent receiver or payer moves the colour the engine names; the active player's own
  choices (his card, a tie, a cover, the next rules) have no timeout answer and wait for him.
* The vote stays secret in the table as in the engine: the table reads only the public snapshot
  (which seats still have to answer is public, how they voted is not, until the last vote).
* **Votes cast at the same time** (``answers_same_decision``). Everybody votes at once, so a phone's
  vote is often stale by another seat's vote that arrived first. Nothing of that vote is visible
  (RG-3.2), so it cannot change the answer: when every step since the seq the phone saw is another
  seat's vote (or prediction, in the secret prediction round), the vote (prediction) is taken with
  the fresh seq instead of being refused as stale. The same for confirming a proposed report (RGO-22)
  while only other seats' confirmations came in between. Anything else in between (the vote closed,
  an objection, an undo) and M-1 applies: the person looks again.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from stammtisch.core.text import Text
from stammtisch.matches.extensions import DeadlinePolicy, MatchExtension
from stammtisch.matches.snapshot import MatchSnapshot

if TYPE_CHECKING:
    from stammtisch.matches.service import MatchService

#: Answers given at the same time: the engine's action types and the phases they answer (secret votes
#: and predictions; the confirmations of a proposed report, RGO-22).
SIMULTANEOUS = {"Vote": ("vote",), "Predict": ("predict",), "Confirm": ("report_speech", "first_speaker")}

#: The time per decision at a Regeln table (a vote, the predictions, a card to play).
DECISION_TIME = DeadlinePolicy(
    setting="deadline_seconds",
    default=None,
    bounds=(5, 3600),
    name=Text("Die Bedenkzeit", "The time to decide"),
    clause="D-1",
)


def decision_key(public: MatchSnapshot) -> Hashable | None:
    """The identity of the decision the public snapshot waits for (None: nothing waits)."""
    if public.turn.get("kind") != "decision":
        return None
    view = public.view
    phase = view.get("phase")
    if phase == "vote":
        return ("vote", view.get("round"), view.get("under_vote"))
    if phase == "predict":
        return ("predict", view.get("round"))
    return ("seq", public.seq)


class RegelnExtension(MatchExtension):
    deadline = DECISION_TIME
    default_bot = "heuristic"

    def deadline_key(self, public: MatchSnapshot) -> Hashable | None:
        return decision_key(public)

    def answers_same_decision(self, service: MatchService, match_id: str, seat: int, action: Any, seen: int) -> bool:
        kind = _action_type(action)
        if kind not in SIMULTANEOUS:
            return False
        public = service.snapshot(match_id, None)
        if public.view.get("phase") not in SIMULTANEOUS[kind] or seat not in (public.turn.get("seats") or ()):
            return False
        between = service.events(match_id, seen)
        return all(
            event.kind == "action" and event.seat != seat and _action_type(event.payload.get("action")) == kind
            for event in between
        )


def _action_type(action: Any) -> str | None:
    """The engine's action type of an action given as notation, JSON or value."""
    if isinstance(action, str):
        verb = action.strip().split(" ", 1)[0].lower()
        return {"vote": "Vote", "predict": "Predict", "confirm": "Confirm"}.get(verb)
    if isinstance(action, dict):
        kind = action.get("type")
        return kind if isinstance(kind, str) else None
    return type(action).__name__


EXTENSION = RegelnExtension()
