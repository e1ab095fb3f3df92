"""Digital play: chance is sampled into the same atomic batch; skill outcomes need a model."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stammtisch.core.chance import ChanceNode
from tests.matches.conftest import make_service


def test_sampled_outcome_is_part_of_the_actions_batch() -> None:
    service = make_service()
    match = service.create("toy-open", ["A", "B"], mode="digital").match_id
    snap = service.act(match, 0, "pick 1", 0)
    snap = service.act(match, 1, "pick 1", snap.seq)
    events = service.events(match)
    assert [(e.seq, e.kind, e.batch) for e in events] == [(1, "action", 1), (2, "action", 2), (3, "outcome", 2)]
    assert events[2].payload["sampled"] is True
    assert snap.turn["kind"] == "decision" and snap.view["round"] == 1


def test_same_rng_factory_same_dice() -> None:
    def play() -> list[dict]:
        service = make_service(rng=lambda match_id: random.Random(7))
        match = service.create("toy-open", ["A", "B"], {"rounds": 5}, mode="digital").match_id
        snap = service.snapshot(match)
        while snap.turn["kind"] == "decision":
            for seat in snap.turn["seats"]:
                snap = service.act(match, seat, "pick 2", snap.seq)
        return [e.payload for e in service.events(match) if e.kind == "outcome"]

    assert play() == play()


class Sixes:
    def probabilities(self, node: ChanceNode) -> Sequence[float]:
        return [0, 0, 0, 0, 0, 1]


def test_skill_outcomes_wait_for_entry_without_a_model() -> None:
    service = make_service()
    match = service.create("toy-skill", ["A", "B"], mode="digital").match_id
    snap = service.submit(match, [(0, "pick 3"), (1, "pick 3")], 0)
    assert snap.turn["kind"] == "chance"
    snap = service.enter_outcome(match, "5", snap.seq)  # allowed in digital mode while chance waits
    assert snap.view["scores"] == [3, 3]


def test_skill_outcomes_are_sampled_with_a_model() -> None:
    service = make_service(skill=lambda record, node: Sixes())
    match = service.create("toy-skill", ["A", "B"], mode="digital").match_id
    snap = service.submit(match, [(0, "pick 3"), (1, "pick 2")], 0)
    assert snap.turn["kind"] == "decision" and snap.view["last_reveal"] == [3, 2]
    assert service.events(match)[-1].payload["outcome"] == {"type": "DiceOutcome", "faces": [6]}


class Recorder:
    def __init__(self) -> None:
        self.published: list[tuple[str, int]] = []

    def publish(self, match_id: str, seq: int) -> None:
        self.published.append((match_id, seq))


def test_notifier_hears_every_append() -> None:
    notifier = Recorder()
    service = make_service(notifier=notifier)
    match = service.create("toy-open", ["A", "B"], mode="digital").match_id
    snap = service.act(match, 0, "pick 1", 0)
    snap = service.act(match, 1, "pick 1", snap.seq)
    snap = service.act(match, 0, "pick 2", snap.seq)
    service.undo(match, snap.seq)
    assert notifier.published == [(match, 1), (match, 3), (match, 4), (match, 5)]
