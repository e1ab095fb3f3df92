"""The skill model (skill.py): rates with a club prior; weights per outcome of a throw node."""

from __future__ import annotations

import random

import pytest

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import AirBall, Defended, Duel, Hit, Miss, RolledBack
from stammtisch.games.bierpong.skill import CLUB_DEFAULT, Rates, SkillTable, ThrowCounts, club_prior, rates_of

from .helpers import begin


def _reference(table: SkillTable, node: object) -> list[float]:
    """The weights written out per outcome type (what the fast block layout must equal)."""
    me = table.rates[node.seat]  # type: ignore[attr-defined]
    context = dict(node.context)  # type: ignore[attr-defined]
    defenders = context["defenders"]
    outcomes = node.outcomes()  # type: ignore[attr-defined]
    targets = len({o.cup for o in outcomes if isinstance(o, Hit)})
    miss = 1 - me.hit
    catch = sum(table.rates[s].catch for s in defenders) / len(defenders)
    flags = {(False, False): 1 - me.bounce - me.roller, (True, False): me.bounce, (False, True): me.roller}
    out = []
    for o in outcomes:
        if isinstance(o, Hit):
            out.append(me.hit / targets * flags.get((o.bounce, o.roller), 0.0))
        elif isinstance(o, Miss):
            out.append(miss * (1 - me.defended - me.rollback - me.air * catch))
        elif isinstance(o, Defended):
            out.append(miss * me.defended)
        elif isinstance(o, RolledBack):
            out.append(miss * me.rollback * (0.7 if o.own_half else 0.3))
        elif isinstance(o, AirBall):
            out.append(miss * me.air * table.rates[o.catcher].catch / len(defenders))
        else:
            out.append(0.0)
    return out


def test_block_weights_equal_the_per_outcome_reference() -> None:
    table = SkillTable.of(4, {0: Rates(hit=0.5, bounce=0.2), 1: Rates(catch=0.9)})
    state = begin(4, {"timer_minutes": 5})
    rng = random.Random(3)
    for _ in range(200):
        turn = GAME.turn(state)
        if not isinstance(turn, Chance):
            state = GAME.act(state, turn.seats[0], GAME.legal_actions(state, turn.seats[0])[0])  # type: ignore[union-attr]
            continue
        if dict(turn.node.context).get("throw") != "duel":
            assert table.probabilities(turn.node) == pytest.approx(_reference(table, turn.node))
        state = GAME.resolve(state, sample(turn.node, rng, table))
        if GAME.result(state) is not None:
            break


def test_duel_weights_are_the_product_of_hit_rates() -> None:
    table = SkillTable.of(2, {0: Rates(hit=0.5), 1: Rates(hit=0.25)})
    node = GAME.turn(GAME.start(2, GAME.configure())).node  # type: ignore[union-attr]
    weights = dict(zip(node.outcomes(), table.probabilities(node), strict=True))
    assert weights[Duel(True, False)] == pytest.approx(0.375)
    assert weights[Duel(True, True)] == pytest.approx(0.125)


def test_rates_move_from_the_prior_towards_the_record() -> None:
    new = rates_of(ThrowCounts())
    assert new == CLUB_DEFAULT
    sharp = rates_of(ThrowCounts(throws=200, hits=150, bounces=30))
    assert 0.7 < sharp.hit < 0.75 and sharp.bounce < 0.2
    assert club_prior([]) == CLUB_DEFAULT
    assert 0.45 < club_prior([ThrowCounts(throws=100, hits=50)]).hit < 0.55
    with pytest.raises(ValueError):
        ThrowCounts(throws=1, hits=2)
