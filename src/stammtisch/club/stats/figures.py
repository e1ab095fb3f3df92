"""Figures that add up: one member's figures of one game are the sum of her figures per match.

A game's figures are a frozen dataclass of ints (``Summable``): adding two adds every field, except
the fields named in ``BEST``, which keep the larger value (the best Wurf of a season is the best of
its evenings, not their sum). Rates (points per Wurf, Schuster rate) are properties computed from the
sums, never stored, so adding stays exact."""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any, ClassVar, Self


@cache
def _plan(kind: Any) -> tuple[tuple[str, bool], ...]:
    """(field name, keeps the best?) of a figures class, worked out once per class: adding runs
    thousands of times per page (ten years of evenings), so it must not inspect the class each time."""
    best: frozenset[str] = getattr(kind, "BEST", frozenset())
    return tuple((f.name, f.name in best) for f in fields(kind))


class Summable:
    """Mixin for frozen int dataclasses: ``a + b`` adds field by field (``BEST`` fields: the maximum)."""

    BEST: ClassVar[frozenset[str]] = frozenset()

    def __add__(self, other: Self) -> Self:
        values: list[Any] = []
        kind: Any = type(self)
        for name, keeps_best in _plan(kind):
            mine, theirs = getattr(self, name), getattr(other, name)
            values.append((mine if mine >= theirs else theirs) if keeps_best else mine + theirs)
        made: Self = kind(*values)
        return made


def ratio(numerator: int, denominator: int) -> float | None:
    """``numerator / denominator``, or ``None`` when nothing was counted (shown as a dash, not 0)."""
    return numerator / denominator if denominator else None
