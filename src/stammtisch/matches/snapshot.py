"""What a client gets back: a match's state as one seat (or the public table) may see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MatchSnapshot:
    """A match as ``seat`` may see it (``seat`` None: the public table / the scribe).

    * ``seq``: the last sequence number; send it back as ``expected_seq`` with the next submission.
    * ``view``: ``game.view(state, seat)`` — the only projection of the state a client ever gets.
    * ``turn``: ``{"kind": "decision"|"chance"|"finished", "seats": [...]}`` plus ``"label"``
      ``{"de", "en"}`` for chance.
    * ``legal``: ``{"seat", "notation", "action", "label"}`` per legal action of the requesting seat
      (for games without hidden information and ``seat`` None: of every seat the decision waits for).
    * ``result``: ``{"scores", "ranking", "details"}`` once finished.
    * ``last_events``: the latest events in a seat-safe public form.
    * ``undo_passes_outcome``: the undo would go back past an entered outcome to a decision, so it
      needs ``confirm`` (M-5a).
    * ``closed``: the match has ended (or was taken back after its end): any change needs a written
      reason (M-10).
    """

    match_id: str
    game: str
    title: str
    mode: str
    players: list[str]
    seq: int
    options: dict[str, Any]
    view: dict[str, Any]
    turn: dict[str, Any]
    legal: list[dict[str, Any]]
    result: dict[str, Any] | None
    can_undo: bool
    last_events: list[dict[str, Any]]
    seat: int | None = None
    rules_version: str = "1"
    created_at: str = ""
    undo_passes_outcome: bool = False  # M-5a: the undo needs an explicit confirmation
    closed: bool = False  # M-10: a change needs a written reason

    @property
    def finished(self) -> bool:
        return self.turn.get("kind") == "finished"

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "title": self.title,
            "mode": self.mode,
            "players": list(self.players),
            "seq": self.seq,
            "options": dict(self.options),
            "view": self.view,
            "turn": self.turn,
            "legal": list(self.legal),
            "result": self.result,
            "can_undo": self.can_undo,
            "last_events": list(self.last_events),
            "seat": self.seat,
            "rules_version": self.rules_version,
            "created_at": self.created_at,
            "undo_passes_outcome": self.undo_passes_outcome,
            "closed": self.closed,
        }
