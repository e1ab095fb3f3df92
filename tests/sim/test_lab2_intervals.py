"""LAB-2 (docs/lab.md): the labs' intervals: Wilson for rates, normal for averages, and the difference
of two figures with an interval from both half-widths; "clear" means that interval leaves out 0."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.sim.stats import Interval, average, difference, rate, significant

counts = st.integers(min_value=1, max_value=100_000).flatmap(
    lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
)
values = st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=2, max_size=50)


@given(counts)
def test_lab2_rate_interval_holds_the_rate(pair: tuple[int, int]) -> None:
    hits, n = pair
    found = rate(hits, n)
    assert 0.0 <= found.low <= found.value + 1e-12 and found.value <= found.high + 1e-12 and found.high <= 1.0
    assert found.value == hits / n


@given(values)
def test_lab2_average_interval_is_centred(sample: list[float]) -> None:
    found = average(sample)
    assert abs((found.low + found.high) / 2 - found.value) <= 1e-6 * max(1.0, abs(found.value))
    assert found.low <= found.value <= found.high


@given(counts, counts)
def test_lab2_difference_is_antisymmetric_and_wider_than_either(a: tuple[int, int], b: tuple[int, int]) -> None:
    first, second = rate(*a), rate(*b)
    forward, backward = difference(first, second), difference(second, first)
    assert forward.value == second.value - first.value
    assert abs(forward.low + backward.high) < 1e-9 and abs(forward.high + backward.low) < 1e-9
    assert forward.half_width >= max(first.half_width, second.half_width) - 1e-12
    assert significant(first, second) == significant(second, first)
    assert not significant(first, first)


def test_lab2_a_clear_difference() -> None:
    """Far apart with narrow intervals: clear; overlapping wide intervals: not clear."""
    assert significant(Interval(0.25, 0.24, 0.26), Interval(0.33, 0.32, 0.34))
    assert not significant(Interval(0.25, 0.20, 0.30), Interval(0.27, 0.22, 0.32))
