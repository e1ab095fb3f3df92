"""The match use cases: create, look, act, enter outcomes, submit several steps, undo.

Every write follows one pattern: bring the cached position up to date with the log, check that
the submitter saw the latest state (``expected_seq``, clause M-1), let the engine validate the
steps (its ``RuleViolation`` propagates unchanged and nothing is written), then append the new
events in one atomic batch. If another submission won the race meanwhile, the repository refuses
the batch (``SequenceConflict``) and the submitter gets ``StaleSequence`` with the fresh state.

Per process, a small cache keeps each match's folded ``Position``; every call folds only the
events after the cached seq, so events written by other workers are picked up.

Undo (clauses M-4, M-5; see ``docs/matches.md``) cancels the latest submission still in force;
repeated undo walks further back; an undo cannot itself be undone (there is no redo: submit the
steps again). Refused, because they would be unfair or leak secrets:

* a submission with *sampled* chance outcomes (digital play): undoing it would let a player
  re-roll the dice;
* in a game with hidden information, a submission containing a decision: a seat could change a
  secret decision after seeing what followed it (e.g. the reveal of all votes). Entered chance
  outcomes (a typo at the table) can still be corrected there: after undoing one, the game waits
  for the outcome again and nobody decides in between.

An undo that goes back *past an entered outcome to the decision before it* (the submission holds a
decision followed by an entered outcome, or an entered outcome after it was undone: a risk throw, a
Kniffel replay) needs ``confirm=True`` (M-5a): the table has seen the result, so taking the decision
back is a conscious step; the undo event records ``"confirmed": true``. The snapshot says so in
``undo_passes_outcome`` (the undo button then asks a second time).

Closed means closed (M-10): a match whose game has ended is closed, and stays closed even after a
step is taken back. Any change to a closed match (an undo after the end, a correction entered after
such an undo) needs a written ``reason``, which its events record; the undo after the end also carries
``"after_end": true``. Who may give one (the admin or the treasurer) the adapters check before they
call. Every event records its actor and the request's correlation id (M-11, ``matches.audit``).
"""

from __future__ import annotations

import gc
import json
import logging
import random
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from stammtisch.core.chance import ChanceNode, SkillModel, sample
from stammtisch.core.errors import InvalidNotation, RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished, Game
from stammtisch.core.replay import ActionStep, OutcomeStep, Step, step_to_json
from stammtisch.core.text import Text
from stammtisch.games import GAMES
from stammtisch.matches import audit, log, state_snapshots
from stammtisch.matches.errors import (
    EmptySubmission,
    InvalidMatch,
    InvalidSeat,
    NothingToUndo,
    SequenceConflict,
    StaleSequence,
    UndoRefused,
    UnknownGame,
)
from stammtisch.matches.events import MODES, Event, MatchRecord
from stammtisch.matches.guests import check_joined, joining_name
from stammtisch.matches.log import BelowSnapshot, Frame, Position
from stammtisch.matches.notifier import Notifier
from stammtisch.matches.public import public_event, result_to_json, turn_to_json
from stammtisch.matches.repository import MatchRepository
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.matches.state_codec import UnreadableState
from stammtisch.matches.state_snapshots import SnapshotStore

_log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
RngFactory = Callable[[str], random.Random]
#: Supplies a skill model for a skill chance node in digital play (None: the outcome must be entered).
SkillProvider = Callable[[MatchRecord, ChanceNode], SkillModel | None]
#: A submitted step: (seat, action) or (None, outcome); action/outcome as notation text, JSON or object.
StepInput = tuple[int | None, Any]

#: Longest title and actor name (the columns hold 200 characters).
MAX_TEXT = 200
#: How many matches the per-process cache holds before it forgets the least recently used.
CACHE_SIZE = 512


class _GcPause:
    """Counts nested pauses across threads; the collector runs again when the last one ends."""

    lock = threading.Lock()
    depth = 0
    was_enabled = False


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a log is folded (a pure computation: no I/O may happen
    inside, since the pause holds for every thread of the process). A replay creates tens of
    thousands of objects that all stay alive (every frame keeps its earlier state), so the
    collector would traverse the growing heap again and again for nothing: it took about half
    of a cold replay's time. Reference counting still frees everything as usual."""
    with _GcPause.lock:
        if _GcPause.depth == 0:
            _GcPause.was_enabled = gc.isenabled()
            gc.disable()
        _GcPause.depth += 1
    try:
        yield
    finally:
        with _GcPause.lock:
            _GcPause.depth -= 1
            if _GcPause.depth == 0 and _GcPause.was_enabled:
                gc.enable()


