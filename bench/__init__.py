"""Benchmarks: ``python -m bench`` from the repository root (or ``make bench``).

Each part exposes ``run(quick: bool = False)`` returning figures; :func:`figures` accepts the common
shapes (``Figure`` objects, ``(label, value, unit)`` tuples, dicts) so that parts written by
different people print the same way: one figure per line, ``label: value unit``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured number: ``label: value unit``."""

    label: str
    value: float
    unit: str = ""

    def line(self) -> str:
        value = f"{self.value:,.1f}" if isinstance(self.value, float) else f"{self.value:,}"
        return f"{self.label}: {value} {self.unit}".rstrip()

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "unit": self.unit}


def figures(raw: Any) -> list[Figure]:
    """Normalise what a part's ``run()`` returned into figures."""
    if raw is None:
        return []
    if isinstance(raw, Figure):
        return [raw]
    if isinstance(raw, Mapping):
        if "label" in raw and "value" in raw:
            return [Figure(str(raw["label"]), raw["value"], str(raw.get("unit", "")))]
        return [item for key, value in raw.items() for item in _keyed(str(key), value)]
    if isinstance(raw, Iterable) and not isinstance(raw, str | bytes):
        return [item for entry in raw for item in _entry(entry)]
    return [Figure("result", raw)]


def _keyed(key: str, value: Any) -> list[Figure]:
    if isinstance(value, Mapping) and "value" in value:
        return [Figure(key, value["value"], str(value.get("unit", "")))]
    if isinstance(value, tuple) and len(value) == 2:
        return [Figure(key, value[0], str(value[1]))]
    return [Figure(key, value)]


def _entry(entry: Any) -> list[Figure]:
    if isinstance(entry, Figure):
        return [entry]
    if isinstance(entry, tuple | list) and 2 <= len(entry) <= 3:
        return [Figure(str(entry[0]), entry[1], str(entry[2]) if len(entry) == 3 else "")]
    if hasattr(entry, "label") and hasattr(entry, "value"):
        return [Figure(str(entry.label), entry.value, str(getattr(entry, "unit", "")))]
    return figures(entry)
