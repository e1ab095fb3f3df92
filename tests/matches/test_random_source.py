"""Issue 10.5: deals and dice of digital play are drawn from a cryptographically strong source
(``random.SystemRandom``, the operating system's), one generator per match; only simulations and
tests pass a seeded generator. The log, not the generator, is the record: a replay needs no seed."""

from __future__ import annotations

import random

from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.service import fresh_rng
from tests.matches.conftest import all_games


def test_the_default_generator_is_the_operating_system_s() -> None:
    assert isinstance(fresh_rng("m"), random.SystemRandom)
    service = MatchService(InMemoryRepository(), games=all_games())
    match = service.create("toy-deal", ["Anna", "Ben"], mode="digital")
    generator = service.rng(match.match_id)
    assert isinstance(generator, random.SystemRandom)
    assert service.rng(match.match_id) is generator  # one per match


def test_sampled_outcomes_replay_without_the_generator() -> None:
    service = MatchService(InMemoryRepository(), games=all_games())
    match = service.create("toy-open", ["Anna", "Ben"], mode="digital")
    snap = service.submit(match.match_id, [(0, "pick 1"), (1, "pick 2")], match.seq)
    sampled = [e for e in service.events(match.match_id) if e.payload.get("sampled")]
    assert sampled  # the die was drawn from the system's source
    fresh = MatchService(service.repository, games=all_games(), rng=lambda match_id: random.Random(0))
    assert fresh.snapshot(match.match_id) == service.snapshot(match.match_id) == snap