def utc_now() -> datetime:
    return datetime.now(UTC)


def fresh_rng(match_id: str) -> random.Random:
    """The operating system's cryptographically strong source per match (the default, issue 10.5):
    nobody can predict the next deal or throw from the ones seen so far (a Mersenne Twister reveals its
    state after 624 draws). Recorded outcomes replay without any seed; simulations and tests pass a
    seeded ``random.Random`` instead."""
    return random.SystemRandom()


@dataclass(frozen=True, slots=True)
class _Loaded:
    """A match in the cache: its record, game, initial state and folded position."""

    record: MatchRecord
    game: Game[Any]
    initial: Any
    position: Position
    #: Snapshots of this position by seat, built once: under contention every loser of a race is
    #: answered with the same fresh snapshot (bench/hammer.py). Snapshots are never changed once built.
    snapshots: dict[int | None, MatchSnapshot] = field(default_factory=dict, compare=False, repr=False)


class MatchService:
    """Event-sourced matches over a ``MatchRepository``. Thread-safe; one instance per process."""

    def __init__(
        self,
        repository: MatchRepository,
        games: Mapping[str, Game[Any]] | None = None,
        clock: Clock = utc_now,
        rng: RngFactory = fresh_rng,
        notifier: Notifier | None = None,
        skill: SkillProvider | None = None,
        cache_size: int = CACHE_SIZE,
        validate_replay: bool = False,
        snapshot_interval: int = state_snapshots.INTERVAL,
    ) -> None:
        self.repository = repository
        self.games = GAMES if games is None else games
        self.clock = clock
        self._rng_factory = rng
        self.notifier = notifier
        self._skill = skill
        self._cache: OrderedDict[str, _Loaded] = OrderedDict()
        self._rngs: dict[str, random.Random] = {}
        self._cache_size = cache_size
        self.validate_replay = validate_replay
        #: Events between stored state snapshots (``matches.state_snapshots``); 0: none are stored or read.
        self.snapshot_interval = snapshot_interval if isinstance(repository, SnapshotStore) else 0
        self._lock = threading.Lock()

    # --- reading -----------------------------------------------------------------------------
    def snapshot(self, match_id: str, seat: int | None = None) -> MatchSnapshot:
        """The current state of ``match_id`` as ``seat`` may see it (None: the public table)."""
        loaded = self._load(match_id)
        self._check_seat(loaded, seat)
        return self._snapshot(loaded, seat)

    def list_matches(self, limit: int = 50, game: str | None = None) -> list[MatchRecord]:
        return self.repository.list_matches(limit, game)

    def record(self, match_id: str) -> MatchRecord:
        """The match's record (game, mode, options, set-up, players at the start): it never changes, so a
        match this process holds is answered from memory, and one it does not hold is read alone (not folded:
        the season report asks for the records of a season's evenings)."""
        with self._lock:
            cached = self._cache.get(match_id)
        return cached.record if cached is not None else self.repository.get(match_id)

    def players(self, match_id: str) -> list[str]:
        """The names by seat: the record's, then those of the seats that joined the running match (M-12)."""
        return _players(self._load(match_id))

    def events(self, match_id: str, after_seq: int = 0) -> list[Event]:
        """The full log (audit, export). Not seat-safe: adapters must not show it to players of
        games with hidden information before the match is over."""
        return self.repository.events(match_id, after_seq)

    def steps(self, match_id: str) -> list[Step]:
        """The steps in force (undone ones left out), oldest first: ``fold`` of them from the
        initial state is the current state."""
        loaded = self._load(match_id)
        if loaded.position.floor:  # restored from a snapshot: the steps below it are read now
            return self._fold_all(loaded.record, loaded.game, loaded.initial).steps()
        return loaded.position.steps()

    def state(self, match_id: str) -> Any:
        """The raw engine state. For bots' drivers and tests only: it contains every secret."""
        return self._load(match_id).position.state

    def latest(self, match_id: str, seq: int | None = None) -> tuple[MatchRecord, Any, bool]:
        """The record, the raw state (every secret: for the club's bookkeeping, never for a page) and
        whether the match is closed (M-10), as of ``seq`` or later: from this process's memory when it
        knows ``seq`` (a notifier told of a write just made here), else read fresh from the store."""
        with self._lock:
            loaded = self._cache.get(match_id)
        if loaded is None or seq is None or loaded.position.last_seq < seq:
            loaded = self._load(match_id)
        return loaded.record, loaded.position.state, self._closed(loaded)

    # --- writing -----------------------------------------------------------------------------
    def create(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
        mode: str = "table",
        title: str = "",
    ) -> MatchSnapshot:
        """Start a match. The game validates options (``InvalidOption``) and seats/set-up
        (``InvalidSetup``); in digital play the chance events before the first decision are sampled."""
        engine = self._game(game)
        if mode not in MODES:
            raise InvalidMatch(
                "M-7",
                Text(
                    f"Unbekannte Spielweise {mode!r} (erlaubt: {', '.join(MODES)}).",
                    f"Unknown play mode {mode!r} (allowed: {', '.join(MODES)}).",
                ),
            )
        names = [str(name).strip() for name in players]
        if any(not name for name in names):
            raise InvalidMatch("M-7", Text("Jeder Platz braucht einen Namen.", "Every seat needs a name."))
        if len(title) > MAX_TEXT:
            raise InvalidMatch(
                "M-7",
                Text(
                    f"Der Titel ist länger als {MAX_TEXT} Zeichen.", f"The title is longer than {MAX_TEXT} characters."
                ),
            )
        given = dict(options or {})
        if any(option.key == "mode" for option in engine.options):
            given["mode"] = mode
        resolved = engine.configure(given)
        table = dict(setup or {})
        initial = engine.start(len(names), resolved, table)
        record = MatchRecord(
            match_id=uuid.uuid4().hex,
            game=engine.slug,
            rules_version=engine.rules_version,
            options=resolved.to_json(),
            setup=table,
            players=names,
            mode=mode,
            title=title,
            created_at=self.clock(),
        )
        self.repository.create(record)
        loaded = _Loaded(record, engine, initial, log.start(initial))
        self._remember(loaded)
        if mode == "digital":
            events, _ = self._advance(loaded, [], initial, None, 1)
            if events:
                loaded = self._append(loaded, events, None)
        return self._snapshot(loaded, None)

    def act(
        self,
        match_id: str,
        seat: int,
        action: Any,
        expected_seq: int,
        actor: str | None = None,
        *,
        correlation_id: str | None = None,
        reason: str | None = None,
        player: str | None = None,
    ) -> MatchSnapshot:
        """``seat`` takes ``action`` (notation text, JSON dict or action object); ``player``: the name of
        the player the action seats in the running match (M-12)."""
        return self.submit(
            match_id,
            [(seat, action)],
            expected_seq,
            actor,
            seat=seat,
            correlation_id=correlation_id,
            reason=reason,
            player=player,
        )

    def enter_outcome(
        self,
        match_id: str,
        outcome: Any,
        expected_seq: int,
        actor: str | None = None,
        *,
        seat: int | None = None,
        correlation_id: str | None = None,
        reason: str | None = None,
    ) -> MatchSnapshot:
        """Enter the outcome of the pending chance event (read off the real table). The snapshot
        returned (and carried by ``StaleSequence``) is for ``seat`` (None: the public table)."""
        return self.submit(
            match_id, [(None, outcome)], expected_seq, actor, seat=seat, correlation_id=correlation_id, reason=reason
        )

    def submit(
        self,
        match_id: str,
        steps: Sequence[StepInput],
        expected_seq: int,
        actor: str | None = None,
        *,
        seat: int | None = None,
        correlation_id: str | None = None,
        reason: str | None = None,
        player: str | None = None,
    ) -> MatchSnapshot:
        """Several steps at once, all or nothing: ``(seat, action)`` or ``(None, outcome)``.
        The snapshot returned is for ``seat`` (keyword; None: the public table). A closed match takes
        a submission only with a written ``reason`` (M-10). ``player``: the name of the player a step
        seats in the running match (M-12: such a step comes alone and names him; no other step may)."""
        if not steps:
            raise EmptySubmission()
        if player is not None:
            player = joining_name(player, len(steps))
        stamp = _Stamp.of(actor, correlation_id, reason)
        viewer = seat  # the loop below names each step's seat ``acting``
        loaded = self._current(match_id, expected_seq, viewer)
        self._check_seat(loaded, viewer)
        # M-10: a finished match takes no step at all (the engine says so); one taken back after its end
        # is still closed, so the correction needs a reason too.
        if stamp.reason is None and loaded.position.reopened:
            raise MatchClosed()
        engine, state = loaded.game, loaded.position.state
        seated = len(loaded.record.players) + len(loaded.position.joined)
        events: list[Event] = []
        first = loaded.position.last_seq + 1
        digital = loaded.record.mode == "digital"
        for acting, given in steps:
            step: Step
            if acting is None:
                step = OutcomeStep(self._parse(engine, given, outcome=True))
                state = engine.resolve(state, step.outcome)
            else:
                self._check_seat(loaded, acting)
                if digital:
                    events, state = self._advance(loaded, events, state, stamp, first)
                step = ActionStep(acting, self._parse(engine, given, outcome=False))
                state = engine.act(state, acting, step.action)
            events.append(self._event(loaded, first + len(events), first, step, stamp, player=player))
        check_joined(engine.seat_count(state, seated) - seated, player)
        if digital:
            events, state = self._advance(loaded, events, state, stamp, first)
        loaded = self._append(loaded, events, viewer)
        return self._snapshot(loaded, viewer)

    def undo(
        self,
        match_id: str,
        expected_seq: int,
        actor: str | None = None,
        *,
        seat: int | None = None,
        confirm: bool = False,
        correlation_id: str | None = None,
        reason: str | None = None,
    ) -> MatchSnapshot:
        """Cancel the latest submission still in force (all its events); the log keeps both.
        The snapshot returned is for ``seat`` (None: the public table). An undo that passes an
        entered outcome back to the decision before it needs ``confirm`` (M-5a, module docstring);
        an undo in a closed match needs a written ``reason`` (M-10)."""
        stamp = _Stamp.of(actor, correlation_id, reason)
        loaded = self._current(match_id, expected_seq, seat)
        self._check_seat(loaded, seat)
        frame = loaded.position.top
        if frame is None:
            raise NothingToUndo()
        self._check_open(loaded, stamp)
        refusal = undo_refusal(loaded.game, frame, loaded.record.mode)
        if refusal is not None:
            raise refusal
        payload: dict[str, Any] = {"undoes": list(frame.seqs)}
        if self._undo_passes_outcome(match_id, frame):
            if not confirm:
                raise UndoNeedsConfirmation()
            payload["confirmed"] = True
        if self._finished(loaded):
            payload["after_end"] = True
        seq = loaded.position.last_seq + 1
        event = Event(
            match_id, seq, "undo", None, payload, stamp.actor, self.clock(), seq, stamp.correlation_id, stamp.reason
        )
        loaded = self._append(loaded, [event], seat)
        return self._snapshot(loaded, seat)

    def is_closed(self, match_id: str) -> bool:
        """Whether ``match_id`` is closed (M-10): its game ended, or a step was taken back after the end."""
        return self._closed(self._load(match_id))

    # --- internals ---------------------------------------------------------------------------
    @staticmethod
    def _finished(loaded: _Loaded) -> bool:
        return isinstance(loaded.game.turn(loaded.position.state), Finished)

    def _closed(self, loaded: _Loaded) -> bool:
        return loaded.position.reopened or self._finished(loaded)

    def _check_open(self, loaded: _Loaded, stamp: _Stamp) -> None:
        """M-10: a closed match changes only with a written reason."""
        if stamp.reason is None and self._closed(loaded):
            raise MatchClosed()

    def _undo_passes_outcome(self, match_id: str, frame: Frame, last_seq: int | None = None) -> bool:
        """Whether undoing ``frame`` goes back past an entered outcome to the decision before it (M-5a):
        it holds a decision followed by an outcome, or it ends with a decision and the next step entered
        after it (undone since, or the log would not have ``frame`` on top) was an outcome. A decision
        further back (another seat's decision came in between) is no longer "the decision before it"."""
        if not frame.has_action:
            return False
        steps = frame.steps
        first = next(i for i, step in enumerate(steps) if isinstance(step, ActionStep))
        if any(isinstance(step, OutcomeStep) for step in steps[first + 1 :]):
            return True
        if last_seq is not None and last_seq <= frame.seqs[-1]:
            return False  # nothing was entered after it (speed: no read for the usual snapshot)
        for event in self.repository.events(match_id, frame.seqs[-1]):
            if event.kind in ("action", "outcome"):
                return event.kind == "outcome"
        return False

    def _game(self, slug: str) -> Game[Any]:
        try:
            return self.games[slug]
        except KeyError:
            raise UnknownGame(slug, list(self.games)) from None

    def _remember(self, loaded: _Loaded) -> None:
        with self._lock:
            match_id = loaded.record.match_id
            cached = self._cache.get(match_id)
            if cached is None or cached.position.last_seq <= loaded.position.last_seq:
                self._cache[match_id] = loaded
            self._cache.move_to_end(match_id)
            while len(self._cache) > self._cache_size:
                forgotten, _ = self._cache.popitem(last=False)
                self._rngs.pop(forgotten, None)

    def _load(self, match_id: str) -> _Loaded:
        """The match folded up to the newest event in the repository."""
        with self._lock:
            loaded = self._cache.get(match_id)
        if loaded is None:
            record = self.repository.get(match_id)
            engine = self._game(record.game)
            log.check_rules_version(engine, record)
            initial = engine.start(len(record.players), engine.configure(record.options), record.setup)
            loaded = _Loaded(record, engine, initial, self._restore(record, engine, initial))
            self._remember(loaded)
            return loaded
        new = self.repository.events(match_id, loaded.position.last_seq)
        if new:
            # Only the pure fold runs with the collector paused: the read above may wait on the
            # database, and the pause is process-wide (every thread's garbage would pile up meanwhile).
            with paused_gc():
                position = log.fold_events(loaded.game, loaded.position, new, self.validate_replay)
            loaded = _Loaded(loaded.record, loaded.game, loaded.initial, position)
        self._remember(loaded)
        return loaded

    def _restore(self, record: MatchRecord, engine: Game[Any], initial: Any, below: int | None = None) -> Position:
        """A match's position read cold: from its newest usable stored snapshot (with ``seq < below``) and
        the events after it, else from the whole log. A snapshot is passed over when an undo after it
        reaches below it or leaves no submission of its own above it (``matches.state_snapshots``)."""
        store = self.repository if self.snapshot_interval else None
        if isinstance(store, SnapshotStore):
            key = state_snapshots.version(engine, record.rules_version)
            limit = below if below is not None else 2**31 - 1  # past any seq (a 32-bit column)
            while True:
                snapshot = store.latest_snapshot(record.match_id, key, limit)
                if snapshot is None:
                    break
                limit = snapshot.seq
                try:
                    events = self.repository.events(record.match_id, max(snapshot.seq - log.RECENT_EVENTS, 0))
                    position = state_snapshots.restore(snapshot, events)
                    after = [event for event in events if event.seq > snapshot.seq]
                    with paused_gc():
                        position = log.fold_events(engine, position, after, self.validate_replay)
                except (BelowSnapshot, UnreadableState):
                    continue
                if not position.truncated:
                    return position
        position = self._fold_all(record, engine, initial)
        if self.snapshot_interval and position.last_seq >= self.snapshot_interval and below is None:
            self._save_snapshot(record, engine, _below_top(position))
        return position

    def _fold_all(self, record: MatchRecord, engine: Game[Any], initial: Any) -> Position:
        """The whole log folded from the start, read in batches."""
        position = log.start(initial)
        stream = getattr(self.repository, "stream_events", None)
        batches = stream(record.match_id) if stream is not None else [self.repository.events(record.match_id)]
        for batch in batches:  # each batch is read with the collector running, then folded without it
            with paused_gc():
                position = log.fold_events(engine, position, batch, self.validate_replay)
        return position

    def _save_snapshot(self, record: MatchRecord, engine: Game[Any], position: Position | None) -> None:
        """Stores ``position`` as a snapshot; a failure is logged and never fails the write it follows."""
        store = self.repository
        if position is None or not isinstance(store, SnapshotStore):
            return
        try:
            key = state_snapshots.version(engine, record.rules_version)
            store.save_snapshot(record.match_id, state_snapshots.capture(position, key))
        except Exception:
            _log.exception("snapshot of match %s at %s not stored", record.match_id, position.last_seq)

    def refresh(self, match_id: str, seq: int) -> None:
        """Another worker wrote ``match_id`` up to ``seq`` (its notice): fold the new events into this
        process's memory now, if it holds the match, so the next submission here is judged from memory
        (a lost race answered at once) instead of by a failing append and a read (bench/hammer.py)."""
        with self._lock:
            cached = self._cache.get(match_id)
        if cached is not None and cached.position.last_seq < seq:
            self._load(match_id)

    def stale_in_memory(self, match_id: str, expected_seq: int, seat: int | None = None) -> StaleSequence | None:
        """The ``StaleSequence`` a submission based on ``expected_seq`` will get, when this process
        already knows a newer position (sequence numbers only grow, so no read can make it current);
        None when only the database can tell. Lets the web answer a lost race without a worker thread
        (bench/hammer.py); the snapshot may be a step behind another worker's newest one, which the
        next attempt then sees."""
        with self._lock:
            loaded = self._cache.get(match_id)
        if loaded is None or not isinstance(expected_seq, int) or expected_seq >= loaded.position.last_seq:
            return None
        return self._stale(loaded, expected_seq, seat)

    def _current(self, match_id: str, expected_seq: int, seat: int | None) -> _Loaded:
        """The fresh match, if the submitter saw its latest state; else ``StaleSequence``. When this
        process's memory is at ``expected_seq`` the store is not read first: the append that follows
        writes only if the log is still there (M-1), and a write from another process in between
        turns into ``StaleSequence`` with the fresh state (``_append``). One read less per write."""
        with self._lock:
            cached = self._cache.get(match_id)
        if cached is not None and cached.position.last_seq == expected_seq:
            return cached
        loaded = self._load(match_id)
        if expected_seq != loaded.position.last_seq:
            raise self._stale(loaded, expected_seq, seat)
        return loaded

    def _stale(self, loaded: _Loaded, expected_seq: int, seat: int | None) -> StaleSequence:
        if seat is not None and not 0 <= seat < len(loaded.record.players) + len(loaded.position.joined):
            seat = None
        return StaleSequence(expected_seq, loaded.position.last_seq, self._snapshot(loaded, seat))

    def _append(self, loaded: _Loaded, events: list[Event], seat: int | None) -> _Loaded:
        match_id = loaded.record.match_id
        try:
            self.repository.append(match_id, events)
        except SequenceConflict:
            fresh = self._load(match_id)
            raise self._stale(fresh, loaded.position.last_seq, seat) from None
        position = log.fold_events(loaded.game, loaded.position, events)
        if position.truncated:  # an undo took back the last submission above a snapshot: read further back
            position = self._restore(loaded.record, loaded.game, loaded.initial, below=position.floor)
        elif self.snapshot_interval and state_snapshots.due(
            loaded.position.last_seq, position.last_seq, self.snapshot_interval
        ):
            self._save_snapshot(loaded.record, loaded.game, _below_top(position))
        loaded = _Loaded(loaded.record, loaded.game, loaded.initial, position)
        self._remember(loaded)
        if self.notifier is not None:
            try:
                self.notifier.publish(match_id, position.last_seq)
            except Exception:  # the write stands; a lost notification only delays a refresh
                _log.exception("notifying about match %s failed", match_id)
        return loaded

    def rng(self, match_id: str) -> random.Random:
        """The match's random generator in this process (digital play's chance events; the digital
        table's bots draw from it too, so there is one generator per match, not one per use case)."""
        return self._rng(match_id)

    def _rng(self, match_id: str) -> random.Random:
        with self._lock:
            rng = self._rngs.get(match_id)
            if rng is None:
                rng = self._rngs[match_id] = self._rng_factory(match_id)
            return rng

    def _advance(
        self, loaded: _Loaded, events: list[Event], state: Any, stamp: _Stamp | None, batch: int
    ) -> tuple[list[Event], Any]:
        """Digital play: sample chance events while the game waits for one that can be sampled."""
        engine = loaded.game
        events = list(events)
        while True:
            turn = engine.turn(state)
            if not isinstance(turn, Chance):
                return events, state
            node = turn.node
            model = None
            if not node.distribution.has_probabilities:
                model = self._skill(loaded.record, node) if self._skill is not None else None
                if model is None:
                    return events, state
            outcome = sample(node, self._rng(loaded.record.match_id), model)
            state = engine.resolve(state, outcome)
            step = OutcomeStep(outcome)
            seq = loaded.position.last_seq + len(events) + 1
            events.append(self._event(loaded, seq, batch, step, stamp, sampled=True))

    def _event(
        self,
        loaded: _Loaded,
        seq: int,
        batch: int,
        step: Step,
        stamp: _Stamp | None,
        sampled: bool = False,
        player: str | None = None,
    ) -> Event:
        payload = step_to_json(loaded.game, step)
        if sampled:
            payload["sampled"] = True
        if player is not None:
            payload["player"] = player  # M-12: the name of the player this step seats
        stamp = stamp or _Stamp.of(None, None, None)
        kind, seat = ("action", step.seat) if isinstance(step, ActionStep) else ("outcome", None)
        return Event(
            loaded.record.match_id,
            seq,
            kind,
            seat,
            payload,
            stamp.actor,
            self.clock(),
            batch,
            stamp.correlation_id,
            stamp.reason,
        )

    @staticmethod
    def _parse(engine: Game[Any], given: Any, outcome: bool) -> Any:
        """Notation text, JSON text, a JSON dict, or already an action/outcome object."""
        if isinstance(given, str) and given.lstrip().startswith("{"):
            try:
                given = json.loads(given)
            except json.JSONDecodeError as error:
                raise InvalidNotation(
                    f"{engine.slug}/notation",
                    Text(f"Kein gültiges JSON: {error.msg}", f"Not valid JSON: {error.msg}"),
                ) from None
        if isinstance(given, str):
            return engine.parse_outcome(given) if outcome else engine.parse_action(given)
        if isinstance(given, dict):
            return engine.outcome_from_json(given) if outcome else engine.action_from_json(given)
        allowed = engine.outcome_types if outcome else engine.action_types
        if allowed and not isinstance(given, allowed):
            raise InvalidNotation(
                f"{engine.slug}/notation",
                Text(
                    f"{type(given).__name__} ist kein {'Ergebnis' if outcome else 'Zug'} dieses Spiels.",
                    f"{type(given).__name__} is not {'an outcome' if outcome else 'an action'} of this game.",
                ),
            )
        return given

    @staticmethod
    def _check_seat(loaded: _Loaded, seat: int | None) -> None:
        seats = len(loaded.record.players) + len(loaded.position.joined)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats):
            raise InvalidSeat(seat, seats)

    def _snapshot(self, loaded: _Loaded, seat: int | None) -> MatchSnapshot:
        snapshot = loaded.snapshots.get(seat)
        if snapshot is None:
            snapshot = loaded.snapshots[seat] = self._build_snapshot(loaded, seat)
        return snapshot

    def _build_snapshot(self, loaded: _Loaded, seat: int | None) -> MatchSnapshot:
        engine, record, position = loaded.game, loaded.record, loaded.position
        state = position.state
        turn = engine.turn(state)
        hidden = engine.info.hidden_information
        legal: list[dict[str, Any]] = []
        if isinstance(turn, Decision):
            if seat is not None:
                seats: tuple[int, ...] = (seat,) if seat in turn.seats else ()
            else:
                seats = () if hidden else turn.seats
            for acting in seats:
                for action in engine.legal_actions(state, acting):
                    legal.append(
                        {
                            "seat": acting,
                            "notation": engine.format_action(action),
                            "action": engine.action_to_json(action),
                            "label": engine.describe_action(state, action).to_json(),
                        }
                    )
        can_undo = position.top is not None and undo_refusal(engine, position.top, record.mode) is None
        players = _players(loaded)
        return MatchSnapshot(
            match_id=record.match_id,
            game=record.game,
            title=record.title,
            mode=record.mode,
            players=players,
            seq=position.last_seq,
            options=dict(record.options),
            view=dict(engine.view(state, seat)),  # a game's TypedDict, as the snapshot's plain dict
            turn=turn_to_json(turn),
            legal=legal,
            result=result_to_json(engine.result(state)),
            can_undo=can_undo,
            undo_passes_outcome=can_undo
            and position.top is not None
            and self._undo_passes_outcome(record.match_id, position.top, position.last_seq),
            last_events=[public_event(engine, record, event, seat, players) for event in position.recent],
            seat=seat,
            rules_version=record.rules_version,
            created_at=record.created_at.isoformat(),
            closed=position.reopened or isinstance(turn, Finished),
        )


