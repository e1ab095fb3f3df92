"""Use cases around event-sourced matches: create, act, enter outcomes, undo, view.

A match is its record (game, rules version, options, set-up, players, mode) plus an append-only
log of events; folding the log rebuilds every state. ``MatchService`` is the entry point for the
web app and the CLI; ``MatchRepository`` is what storage implements (``InMemoryRepository`` here,
``store.SqlMatchRepository`` for SQLite and PostgreSQL). Clauses ``M-…`` are in docs/matches.md.
"""

from stammtisch.matches.errors import (
    CorruptLog,
    EmptySubmission,
    InvalidMatch,
    InvalidSeat,
    MatchNotFound,
    NothingToUndo,
    SequenceConflict,
    StaleSequence,
    UndoRefused,
    UnknownGame,
)
from stammtisch.matches.events import MODES, Event, MatchRecord
from stammtisch.matches.notifier import Notifier, NullNotifier
from stammtisch.matches.repository import InMemoryRepository, MatchRepository
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot

__all__ = [
    "MODES",
    "CorruptLog",
    "EmptySubmission",
    "Event",
    "InMemoryRepository",
    "InvalidMatch",
    "InvalidSeat",
    "MatchNotFound",
    "MatchRecord",
    "MatchRepository",
    "MatchService",
    "MatchSnapshot",
    "NothingToUndo",
    "Notifier",
    "NullNotifier",
    "SequenceConflict",
    "StaleSequence",
    "UndoRefused",
    "UnknownGame",
]
