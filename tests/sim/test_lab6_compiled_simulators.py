"""LAB-6 (issue 28.5): the compiled Klümpchen simulator is the NumPy lanes simulator made fast, so it must
give exactly the same turns and rounds on the same keyed streams (LAB-1), and its keyed numbers are
exactly ``sim.crn``'s."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.options import resolve_options
from stammtisch.games.kluempchen.options import OPTIONS, config_from
from stammtisch.sim.crn import key, uniforms
from stammtisch.sim.games.kluempchen import lab
from stammtisch.sim.games.kluempchen.fast import POLICIES, play_turns, play_turns_lanes
from stammtisch.sim.streams import extend, uniform


@given(st.integers(0, 2**63), st.integers(0, 2**40), st.integers(0, 1000))
def test_lab6_compiled_streams_are_crn_streams(seed: int, lane: int, counter: int) -> None:
    """``streams.extend`` folds a key part like ``crn.key``; ``streams.uniform`` is ``crn.uniforms``."""
    prefix = key(seed, 2)[0]
    assert extend(prefix, lane) == key(seed, 2, lane)[0]
    assert uniform(key(seed, 2, lane)[0], counter) == uniforms(key(seed, 2, np.array([lane])), counter)[0]


@pytest.mark.parametrize("policy", POLICIES)
def test_lab6_compiled_turns_equal_the_lanes(policy: str) -> None:
    """The same 20,000 keyed turns: the same points, six equal and Straßen, the same step count."""
    keys = key(15, 2, np.arange(20_000), 1, 0)
    compiled = play_turns(len(keys), None, policy, keys=keys)
    lanes = play_turns_lanes(len(keys), None, policy, keys=keys)
    assert np.array_equal(compiled.points, lanes.points)
    assert np.array_equal(compiled.six, lanes.six)
    assert np.array_equal(compiled.strassen, lanes.strassen)
    assert compiled.steps == lanes.steps


@pytest.mark.parametrize("options", [{}, {"third_throw_rule": "keep_on_fail"}, {"confirmation_budget": "within_turn"}])
def test_lab6_compiled_rounds_equal_the_lanes_in_any_span(options: dict[str, object]) -> None:
    """K-5.1, K-11, K-17.4, S-7 as the lab plays them: 1,200 rounds by the kernel, by the NumPy lanes and by
    either in three spans are the same rounds, field by field (six-equal rounds included)."""
    config = config_from(resolve_options(OPTIONS, options))
    whole = lab.play_rounds_compiled(config, 1200, 7)
    lanes = lab.play_rounds_lanes(config, 1200, 7)
    cut = ((0, 500), (500, 501), (501, 1200))
    spans = lab._joined([lab.play_rounds_compiled(config, hi - lo, 7, lo) for lo, hi in cut])
    lane_spans = lab._joined([lab.play_rounds_lanes(config, hi - lo, 7, lo) for lo, hi in cut])
    for field in lab.Rounds.__slots__:
        assert np.array_equal(getattr(whole, field), getattr(lanes, field)), field
        assert np.array_equal(getattr(whole, field), getattr(spans, field)), field
        assert np.array_equal(getattr(whole, field), getattr(lane_spans, field)), field
