"""The count files (tests/conformance/counts/<slug>.json, see counts.py): every registered game
reproduces its seeded random playouts exactly. They also stand for "the same seed gives the same
game": a run is compared with a stored expected value, not with a second run of itself."""

from __future__ import annotations

import pytest

from stammtisch.games import GAMES
from tests.conformance.counts import HERE, compute, load, path_for


@pytest.mark.parametrize("slug", list(GAMES))
def test_seeded_playouts_reproduce_the_count_file(slug: str) -> None:
    if not path_for(slug).exists():
        pytest.skip(f"no count file for {slug} yet: .venv/bin/python -m tests.conformance.counts --update {slug}")
    expected = load(slug)
    actual = compute(GAMES[slug], expected["seats"], expected["options"])
    for want, got in zip(expected["runs"], actual["runs"], strict=True):
        assert got == want, (
            f"{slug} seed {want['seed']}: the playout changed. If the engine change is intended, run "
            f".venv/bin/python -m tests.conformance.counts --update {slug} and name the reason in the commit"
        )


def test_every_count_file_belongs_to_a_registered_game() -> None:
    stale = sorted(p.stem for p in HERE.glob("*.json") if p.stem not in GAMES)
    assert not stale, f"count files of unregistered games: {stale}"
