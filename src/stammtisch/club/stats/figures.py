"""Figures that add up: one member's figures of one game are the sum of her figures per match.

A game's figures are a frozen dataclass of ints (``Summable``): adding two adds every field, except
the fields named in ``BEST``, which keep the larger value (the best Wurf of a season is the best of
its evenings, not their sum). Rates (points per Wurf, Schuster rate) are properties computed from the
sums, never stored, so adding stays exact."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import ClassVar, Self


class Summable:
    """Mixin for frozen int dataclasses: ``a + b`` adds field by field (``BEST`` fields: the maximum)."""

    BEST: ClassVar[frozenset[str]] = frozenset()

    def __add__(self, other: Self) -> Self:
        values = {}
        for f in fields(self):  # type: ignore[arg-type]
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            values[f.name] = max(mine, theirs) if f.name in self.BEST else mine + theirs
        return replace(self, **values)  # type: ignore[type-var]


def ratio(numerator: int, denominator: int) -> float | None:
    """``numerator / denominator``, or ``None`` when nothing was counted (shown as a dash, not 0)."""
    return numerator / denominator if denominator else None