def _below_top(position: Position) -> Position | None:
    """The position just before its newest submission in force (a snapshot there leaves that submission
    above it, so a load from it knows what an undo would take back); None when there is none."""
    top = position.top
    if top is None or top.seqs[0] != top.batch or top.seqs[0] <= 1:
        return None
    joined = tuple(seat for seat in position.joined if seat[0] not in top.seqs)
    return Position(top.seqs[0] - 1, top.before, top.below, (), position.reopened, joined, position.floor)


def _players(loaded: _Loaded) -> list[str]:
    """The names by seat, with the seats that joined the running match (M-12)."""
    joined = loaded.position.joined
    return [*loaded.record.players, *(name for _, name in joined)] if joined else list(loaded.record.players)


def _check_actor(actor: str | None) -> None:
    if actor is not None and len(actor) > MAX_TEXT:
        raise InvalidMatch(
            "M-7",
            Text(
                f"Der Name des Eintragenden ist länger als {MAX_TEXT} Zeichen.",
                f"The actor's name is longer than {MAX_TEXT} characters.",
            ),
        )


#: Longest written reason for a change to a closed match (M-10).
MAX_REASON = 500


@dataclass(frozen=True, slots=True)
class _Stamp:
    """What every event of one write records: its actor, the request's correlation id (M-11) and, for a
    change to a closed match, the written reason (M-10)."""

    actor: str | None
    correlation_id: str | None
    reason: str | None

    @classmethod
    def of(cls, actor: str | None, correlation_id: str | None, reason: str | None) -> _Stamp:
        """Checked values; a missing actor or correlation id is the one bound to the current request."""
        actor = actor if actor is not None else audit.current_actor()
        _check_actor(actor)
        if correlation_id is None:
            correlation_id = audit.current_correlation_id()
        if reason is None:  # a correction's reason given once for the whole request (web.correction)
            reason = audit.current_reason()
        if correlation_id is not None and not audit.valid_correlation_id(correlation_id):
            raise InvalidMatch(
                "M-11",
                Text(
                    "Die Korrelationskennung darf nur Buchstaben, Ziffern und ._:- enthalten, "
                    f"höchstens {audit.MAX_CORRELATION_ID} Zeichen.",
                    "The correlation id may hold only letters, digits and ._:-, "
                    f"at most {audit.MAX_CORRELATION_ID} characters.",
                ),
            )
        if reason is not None:
            reason = " ".join(str(reason).split())
            if not reason:
                raise MatchClosed(empty_reason=True)
            if len(reason) > MAX_REASON:
                raise InvalidMatch(
                    "M-10",
                    Text(
                        f"Die Begründung ist {len(reason)} Zeichen lang; erlaubt sind höchstens {MAX_REASON}.",
                        f"The reason is {len(reason)} characters long; at most {MAX_REASON} are allowed.",
                    ),
                )
        return cls(actor, correlation_id, reason)


