"""LAB-1/KS-7 (issue 15.4): the Klümpchen lab plays the default rules and the variant on common random
numbers: every turn's dice come from a stream keyed by (seed, round, seat, the seat's turn number)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.errors import RuleViolation
from stammtisch.core.options import resolve_options
from stammtisch.games.kluempchen.options import OPTIONS, config_from
from stammtisch.sim.crn import key, uniforms
from stammtisch.sim.games.kluempchen.fast import play_turns
from stammtisch.sim.games.kluempchen.lab import compare, play_rounds
from stammtisch.sim.stats import binned, chi_square_critical, chi_square_two_samples


def _config(options: dict[str, object]):  # type: ignore[no-untyped-def]
    return config_from(resolve_options(OPTIONS, options))


@given(st.integers(0, 2**40), st.integers(0, 10_000), st.integers(0, 200))
def test_lab1_keyed_uniforms_are_reproducible_numbers_in_the_unit_interval(seed: int, lane: int, n: int) -> None:
    """A stream is a function of its key and the counter only: the same (key, n) gives the same number,
    whatever other lanes are drawn beside it; the numbers lie in [0, 1)."""
    keys = key(seed, 2, np.array([lane, lane + 1, lane]))
    u = uniforms(keys, n)
    assert np.all((u >= 0.0) & (u < 1.0))
    assert u[0] == u[2] != u[1]
    assert uniforms(keys[:1], n)[0] == u[0]


def test_lab1_keyed_turns_have_the_simulators_distribution() -> None:
    """The keyed streams draw the same turn-score distribution as the simulator's own rng (chi-square at
    the 0.1% level, 60,000 turns each): common random numbers change the pairing, not the chances."""
    n = 60_000
    keyed = play_turns(n, None, "optimal", keys=key(15, 2, np.arange(n), 0, 0))
    plain = play_turns(n, np.random.default_rng(15), "optimal")
    stat, df = chi_square_two_samples(binned(keyed.points.tolist()), binned(plain.points.tolist()))
    assert stat < chi_square_critical(df)


def test_lab1_an_option_the_model_does_not_read_gives_the_same_figures() -> None:
    """LAB-1/LAB-3: the variant meets exactly the default's dice, so an option without effect in the
    model gives identical figures (not merely close ones)."""
    default, variant = compare({"team_draw": "manual"}, 300, seed=9)
    assert default.to_json() == variant.to_json()


def test_lab1_default_and_variant_meet_the_same_luck() -> None:
    """KA-03 variant on the same seed: the same starting teams, rounds that stay in step (the same
    loser far more often than two independent runs), positively correlated round lengths."""
    a = play_rounds(_config({}), 2000, 15)
    b = play_rounds(_config({"third_throw_rule": "keep_on_fail"}), 2000, 15)
    independent = play_rounds(_config({"third_throw_rule": "keep_on_fail"}), 2000, 16)
    assert np.array_equal(a.start, b.start)
    assert (a.loser == b.loser).mean() > (a.loser == independent.loser).mean() + 0.1
    assert np.corrcoef(a.joint, b.joint)[0, 1] > 0.25 > abs(np.corrcoef(a.joint, independent.joint)[0, 1])


def test_lab1_compare_refuses_a_bad_variant_before_simulating() -> None:
    """KA-03: an invalid value is a bilingual refusal (InvalidOption) naming the clause."""
    with pytest.raises(RuleViolation) as refused:
        compare({"third_throw_rule": "sometimes"}, 10)
    assert refused.value.clause == "KA-03"
