"""LAB-6 (issue 28.5): the labs play their games on every core, and the figures do not depend on how many
processes play them: every game depends only on the seed and its index (LAB-1), the games are cut into
spans of a fixed size and put back in order (``sim/parallel.py``)."""

from __future__ import annotations

import pytest

from stammtisch.sim import parallel
from stammtisch.sim.games.kluempchen import lab as kluempchen
from stammtisch.sim.games.preisromme import lab as preisromme
from stammtisch.sim.games.proempeln import lab as proempeln


def _recorder(seen: list[tuple[int, int]]):  # type: ignore[no-untyped-def]
    return lambda done, total: seen.append((done, total))


LABS = [
    (kluempchen, {"third_throw_rule": "keep_on_fail"}, 120, 25),
    (proempeln, {"king_ends": "finish_round"}, 70, 9),
    (preisromme, {"opening_min_points": "30"}, 24, 5),
]


@pytest.mark.parametrize(("module", "variant", "games", "span"), LABS, ids=lambda v: getattr(v, "__name__", ""))
def test_lab6_figures_do_not_depend_on_the_workers(
    module: object, variant: dict[str, str], games: int, span: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One, two and three workers over spans smaller than the run: the same two reports, exactly; the
    progress reaches every game of both rule sets and never goes back."""
    monkeypatch.setattr(module, "SPAN", span)
    reports = []
    for workers in (1, 2, 3):
        seen: list[tuple[int, int]] = []
        reports.append(module.compare(variant, games, 11, workers=workers, progress=_recorder(seen)))  # type: ignore[attr-defined]
        done = [d for d, _ in seen]
        assert done[0] == 0 and done == sorted(done)
        assert {t for _, t in seen} == {2 * reports[-1][0].games} and done[-1] == 2 * reports[-1][0].games
    assert reports[0] == reports[1] == reports[2]


def test_lab6_a_different_span_gives_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cut itself does not matter either: spans of 7 and of 500 games give the same Prömpeln report."""
    monkeypatch.setattr(proempeln, "SPAN", 7)
    small = proempeln.run_games({}, 40, 2, workers=2)
    monkeypatch.setattr(proempeln, "SPAN", 500)
    assert proempeln.run_games({}, 40, 2) == small


def test_lab6_spans_cover_every_game_once() -> None:
    assert parallel.spans(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert parallel.spans(0, 4) == [] and parallel.spans(3, 0) == [(0, 1), (1, 2), (2, 3)]
    assert parallel.cores() >= 1


def _span_or_fail(lo: int, hi: int) -> list[int]:
    if lo >= 6:
        raise ValueError(f"span {lo}-{hi} failed")
    return list(range(lo, hi))


def test_lab6_a_failing_span_fails_the_run() -> None:
    """A span that raises in a worker raises here (the spans not started are dropped)."""
    assert parallel.play_all([_span_or_fail], 6, 2, workers=2) == [[0, 1, 2, 3, 4, 5]]
    with pytest.raises(ValueError, match="failed"):
        parallel.play_all([_span_or_fail], 40, 2, workers=2)
