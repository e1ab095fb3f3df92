"""KS-3 (issue 15.1): a start node of the folded turn is read as its *twin* in the loop part when the two
are equal at every column (``race_fast.twins``): the same kind, and edges with the same shifts and
probabilities into equal nodes. Under the default rules a fresh turn plays exactly like the fresh sequence
after a combination, so the start part is not evaluated at all; under other options some start nodes
differ (a third throw kept on a failure, a late set-aside by choice) and stay in the start part."""

from __future__ import annotations

import numpy as np
import pytest

from stammtisch.sim.games.kluempchen.game import compiled_for, config_of, turn_options
from stammtisch.sim.race_fast import Role, layout
from tests.sim.helpers import TURN_OPTION_SETS

TARGET = 30


def test_under_the_default_rules_every_start_node_has_a_twin() -> None:
    compiled = compiled_for(config_of(turn_options({}))).compiled
    lay = layout(compiled)
    assert len(lay.start.parents) == 0
    assert len(lay.alias) == len(layout(compiled, merge_twins=False).start.parents) > 0
    assert lay.loop_offset == 0  # twins are read from a context's own score up


def _solved(lay_factor: int, merged: bool, options: dict[str, object]) -> tuple[Role, list[int]]:
    compiled = compiled_for(config_of(turn_options(options))).compiled
    lay = layout(compiled, lay_factor, merge_twins=merged)
    xs = np.array([0, 3, 3, 11, 20, 29])
    rng = np.random.default_rng(15)
    role = Role(lay, TARGET, xs)
    # Any terminal values will do: a twin is equal whatever the ends, the failure and six equal are worth.
    end = np.sort(rng.random((TARGET + 1, len(xs))), axis=0)
    role.set_terminals(end, rng.random(len(xs)), 1.0)
    role.solve_loop(1e-13)
    role.solve_start_everywhere()
    unmerged = layout(compiled, lay_factor, merge_twins=False)
    start_nodes = [node for node, row in unmerged.row_of.items() if row >= len(unmerged.loop.parents)]
    return role, start_nodes


@pytest.mark.parametrize("factor", [1, 2])
@pytest.mark.parametrize("name", sorted(TURN_OPTION_SETS))
def test_a_twin_has_its_start_nodes_values_at_every_column(name: str, factor: int) -> None:
    merged, start_nodes = _solved(factor, True, TURN_OPTION_SETS[name])
    plain, _ = _solved(factor, False, TURN_OPTION_SETS[name])
    xs = plain.xs
    for node in start_nodes:
        for i, x in enumerate(xs):
            got, want = merged.node(node)[x:, i], plain.node(node)[x:, i]
            assert np.max(np.abs(got - want)) < 1e-12, (node, x)
