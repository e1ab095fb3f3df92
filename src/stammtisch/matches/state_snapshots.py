"""Stored state snapshots of long matches: a load folds only the events after the latest one.

Every ``INTERVAL`` events the match service stores the folded position of a match (its state in the
``state_codec`` form, whether it was reopened, the seats that joined). A cold load takes the newest
snapshot below the log's end, reads the events after it (and the few before it that ``recent`` shows),
and folds those: a 100,000-event match is a snapshot and at most ``INTERVAL`` events, not 100,000.

What a snapshot is not: the stack of submissions in force below it (undo needs them). A position restored
from one starts at a ``floor`` (``matches.log``); when an undo reaches below it, or no submission of its
own is left above it, the loader goes back to the snapshot before, and finally to the whole log. So an undo
walking back past a snapshot never uses it; the result is always the full fold's
(tests/matches/test_state_snapshots.py proves it over random matches of every game).

A snapshot is tied to its ``version``: the game, the match's rules version, the codec's form and a
fingerprint of the engine's code (the game's package and ``core``). Code that changed folds the log again
and stores new snapshots; stale ones are never read.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from stammtisch.core.protocol import Game
from stammtisch.matches import state_codec
from stammtisch.matches.events import Event
from stammtisch.matches.log import RECENT_EVENTS, Position

#: Events between two snapshots of a match. A cold load folds at most this many events after reading one.
INTERVAL = 1_000


@dataclass(frozen=True, slots=True)
class StoredState:
    """One stored snapshot: the position of a match after event ``seq``."""

    seq: int
    version: str
    document: dict[str, Any]


@runtime_checkable
class SnapshotStore(Protocol):
    """What a repository offers to keep snapshots (optional: the in-memory one does not)."""

    def latest_snapshot(self, match_id: str, version: str, below: int) -> StoredState | None:
        """The newest snapshot of ``match_id`` under ``version`` with ``seq < below``."""
        ...

    def save_snapshot(self, match_id: str, snapshot: StoredState) -> None:
        """Keep ``snapshot`` (one already stored at its seq is left as it is)."""
        ...


@cache
def _code_fingerprint(module: str) -> str:
    """A digest of the source of ``module``'s package and of ``stammtisch.core``: the code a fold runs."""
    digest = hashlib.sha256()
    folders = {Path(importlib.import_module(module).__file__ or "").parent}
    folders.add(Path(state_codec.__file__).parent.parent / "core")
    for folder in sorted(folders):
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def version(game: Game[Any], rules_version: str) -> str:
    """The key a snapshot of a match of ``game`` under ``rules_version`` is stored and read with."""
    return f"{game.slug}/{rules_version}/{state_codec.FORMAT}/{_code_fingerprint(type(game).__module__)}"


def due(before: int, after: int, interval: int = INTERVAL) -> bool:
    """Whether an append that moved a log from ``before`` to ``after`` events passed a snapshot point."""
    return after // interval > before // interval


def capture(position: Position, key: str) -> StoredState:
    """``position`` as a snapshot under ``key``."""
    document = {
        "state": state_codec.encode(position.state),
        "reopened": position.reopened,
        "joined": [[seq, name] for seq, name in position.joined],
    }
    return StoredState(position.last_seq, key, document)


def restore(snapshot: StoredState, before: Sequence[Event]) -> Position:
    """The position ``snapshot`` holds, with ``before`` (the events up to its seq, at most
    ``RECENT_EVENTS``) as its recent events. ``state_codec.UnreadableState`` if it does not decode."""
    document = snapshot.document
    state = state_codec.decode(document["state"])
    joined = tuple((int(seq), str(name)) for seq, name in document.get("joined", ()))
    recent = tuple(event for event in before if event.seq <= snapshot.seq)[-RECENT_EVENTS:]
    return Position(snapshot.seq, state, None, recent, bool(document.get("reopened")), joined, snapshot.seq)
