"""KS-3, KA-08/KA-09: the folded turn (template) is the engine's turn, and its numbers equal the unfolded graph's."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stammtisch.games.kluempchen.model import Config
from stammtisch.sim.games.kluempchen import template as tp
from stammtisch.sim.games.kluempchen import turn_graph as tg
from stammtisch.sim.games.kluempchen.points import solve_points

CONFIGS = {
    "default": Config(),
    "within_turn": Config(fresh_sequence=False),
    "keep_on_fail": Config(must_improve=False),
    "no_confirmation_points": Config(confirmation_adds_points=False),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_chance_nodes_are_exact_distributions(name: str) -> None:
    """K-6.1/C1: every throw's outcomes are the multinomial distribution of the free dice (sums to exactly 1)."""
    template = tp.build(CONFIGS[name])
    for node in template.nodes:
        if node.kind == tp.CHANCE:
            assert sum((p for _, _, p, _ in node.edges), Fraction(0)) == 1


def unfolded_values(graph: tg.TurnGraph, beyond_cap: float | None) -> dict[int, float]:
    """Expected points of every unfolded state; an end at the cap counts ``beyond_cap`` (None: the cap)."""
    values: dict[int, float] = {}
    for i in graph.order():
        node = graph.nodes[i]
        if node.kind == tg.END:
            capped = node.value >= graph.cap and beyond_cap is not None
            values[i] = float(beyond_cap if capped else node.value)  # type: ignore[arg-type]
        elif node.kind == tg.SIX:
            values[i] = 0.0
        elif node.kind == tg.CHANCE:
            values[i] = sum(float(p) * values[c] for c, p in node.edges)
        else:
            values[i] = max(values[c] for _, c in node.choices)
    return values


@pytest.mark.parametrize("name", ["default", "within_turn"])
def test_template_equals_unfolded_graph(name: str) -> None:
    """KS-3: expected points of every unfolded turn state (pending up to 12) lie within the unfolded
    graph's bracket: its cap (200) counted as 0 below, as 200 above (plus 1e-3: a turn past 200 pending
    points is worth a little more than 200); the template (cap 600) is inside."""
    config = CONFIGS[name]
    graph = tg.build(config, 200)
    low = unfolded_values(graph, 0.0)
    high = unfolded_values(graph, None)
    policy = solve_points(config)
    checked = 0
    for i, node in enumerate(graph.nodes):
        if node.turn is None or node.turn.pending > 12:
            continue
        assert low[i] - 1e-9 <= policy.value(node.turn) <= high[i] + 1e-3, node.turn
        checked += 1
    assert checked > 300
    assert low[0] - 1e-9 <= policy.expected <= high[0] + 1e-5
    assert high[0] - low[0] < 1e-3  # the bracket is tight where turns start