class MatchClosed(RuleViolation):
    """M-10: the match has ended, so it is closed; taking a step back or changing it needs a written
    reason (and, at the adapters, the admin or the treasurer). Nothing is written."""

    code = "match/closed"

    def __init__(self, empty_reason: bool = False) -> None:
        empty = Text("Die angegebene Begründung ist leer. ", "The reason given is empty. ")
        already = empty if empty_reason else Text("", "")
        super().__init__(
            "M-10",
            Text(
                already.de + "Diese Partie ist beendet und damit abgeschlossen. Eine Rücknahme oder Änderung ist "
                "nur mit einer schriftlichen Begründung möglich (durch den Admin oder den Kassenwart); "
                "sie wird mit ihr im Verlauf vermerkt.",
                already.en + "This match has ended and is therefore closed. Taking a step back or changing it "
                "needs a written reason (given by the admin or the treasurer); the log keeps it with the change.",
            ),
        )


class UndoNeedsConfirmation(UndoRefused):
    """M-5a: the undo would take back a decision whose entered outcome the table has already seen;
    it is done only with an explicit confirmation (``confirm=True``), which the undo event records."""

    code = "match/undo_needs_confirmation"

    def __init__(self) -> None:
        super().__init__(
            "M-5a",
            Text(
                "Diese Rücknahme geht hinter ein schon eingetragenes Ergebnis zurück (z. B. einen Wurf) bis zur "
                "Entscheidung davor. Alle am Tisch haben das Ergebnis gesehen: bitte ausdrücklich bestätigen.",
                "This undo goes back past a result already entered (e.g. a throw) to the decision before it. "
                "Everybody at the table has seen that result: please confirm explicitly.",
            ),
        )


def undo_refusal(game: Game[Any], frame: Frame, mode: str = "table") -> RuleViolation | None:
    """Why the submission ``frame`` may not be undone (clause M-5), or None if it may.

    Secret decisions are made in the app only in digital play. At a real table (table mode, score
    sheet) the scribe writes down what the table has seen, so a typo there may be taken back, even in a
    game that hides hands in digital play (M-5a still asks before going back past an entered outcome)."""
    if frame.sampled:
        return UndoRefused(
            "M-5",
            Text(
                "Gewürfelte oder gezogene Zufallsergebnisse lassen sich im Digitalspiel nicht zurücknehmen "
                "(sonst könnte man neu würfeln).",
                "Sampled chance outcomes cannot be undone in digital play (that would allow re-rolling).",
            ),
        )
    if game.info.hidden_information and frame.has_action and mode == "digital":
        return UndoRefused(
            "M-5",
            Text(
                "In Spielen mit verdeckten Informationen lassen sich Entscheidungen nicht zurücknehmen; "
                "nur eingegebene Zufallsergebnisse.",
                "In games with hidden information decisions cannot be undone; only entered chance outcomes can.",
            ),
        )
    return None
