"""The stored facts of a match: its record (what it started with) and its append-only events.

An ``Event`` is one line of the log:

* ``action``: a seat's decision; ``payload`` is ``core.replay.step_to_json`` of the step.
* ``outcome``: a chance outcome, entered from the real table or sampled in digital play
  (sampled ones carry ``"sampled": true`` in the payload; both replay alike, no seed needed).
* ``undo``: cancels one earlier submission; ``payload`` is ``{"undoes": [seq, ...]}``.

``seq`` is 1-based and dense per match; ``batch`` is the ``seq`` of the first event of the
submission the event belongs to (an action and the dice sampled after it form one batch; undo
cancels whole batches). An undo event is a batch of its own.

Every event records who made it (``actor``: ``"member:<id>"``, ``"seat:<n>"``, ``"cli:<user>"`` or
``"system"``, see ``matches.audit``) and the correlation id of the request that wrote it (M-11); a
change to a closed match also records the written reason it was allowed for (``reason``, M-10;
an undo after the end carries ``"after_end": true`` in its payload).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

EventKind = Literal["action", "outcome", "undo"]
EVENT_KINDS: tuple[str, ...] = ("action", "outcome", "undo")
#: How a match is played: the engine samples chance, a person enters it, or per-game results are entered.
MODES: tuple[str, ...] = ("digital", "table", "scoresheet")


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a match's log."""

    match_id: str
    seq: int
    kind: str
    seat: int | None
    payload: dict[str, Any]
    actor: str | None
    at: datetime
    batch: int
    correlation_id: str | None = None  # M-11: the request that wrote it
    reason: str | None = None  # M-10: why a closed match was changed

    def to_json(self) -> dict[str, Any]:
        """The complete event (for export and audit; not seat-safe in games with hidden information)."""
        return {
            "match_id": self.match_id,
            "seq": self.seq,
            "kind": self.kind,
            "seat": self.seat,
            "payload": self.payload,
            "actor": self.actor,
            "at": self.at.isoformat(),
            "batch": self.batch,
            "correlation_id": self.correlation_id,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(
            match_id=str(data["match_id"]),
            seq=int(data["seq"]),
            kind=str(data["kind"]),
            seat=None if data.get("seat") is None else int(data["seat"]),
            payload=dict(data["payload"]),
            actor=data.get("actor"),
            at=datetime.fromisoformat(data["at"]),
            batch=int(data["batch"]),
            correlation_id=data.get("correlation_id"),
            reason=data.get("reason"),
        )


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What a match started with: the game and its rules version, the resolved house-rule options,
    the table set-up, the players' names per seat, the play mode."""

    match_id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    setup: dict[str, Any]
    players: list[str]
    mode: str
    title: str
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "setup": self.setup,
            "players": list(self.players),
            "mode": self.mode,
            "title": self.title,
            "created_at": self.created_at.isoformat(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        return cls(
            match_id=str(data["match_id"]),
            game=str(data["game"]),
            rules_version=str(data["rules_version"]),
            options=dict(data["options"]),
            setup=dict(data["setup"]),
            players=[str(p) for p in data["players"]],
            mode=str(data["mode"]),
            title=str(data.get("title", "")),
            created_at=datetime.fromisoformat(data["created_at"]),
        )
