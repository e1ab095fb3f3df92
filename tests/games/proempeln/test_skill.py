"""skill.py: landing distributions learned from recorded stoppers (a Dirichlet posterior mean)."""

from __future__ import annotations

import random

import pytest

from stammtisch.core.chance import sample
from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Landing
from stammtisch.games.proempeln.skill import LAPLACE, PlayerSkill, SkillTable, club_prior, count_landings


def test_new_player_starts_at_the_prior() -> None:
    skill = PlayerSkill()
    assert skill.samples == 0
    assert skill.distribution() == (0.25, 0.25, 0.25, 0.25)
    assert skill.prior == LAPLACE


def test_recorded_stoppers_move_the_distribution() -> None:
    skill = PlayerSkill().learn([3, 3, 3, 2, 0, 3])
    assert skill.counts == (1, 0, 1, 4) and skill.samples == 6
    assert skill.distribution() == pytest.approx((2 / 10, 1 / 10, 2 / 10, 5 / 10))
    assert sum(skill.distribution()) == pytest.approx(1.0)
    assert skill.to_json()["samples"] == 6


def test_counts_refuse_impossible_landings() -> None:
    with pytest.raises(ImpossibleOutcome):
        count_landings([4])


def test_club_prior_follows_the_club_with_a_given_strength() -> None:
    prior = club_prior([(10, 10, 20, 0), (0, 10, 10, 20)], strength=8)
    assert sum(prior) == pytest.approx(8)
    assert prior[2] == pytest.approx(8 * 30 / 80)
    assert club_prior([]) == LAPLACE
    assert club_prior([(0, 0, 10, 0)])[0] == 0.25  # every landing stays possible


def test_skill_table_is_a_skill_model_for_the_stopper_nodes() -> None:
    table = SkillTable.of(2, {1: PlayerSkill((0, 0, 0, 96))})
    state = GAME.act(GAME.start(2, GAME.configure()), 0, Announce("none"))
    node = GAME.turn(state).node  # type: ignore[union-attr]
    assert list(table.probabilities(node)) == [0.25, 0.25, 0.25, 0.25, 0.0]
    landings = [sample(node, random.Random(seed), table) for seed in range(50)]
    assert all(isinstance(x, Landing) and not x.invalid for x in landings)
    assert table.distribution(1)[3] == pytest.approx(97 / 100)
