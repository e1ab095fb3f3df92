"""Small statistics for comparing the fast simulator with the reference engine, and for the lab."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Turn-score bins for the distribution check: 0, 1-5, 6-9, 10-14, 15-19, 20-29, 30-49, 50+.
BINS = (0, 1, 6, 10, 15, 20, 30, 50)


def binned(points: Sequence[int]) -> list[int]:
    counts = [0] * len(BINS)
    for p in points:
        k = 0
        while k + 1 < len(BINS) and p >= BINS[k + 1]:
            k += 1
        counts[k] += 1
    return counts


def chi_square_two_samples(a: Sequence[int], b: Sequence[int]) -> tuple[float, int]:
    """Pearson's chi-square of a 2 x k contingency table (empty columns dropped): (statistic, df)."""
    na, nb = sum(a), sum(b)
    stat = 0.0
    columns = 0
    for x, y in zip(a, b, strict=True):
        total = x + y
        if total == 0:
            continue
        columns += 1
        ea = na * total / (na + nb)
        eb = nb * total / (na + nb)
        stat += (x - ea) ** 2 / ea + (y - eb) ** 2 / eb
    return stat, max(columns - 1, 1)


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """The upper critical value of chi-square with ``df`` degrees of freedom (Wilson-Hilferty;
    z = 3.09 is the one-sided 0.1% level)."""
    h = 2.0 / (9.0 * df)
    return df * (1.0 - h + z * math.sqrt(h)) ** 3


def proportion_interval(hits: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """Wilson score interval for a proportion: (estimate, low, high)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean with a normal-approximation interval: (mean, low, high)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95% interval (the labs' figures)."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, float]:
        return {"value": round(self.value, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def rate(hits: int, n: int) -> Interval:
    """A proportion with its Wilson 95% interval."""
    return Interval(*proportion_interval(hits, n))


def average(values: Sequence[float]) -> Interval:
    """A mean with its normal-approximation 95% interval."""
    return Interval(*mean_interval(values))


def difference(default: Interval, variant: Interval) -> Interval:
    """``variant - default`` with a 95% interval from the two half-widths (sqrt of the summed squares).
    For common random numbers (positively correlated runs) this is conservative: a difference whose
    interval excludes 0 is significant at least at the 5% level."""
    half = math.hypot(default.half_width, variant.half_width)
    delta = variant.value - default.value
    return Interval(delta, delta - half, delta + half)


def significant(default: Interval, variant: Interval) -> bool:
    """Whether the difference's 95% interval excludes 0."""
    delta = difference(default, variant)
    return delta.low > 0 or delta.high < 0
