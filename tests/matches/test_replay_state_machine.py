"""Replay equals live state: a hypothesis state machine over the match service.

Random acts, entered outcomes, undos and stale submissions; after each, a fresh service on the
same repository (cold cache, full replay) yields the same snapshot for every seat and the table,
folding the steps in force rebuilds the live state, and undo restores the exact earlier state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision
from stammtisch.core.replay import fold
from stammtisch.games import GAMES
from stammtisch.matches import InMemoryRepository, MatchService, StaleSequence, UndoRefused
from stammtisch.matches.repository import MatchRepository
from stammtisch.matches.service import MatchClosed, UndoNeedsConfirmation
from tests.matches.conftest import all_games, make_service


class MatchMachine(RuleBasedStateMachine):
    slug = "toy"
    mode = "table"
    seats = 2

    def make_repository(self) -> MatchRepository:
        return InMemoryRepository()

    def __init__(self) -> None:
        super().__init__()
        self.repository = self.make_repository()
        # a fixed seed: hypothesis needs the same draws for the same choices (match ids are random)
        self.service = make_service(self.repository, rng=lambda match_id: random.Random(0))
        self.game = all_games()[self.slug]
        self.history: list[Any] = []  # states before each submission in force

    @initialize()
    def create(self) -> None:
        players = [f"P{i + 1}" for i in range(self.seats)]
        self.match = self.service.create(self.slug, players, mode=self.mode).match_id
        self.history = []

    @property
    def seq(self) -> int:
        return self.service.snapshot(self.match).seq

    def turn(self) -> Any:
        return self.game.turn(self.service.state(self.match))

    def reason(self) -> str | None:
        """M-10: a closed match changes only with a written reason (the admin's, at the adapters)."""
        return "Falsch eingetragen" if self.service.snapshot(self.match).closed else None

    def _submitted(self, before_state: Any, before_seq: int) -> None:
        if self.service.snapshot(self.match).seq > before_seq:
            self.history.append(before_state)

    @precondition(lambda self: isinstance(self.turn(), Decision))
    @rule(data=st.data(), as_json=st.booleans())
    def act(self, data: st.DataObject, as_json: bool) -> None:
        turn = self.turn()
        seat = data.draw(st.sampled_from(turn.seats))
        legal = self.service.snapshot(self.match, seat).legal
        choice = data.draw(st.sampled_from(legal))
        before, seq = self.service.state(self.match), self.seq
        notation = choice["action"] if as_json else choice["notation"]
        player = self.joining(before, seat, choice["notation"])
        self.service.act(self.match, seat, notation, seq, reason=self.reason(), player=player)
        self._submitted(before, seq)

    def joining(self, state: Any, seat: int, notation: str) -> str | None:
        """M-12: a step that seats someone new (the game counts one seat more after it) names him."""
        seats = self.game.seat_count(state, self.seats)
        after = self.game.act(state, seat, self.game.parse_action(notation))
        return f"Neu {seats + 1}" if self.game.seat_count(after, self.seats) > seats else None

    @precondition(lambda self: isinstance(self.turn(), Chance))
    @rule(data=st.data())
    def enter_outcome(self, data: st.DataObject) -> None:
        node = self.turn().node
        outcome = data.draw(st.sampled_from(node.outcomes()))
        before, seq = self.service.state(self.match), self.seq
        self.service.enter_outcome(self.match, self.game.format_outcome(outcome), seq, reason=self.reason())
        self._submitted(before, seq)

    @precondition(lambda self: isinstance(self.turn(), Decision))
    @rule(data=st.data())
    def submit_several(self, data: st.DataObject) -> None:
        """Every waiting seat's choice in one submission: stored all together, or (when the rules
        refuse one of them, e.g. a stand-in seat after its partner acted) not at all."""
        steps = []
        for seat in self.turn().seats:
            legal = self.service.snapshot(self.match, seat).legal
            steps.append((seat, data.draw(st.sampled_from(legal))["notation"]))
        before, seq, events = self.service.state(self.match), self.seq, self.service.events(self.match)
        try:
            self.service.submit(self.match, steps, seq, reason=self.reason())
        except RuleViolation:
            assert self.service.events(self.match) == events
            return
        self._submitted(before, seq)
        assert {e.batch for e in self.service.events(self.match, seq)} == {seq + 1}

    @rule(confirm=st.booleans())
    def undo(self, confirm: bool) -> None:
        """M-5: undo what the snapshot offers to undo; M-5a: past an entered outcome only confirmed."""
        events, seq = self.service.events(self.match), self.seq
        snapshot = self.service.snapshot(self.match)
        if snapshot.closed and snapshot.can_undo:
            with pytest.raises(MatchClosed):  # M-10: not without a reason
                self.service.undo(self.match, seq, confirm=True)
            assert self.service.events(self.match) == events
        try:
            self.service.undo(self.match, seq, confirm=confirm, reason=self.reason())
        except UndoNeedsConfirmation:
            assert snapshot.can_undo and snapshot.undo_passes_outcome and not confirm
            assert self.service.events(self.match) == events
            return
        except (UndoRefused, RuleViolation):
            assert not snapshot.can_undo
            assert self.service.events(self.match) == events
            return
        assert snapshot.can_undo and (confirm or not snapshot.undo_passes_outcome)
        assert self.service.state(self.match) == self.history.pop()

    @rule(offset=st.sampled_from([-2, -1, 1, 3]))
    def stale(self, offset: int) -> None:
        events, seq = self.service.events(self.match), self.seq
        if seq + offset < 0:
            return
        try:
            self.service.undo(self.match, seq + offset)
        except StaleSequence as error:
            assert error.snapshot is not None and error.snapshot.seq == seq
        assert self.service.events(self.match) == events

    @invariant()
    def replay_equals_live(self) -> None:
        if not hasattr(self, "match"):
            return
        fresh = make_service(self.repository)  # trusted replay, as in production
        audit = make_service(self.repository, validate_replay=True)  # every stored step re-checked
        for seat in (*range(self.seats), None):
            live = self.service.snapshot(self.match, seat)
            assert fresh.snapshot(self.match, seat) == live
            assert audit.snapshot(self.match, seat) == live
        record = self.service.record(self.match)
        initial = self.game.start(self.seats, self.game.configure(record.options), record.setup)
        assert fold(self.game, initial, self.service.steps(self.match)) == self.service.state(self.match)
        seqs = [e.seq for e in self.service.events(self.match)]
        assert seqs == list(range(1, len(seqs) + 1))


def machine(slug: str, mode: str, seats: int, base: type = MatchMachine, examples: int = 25) -> Any:
    cls = type(f"Machine_{slug}_{mode}", (base,), {"slug": slug, "mode": mode, "seats": seats})
    cls.TestCase.settings = settings(
        max_examples=examples, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    return cls.TestCase


TestHiddenToyTable = machine("toy", "table", 3)
TestOpenToyTable = machine("toy-open", "table", 2)
TestOpenToyDigital = machine("toy-open", "digital", 2)
TestDealToyDigital = machine("toy-deal", "digital", 2)


TestKluempchenTable = machine("kluempchen", "table", 4)
TestKluempchenDigital = machine("kluempchen", "digital", 4)

# Every other registered game at the fewest seats, in the first of its play modes that the machine
# drives (table: outcomes entered; digital: outcomes drawn by the service), with fewer examples.
for _slug, _game in GAMES.items():
    _mode = next((m for m in ("table", "digital") if m in _game.info.play_modes), None)
    if _slug != "kluempchen" and _mode is not None:
        globals()[f"Test_{_slug}_{_mode}"] = machine(_slug, _mode, _game.min_seats, examples=8)


def test_random_seeds_do_not_matter_for_replay() -> None:
    """The log, not the seed, is the record: a service with another rng factory replays alike."""
    service = make_service(rng=lambda match_id: random.Random(1))
    match = service.create("toy-open", ["A", "B"], {"rounds": 4}, mode="digital").match_id
    snap = service.snapshot(match)
    while snap.turn["kind"] == "decision":
        for seat in snap.turn["seats"]:
            snap = service.act(match, seat, "pick 3", snap.seq)
    other = MatchService(service.repository, games=all_games(), rng=lambda match_id: random.Random(2))
    assert other.snapshot(match) == service.snapshot(match)
