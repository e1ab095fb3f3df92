"""What every house-rule lab hands the CLI and the page: its measures (bilingual labels) and one report
per rule set. A lab module in ``sim.labs.LABS`` provides ``compare(variant, games, seed)`` returning two
reports (default, variant), ``MEASURES``, ``UNIT`` (what ``games`` counts), ``VARIANTS`` (the page's
choices) and ``unmodelled(options)`` (valid options that cannot change the lab's figures); optionally
``VARIANT_WORDS`` ((key, value) -> Text for the page), ``PAGE_GAMES`` and ``PAGE_MAX`` (the page's sizes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stammtisch.core.text import Text
from stammtisch.sim.stats import Interval


@dataclass(frozen=True, slots=True)
class Measure:
    """One figure of a lab: ``key`` in the report's JSON, its label, whether it is a rate (shown in
    percent and charted under ``short``) or an average."""

    key: str
    label: Text
    percent: bool
    short: Text | None = None


@dataclass(frozen=True, slots=True)
class LabReport:
    """One rule set's figures over ``games`` simulated games (95% intervals), in ``MEASURES`` order."""

    options: dict[str, Any]
    games: int
    figures: tuple[tuple[str, Interval], ...]

    def figure(self, key: str) -> Interval:
        for name, interval in self.figures:
            if name == key:
                return interval
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        return {"options": self.options, "games": self.games, **{key: iv.to_json() for key, iv in self.figures}}
