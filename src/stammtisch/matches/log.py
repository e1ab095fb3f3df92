"""Folding a match's events into its current state, incrementally.

A ``Position`` is a log folded up to ``last_seq``. Its submissions that are still in force form a
stack of ``Frame``s (an immutable linked list, so pushing and popping copy nothing); each frame
keeps the state *before* its batch, so undo restores that state exactly without replaying the
whole log. Folding more events onto a position never changes the position it started from, so
cached positions can be shared between threads.

A position restored from a stored state snapshot (``matches.state_snapshots``) starts at its ``floor``:
the submissions at or below it are not in its stack. Folding an undo that would reach below the floor
raises ``BelowSnapshot``, and the loader folds again from an older snapshot (or the whole log).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Game
from stammtisch.core.replay import ActionStep, OutcomeStep, Step, step_from_json
from stammtisch.matches.errors import CorruptLog, UnknownRulesVersion
from stammtisch.matches.events import Event, MatchRecord

#: How many of the latest events a position remembers for ``MatchSnapshot.last_events``.
RECENT_EVENTS = 8
#: Decoded steps kept per process. Logs repeat the same few payloads (a throw, the same dice
#: multisets), and decoding JSON into validated dataclasses is the dearest part of a replay.
DECODED_STEPS = 50_000

_decoded: dict[tuple[type, str, str], Step] = {}
_by_identity: dict[tuple[int, type, str], tuple[dict[str, Any], Step]] = {}


def decode_step(game: Game[Any], payload: dict[str, Any]) -> Step:
    """``step_from_json``, memoized. Steps are immutable values, so sharing them is safe. The key is
    the payload object itself (storage hands out one shared dict per distinct JSON text; the entry
    pins it, so its id cannot be reused), else its ``repr`` (equal reprs mean equal JSON values)."""
    identity = (id(payload), type(game), game.slug)
    known = _by_identity.get(identity)
    if known is not None and known[0] is payload:
        return known[1]
    key = (type(game), game.slug, repr(payload))
    step = _decoded.get(key)
    if step is None:
        step = step_from_json(game, payload)
        if len(_decoded) >= DECODED_STEPS:
            _decoded.clear()
        _decoded[key] = step
    if len(_by_identity) >= DECODED_STEPS:
        _by_identity.clear()
    _by_identity[identity] = (payload, step)
    return step


class BelowSnapshot(Exception):
    """An undo (or a batch) reaches below the snapshot a position was restored from: fold from further back."""


class Frame(NamedTuple):
    """One submission in force: its event seqs and steps, and the state before it.
    (A named tuple, not a frozen dataclass: a replay builds thousands, and tuples are cheap.)"""

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
    """A match folded up to ``last_seq``: its state, the submissions in force, the latest events.
    ``reopened``: a submission was undone after the match had ended (M-10), so the match stays closed
    although its state is no longer finished."""

    last_seq: int
    state: Any
    top: Frame | None
    recent: tuple[Event, ...] = ()
    reopened: bool = False
    #: Seats that joined the running match (M-12): (seq of the step that seated him, his name), in force.
    joined: tuple[tuple[int, str], ...] = ()
    #: The seq of the stored snapshot this position was restored from (0: folded from the start). The
    #: submissions up to it are not in ``frames()``.
    floor: int = 0

    @property
    def truncated(self) -> bool:
        """Restored from a snapshot with no submission of its own above it: ``top`` is unknown, not empty."""
        return self.top is None and self.floor > 0

    def frames(self) -> Iterator[Frame]:
        """The submissions in force, newest first."""
        frame = self.top
        while frame is not None:
            yield frame
            frame = frame.below

    def steps(self) -> list[Step]:
        """The steps in force, oldest first (what ``core.replay.fold`` needs to rebuild the state).
        Only a position folded from the start knows them all (``floor`` 0)."""
        if self.floor:
            raise BelowSnapshot("the steps below a snapshot are not in this position")
        return [step for frame in reversed(list(self.frames())) for step in frame.steps]


def check_rules_version(game: Game[Any], record: MatchRecord) -> None:
    """Refuse (``UnknownRulesVersion``, M-9) to replay a match that was played under a rules version
    this code does not replay exactly: the current one or one the game declares compatible."""
    if not game.replays(record.rules_version):
        known = (game.rules_version, *game.compatible_rules_versions)
        raise UnknownRulesVersion(record.match_id, game.slug, record.rules_version, known)


def start(initial: Any) -> Position:
    return Position(0, initial, None)


def fold_events(game: Game[Any], position: Position, events: Iterable[Event], validate: bool = False) -> Position:
    """``position`` with ``events`` (the ones right after ``last_seq``, in order) applied.

    Stored events are facts: every one was checked by the rules when it was submitted, and the
    engine is deterministic, so by default they are applied without the pre-checks again (as
    event-sourced aggregates do; about a fifth of a replay's time). ``validate=True`` runs the
    full checks (``core.replay.apply_step``) for audits; the tests check both agree."""
    apply_action, apply_outcome = (game.act, game.resolve) if validate else (game.apply_action, game.apply_outcome)
    decode = decode_step
    last_seq, state, top = position.last_seq, position.state, position.top
    reopened = position.reopened
    joined = position.joined
    floor = position.floor
    events = list(events)
    # The submission being folded is collected in plain lists and becomes a Frame when it ends,
    # so a replay builds one frame per batch rather than one per event.
    open_batch: int | None = None
    seqs: list[int] = []
    steps: list[Step] = []
    before: Any = None
    sampled = False
    for event in events:
        seq = event.seq
        if seq != last_seq + 1:
            raise CorruptLog(f"match {event.match_id}: event {seq} follows {last_seq}")
        kind = event.kind
        if kind == "action" or kind == "outcome":
            if event.batch != open_batch:
                if open_batch is not None:
                    top = Frame(open_batch, tuple(seqs), tuple(steps), before, sampled, top)
                elif top is not None and top.batch == event.batch:  # continues a batch folded earlier
                    seqs, steps, before, sampled = list(top.seqs), list(top.steps), top.before, top.sampled
                    top = top.below
                    open_batch = event.batch
                elif top is None and event.batch <= floor:  # continues a batch below the snapshot
                    raise BelowSnapshot(f"match {event.match_id}: event {seq} continues a batch below seq {floor}")
                if open_batch != event.batch:
                    open_batch, seqs, steps, before, sampled = event.batch, [], [], state, False
            # Only what is wrong with the stored event is a corrupt log: a payload that does not
            # decode, a step of the other kind, a step the rules refuse. Anything else the engine
            # raises while applying a decoded step is a bug in the engine and propagates as it is.
            payload = event.payload
            if not isinstance(payload, dict):
                raise CorruptLog(f"match {event.match_id}: event {seq} has no JSON object as payload")
            try:
                step = decode(game, payload)
            except (RuleViolation, KeyError, TypeError, ValueError) as error:
                raise CorruptLog(f"match {event.match_id}: event {seq} cannot be read: {error!r}") from error
            try:
                if kind == "action":
                    if not isinstance(step, ActionStep):
                        raise CorruptLog(f"match {event.match_id}: event {seq} is not an action")
                    state = apply_action(state, step.seat, step.action)
                    if "player" in payload:  # M-12: the step seated a new player, named in its event
                        joined = (*joined, (seq, str(payload["player"])))
                else:
                    if not isinstance(step, OutcomeStep):
                        raise CorruptLog(f"match {event.match_id}: event {seq} is not an outcome")
                    state = apply_outcome(state, step.outcome)
                    sampled = sampled or bool(payload.get("sampled"))
            except RuleViolation as error:
                raise CorruptLog(f"match {event.match_id}: event {seq} does not replay: {error}") from error
            seqs.append(seq)
            steps.append(step)
        elif kind == "undo":
            if open_batch is not None:
                top = Frame(open_batch, tuple(seqs), tuple(steps), before, sampled, top)
                open_batch = None
            try:
                undoes = tuple(int(undone) for undone in event.payload.get("undoes", ()))
            except (AttributeError, TypeError, ValueError) as error:  # a payload that is no {"undoes": [seq, ...]}
                raise CorruptLog(f"match {event.match_id}: undo {seq} cannot be read: {error!r}") from error
            if top is None and floor:
                raise BelowSnapshot(f"match {event.match_id}: undo {seq} reaches below seq {floor}")
            if top is None or top.seqs != undoes:
                raise CorruptLog(f"match {event.match_id}: undo {seq} does not cancel the latest submission")
            state, top = top.before, top.below
            reopened = reopened or bool(event.payload.get("after_end"))
            if joined:
                joined = tuple(seat for seat in joined if seat[0] not in undoes)
        else:
            raise CorruptLog(f"match {event.match_id}: event {seq} has unknown kind {kind!r}")
        last_seq = seq
    if open_batch is not None:
        top = Frame(open_batch, tuple(seqs), tuple(steps), before, sampled, top)
    recent = (*position.recent, *events[-RECENT_EVENTS:])[-RECENT_EVENTS:]
    return Position(last_seq, state, top, recent, reopened, joined, floor)
