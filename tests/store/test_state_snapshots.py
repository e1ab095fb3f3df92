"""Stored state snapshots (issue 28, ``matches.state_snapshots``): a load from a snapshot is the full replay.

* Every reachable state of every game survives the state codec (through JSON) unchanged.
* Over random matches of every game with random undo (M-4, M-5, M-10 with a reason), a cold load that uses
  the stored snapshots gives exactly what a load folding the whole log gives: state, seq, the submissions an
  undo would take back, the latest events, the snapshot a client sees; also after undos walk back below a
  snapshot (a snapshot past an undone step is never used). SQLite, and PostgreSQL with
  ``STAMMTISCH_TEST_DATABASE_URL``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.testing import UniformSkill
from stammtisch.games import GAMES
from stammtisch.matches import MatchService, state_codec
from stammtisch.store import open_store
from stammtisch.store.read_model_tables import match_state_snapshots
from tests.matches.conftest import TickingClock

SLUGS = sorted(GAMES)


def _seats(slug: str, seed: int) -> int:
    game = GAMES[slug]
    return min(game.min_seats + seed % 3, game.max_seats)


def _walk(slug: str, seed: int, steps: int) -> list[Any]:
    """The states of one random playout (legal actions and sampled outcomes drawn from ``seed``)."""
    game = GAMES[slug]
    rng = random.Random(seed)
    state = game.start(_seats(slug, seed), game.configure({}), {})
    states = [state]
    for _ in range(steps):
        turn = game.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = game.resolve(state, sample(turn.node, rng, UniformSkill()))
        else:
            seat = turn.seats[0]
            state = game.act(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_state_survives_the_codec(slug: str, seed: int) -> None:
    for state in _walk(slug, seed, 400)[::7]:
        assert state_codec.decode(json.loads(json.dumps(state_codec.encode(state)))) == state


def test_the_codec_reads_only_this_projects_classes() -> None:
    document = {"format": state_codec.FORMAT, "classes": ["os:system"], "state": {"c": 0, "f": []}}
    with pytest.raises(state_codec.UnreadableState):
        state_codec.decode(document)


def _seen(service: MatchService, match_id: str) -> tuple[Any, ...]:
    """Everything a load decides: the state, the seq, the submissions in force above any snapshot
    (what undo takes back next), the latest events and the public snapshot."""
    snapshot = service.snapshot(match_id)
    loaded = service._load(match_id)  # noqa: SLF001 - the position is what the snapshots must reproduce
    top = loaded.position.top
    return (
        service.state(match_id),
        loaded.position.last_seq,
        loaded.position.reopened,
        loaded.position.joined,
        tuple(event.seq for event in loaded.position.recent),
        (top.seqs, top.before, top.sampled) if top is not None else None,
        snapshot.to_json(),
    )


def _play(service: MatchService, match_id: str, rng: random.Random, moves: int, undo_share: float) -> None:
    game = GAMES[service.record(match_id).game]
    skill = UniformSkill()
    for _ in range(moves):
        snapshot = service.snapshot(match_id)
        if rng.random() < undo_share and snapshot.can_undo:
            reason = "Korrektur" if snapshot.closed else None
            service.undo(match_id, snapshot.seq, confirm=True, reason=reason)
            continue
        state = service.state(match_id)
        turn = game.turn(state)
        if isinstance(turn, Finished):
            if snapshot.can_undo:
                service.undo(match_id, snapshot.seq, confirm=True, reason="Korrektur")
            continue
        try:
            if isinstance(turn, Chance):
                service.enter_outcome(match_id, sample(turn.node, rng, skill), snapshot.seq)
            else:
                seat = turn.seats[0]
                action = rng.choice(game.legal_actions(state, seat))
                service.submit(
                    match_id, [(seat, action)], snapshot.seq, reason="Korrektur" if snapshot.closed else None
                )
        except RuleViolation:
            continue


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), interval=st.integers(2, 9), undo_share=st.sampled_from([0.0, 0.15, 0.5]))
def test_a_load_from_snapshots_is_the_full_replay(
    slug: str, seed: int, interval: int, undo_share: float, sql_url: str
) -> None:
    store = open_store(sql_url)
    try:
        rng = random.Random(seed)
        writer = MatchService(store.repository, clock=TickingClock(), snapshot_interval=interval)
        seats = _seats(slug, seed)
        match_id = writer.create(slug, [f"P{i}" for i in range(seats)], mode="table").match_id
        for _round in range(3):
            _play(writer, match_id, rng, 60, undo_share)
            from_snapshots = MatchService(store.repository, snapshot_interval=interval)
            from_scratch = MatchService(store.repository, snapshot_interval=0)
            assert _seen(from_snapshots, match_id) == _seen(from_scratch, match_id)
            # Undo from a position restored from a snapshot walks back exactly as from the full fold.
            for _ in range(rng.randint(0, 4)):
                snapshot = from_snapshots.snapshot(match_id)
                if not snapshot.can_undo:
                    break
                from_snapshots.undo(match_id, snapshot.seq, confirm=True, reason="Korrektur")
                assert _seen(from_snapshots, match_id) == _seen(
                    MatchService(store.repository, snapshot_interval=0), match_id
                )
            writer = from_snapshots
    finally:
        store.close()


def test_long_matches_store_snapshots_and_load_from_them(sqlite_url: str) -> None:
    """A match of a few hundred events keeps a snapshot every interval; a cold load folds only the events
    after the newest one below its end."""
    store = open_store(sqlite_url)
    try:
        service = MatchService(store.repository, clock=TickingClock(), snapshot_interval=50)
        game = GAMES["kluempchen"]
        match_id = service.create("kluempchen", ["A", "B", "C", "D"], mode="table").match_id
        _play(service, match_id, random.Random(3), 400, 0.0)
        with store.engine.connect() as connection:
            seqs = [row.seq for row in connection.execute(match_state_snapshots.select())]
        last = service.snapshot(match_id).seq
        assert len(seqs) >= last // 50 - 1
        cold = MatchService(store.repository, snapshot_interval=50)
        cold.snapshot(match_id)
        floor = cold._load(match_id).position.floor  # noqa: SLF001
        assert 0 < floor < last and last - floor <= 2 * 50
        assert cold.state(match_id) == MatchService(store.repository, snapshot_interval=0).state(match_id)
        assert game.turn(cold.state(match_id)) is not None
    finally:
        store.close()
