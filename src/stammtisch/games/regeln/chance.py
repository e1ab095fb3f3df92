"""Chance in Regeln: every draw (a face-up card, a dealt card, a contested place card) is uniform
over what is left (RG-1.7, RG-1.9, RG-5.2).

``UniformDraw`` is that distribution without building one ``Fraction`` per outcome at every node (the
deal alone is 30 nodes of up to 34 outcomes; ``Categorical.uniform`` summed the fractions each time,
which was a fifth of the engine's time in random games). It draws exactly as ``core.chance``'s
default ``draw`` does for equal weights (the same floats, the same ``bisect`` over their running
sums), so a seed gives the same game as before: the count file stays as it is.
"""

from __future__ import annotations

import bisect
import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from stammtisch.core.chance import Distribution


@cache
def _running_sums(n: int) -> tuple[float, ...]:
    """The running sums of ``n`` equal float weights ``1/n``, as the default draw builds them."""
    return tuple(itertools.accumulate([float(Fraction(1, n))] * n))


@dataclass(frozen=True, slots=True)
class UniformDraw(Distribution):
    """One of ``choices`` (in their canonical order), each with probability ``1/len(choices)``."""

    choices: tuple[Any, ...]
    kind = "cards"
    has_probabilities = True  # a plain attribute: ``sample`` asks at every card

    def outcomes(self) -> tuple[Any, ...]:
        return self.choices

    def contains(self, outcome: object) -> bool:
        return outcome in self.choices

    def probability(self, outcome: object) -> Fraction | None:
        return Fraction(1, len(self.choices)) if outcome in self.choices else Fraction(0)

    def draw(self, rng: random.Random) -> Any:
        sums = _running_sums(len(self.choices))
        return self.choices[bisect.bisect_right(sums, rng.random() * sums[-1])]
