"""KS-3: the wide-table gather (edges grouped by shift, column slices) equals the general fancy-index
gather for every level of the folded turn, with the joker factor 1 and 2."""

from __future__ import annotations

import numpy as np
import pytest

from stammtisch.games.kluempchen.model import Config
from stammtisch.sim.games.kluempchen.game import compiled_for
from stammtisch.sim.sweep import Sweeper


@pytest.mark.parametrize("factor", [1, 2])
def test_slice_gather_equals_fancy_gather(factor: int) -> None:
    compiled = compiled_for(Config()).compiled
    sweeper = Sweeper(compiled, 40, 151, factor)
    assert sweeper._wide
    sweeper.table[:] = np.random.default_rng(3).random(sweeper.table.shape)
    for level in sweeper._order:
        children = sweeper._levels[level][2]
        fancy = sweeper.table[children[:, None, None], sweeper._cidx, sweeper._cols[level]]
        assert np.array_equal(sweeper._gather(level, len(children)), fancy)
