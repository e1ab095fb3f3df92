"""Folding a match's events into its current state, incrementally.

A ``Position`` is a log folded up to ``last_seq``. Its submissions that are still in force form a
stack of ``Frame``s (an immutable linked list, so pushing and popping copy nothing); each frame
keeps the state *before* its batch, so undo restores that state exactly without replaying the
whole log. Folding more events onto a position never changes the position it started from, so
cached positions can be shared between threads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Game
from stammtisch.core.replay import ActionStep, Step, apply_step, step_from_json
from stammtisch.matches.errors import CorruptLog
from stammtisch.matches.events import Event

#: How many of the latest events a position remembers for ``MatchSnapshot.last_events``.
RECENT_EVENTS = 8
#: Decoded steps kept per process. Logs repeat the same few payloads (a throw, the same dice
#: multisets), and decoding JSON into validated dataclasses is the dearest part of a replay.
DECODED_STEPS = 50_000

_decoded: dict[tuple[type, str, str], Step] = {}


def decode_step(game: Game[Any], payload: dict[str, Any]) -> Step:
    """``step_from_json``, memoized. Steps are immutable values, so sharing them is safe; the key is
    the payload's ``repr`` (equal reprs mean equal JSON values)."""
    key = (type(game), game.slug, repr(payload))
    step = _decoded.get(key)
    if step is None:
        step = step_from_json(game, payload)
        if len(_decoded) >= DECODED_STEPS:
            _decoded.clear()
        _decoded[key] = step
    return step


class Frame(NamedTuple):
    """One submission in force: its event seqs and steps, and the state before it.
    (A named tuple, not a frozen dataclass: a replay builds one per event, and tuples are cheap.)"""

    batch: int
    seqs: tuple[int, ...]
    steps: tuple[Step, ...]
    before: Any
    sampled: bool
    below: Frame | None

    @property
    def has_action(self) -> bool:
        return any(isinstance(step, ActionStep) for step in self.steps)


@dataclass(frozen=True, slots=True)
class Position:
    """A match folded up to ``last_seq``: its state, the submissions in force, the latest events."""

    last_seq: int
    state: Any
    top: Frame | None
    recent: tuple[Event, ...] = ()

    def frames(self) -> Iterator[Frame]:
        """The submissions in force, newest first."""
        frame = self.top
        while frame is not None:
            yield frame
            frame = frame.below

    def steps(self) -> list[Step]:
        """The steps in force, oldest first (what ``core.replay.fold`` needs to rebuild the state)."""
        return [step for frame in reversed(list(self.frames())) for step in frame.steps]


def start(initial: Any) -> Position:
    return Position(0, initial, None)


def fold_events(game: Game[Any], position: Position, events: Iterable[Event]) -> Position:
    """``position`` with ``events`` (the ones right after ``last_seq``, in order) applied."""
    last_seq, state, top = position.last_seq, position.state, position.top
    events = list(events)
    for event in events:
        if event.seq != last_seq + 1:
            raise CorruptLog(f"match {event.match_id}: event {event.seq} follows {last_seq}")
        if event.kind == "undo":
            undoes = tuple(int(seq) for seq in event.payload.get("undoes", ()))
            if top is None or top.seqs != undoes:
                raise CorruptLog(f"match {event.match_id}: undo {event.seq} does not cancel the latest submission")
            state, top = top.before, top.below
        elif event.kind in ("action", "outcome"):
            try:
                step = decode_step(game, event.payload)
                new_state = apply_step(game, state, step)
            except RuleViolation as error:
                raise CorruptLog(f"match {event.match_id}: event {event.seq} does not replay: {error}") from error
            sampled = bool(event.payload.get("sampled"))
            if top is not None and top.batch == event.batch:
                top = Frame(
                    top.batch, (*top.seqs, event.seq), (*top.steps, step), top.before, top.sampled or sampled, top.below
                )
            else:
                top = Frame(event.batch, (event.seq,), (step,), state, sampled, top)
            state = new_state
        else:
            raise CorruptLog(f"match {event.match_id}: event {event.seq} has unknown kind {event.kind!r}")
        last_seq = event.seq
    recent = (*position.recent, *events[-RECENT_EVENTS:])[-RECENT_EVENTS:]
    return Position(last_seq, state, top, recent)
