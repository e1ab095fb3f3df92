"""Skill models for digital play: each player's throw rates learned from recorded throws, smoothed
with a club prior (the same shape as the dexterity-game skill models of the other games).

Pure: the counts come in as data (persisting them is the store's job). A player's rates are
posterior means of Beta distributions: ``(count + prior·strength) / (n + strength)``, so a new player
throws like the club prior, and every recorded throw moves him towards his own record.

Rates: hit (per throw); bounce and roller (per hit: Aufsetzer, Roller); defended, rollback and air
ball (per miss); catch (per air ball at his team, as a defender). The target cup is uniform over the
cups standing (an Island call does not change the aim: the rules give no reason to). Table events
(timer, knock-overs, drinks, Dead Cups, void or illegal throws) get weight 0: they are entered by
people, never sampled.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from stammtisch.core.chance import ChanceNode
from stammtisch.games.bierpong.model import Duel
from stammtisch.games.bierpong.nodes import Throw


@dataclass(frozen=True, slots=True)
class Rates:
    """Probabilities of one player's throw (see the module docstring for what each is relative to)."""

    hit: float = 0.35
    bounce: float = 0.12
    roller: float = 0.05
    defended: float = 0.04
    rollback: float = 0.06
    air: float = 0.04
    catch: float = 0.5


CLUB_DEFAULT = Rates()


@dataclass(frozen=True, slots=True)
class ThrowCounts:
    """One player's recorded throws. ``airballs_at`` counts air balls thrown at his team while he
    defended, ``catches`` how many he caught."""

    throws: int = 0
    hits: int = 0
    bounces: int = 0
    rollers: int = 0
    defended: int = 0
    rollbacks: int = 0
    airballs: int = 0
    airballs_at: int = 0
    catches: int = 0

    def __post_init__(self) -> None:
        if min(self.throws, self.hits, self.bounces, self.rollers, self.defended) < 0:
            raise ValueError("counts are non-negative")
        if self.hits > self.throws or self.bounces + self.rollers > self.hits or self.catches > self.airballs_at:
            raise ValueError("counts: hits ≤ throws, bounces + rollers ≤ hits, catches ≤ air balls at him")


def _mean(count: int, n: int, prior: float, strength: float) -> float:
    return (count + prior * strength) / (n + strength)


def rates_of(counts: ThrowCounts, prior: Rates = CLUB_DEFAULT, strength: float = 20.0) -> Rates:
    """A player's posterior-mean rates: his counts smoothed towards ``prior`` with ``strength`` pseudo-throws."""
    misses = counts.throws - counts.hits
    return Rates(
        hit=_mean(counts.hits, counts.throws, prior.hit, strength),
        bounce=_mean(counts.bounces, counts.hits, prior.bounce, strength),
        roller=_mean(counts.rollers, counts.hits, prior.roller, strength),
        defended=_mean(counts.defended, misses, prior.defended, strength),
        rollback=_mean(counts.rollbacks, misses, prior.rollback, strength),
        air=_mean(counts.airballs, misses, prior.air, strength),
        catch=_mean(counts.catches, counts.airballs_at, prior.catch, strength),
    )


def club_prior(all_counts: Sequence[ThrowCounts]) -> Rates:
    """The club's pooled rates (the default prior when the club has no record yet)."""
    total = ThrowCounts(*(sum(getattr(c, name) for c in all_counts) for name in ThrowCounts.__dataclass_fields__))
    if total.throws == 0:
        return CLUB_DEFAULT
    return rates_of(total, CLUB_DEFAULT, strength=1.0)


@dataclass(frozen=True, slots=True, eq=False)
class SkillTable:
    """A ``core.chance.SkillModel`` for a whole table: one ``Rates`` per seat. A throw's weights are
    cached by its shape (thrower, cups standing, catchers, outcomes listed), other nodes' per node."""

    rates: tuple[Rates, ...]
    _cache: dict[int, tuple[ChanceNode, list[float]]] = field(default_factory=dict, repr=False)
    _by_shape: dict[tuple[object, ...], list[float]] = field(default_factory=dict, repr=False)
    _sums: dict[int, tuple[Sequence[float], tuple[float, ...]]] = field(default_factory=dict, repr=False)
    _sums_by_shape: dict[tuple[object, ...], tuple[float, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, seats: int, known: Mapping[int, Rates] | None = None, prior: Rates = CLUB_DEFAULT) -> SkillTable:
        """Every seat's rates: the known ones, the prior for the others."""
        known = known or {}
        return cls(tuple(known.get(seat, prior) for seat in range(seats)))

    def probabilities(self, node: ChanceNode) -> Sequence[float]:
        dist = node.distribution
        if isinstance(dist, Throw) and (dist.hit_cups or dist.catchers):
            # A throw's weights depend only on who throws, how many cups stand, who may catch and how
            # many outcomes are listed (``_weights``): racks that differ share one list, and nothing is
            # kept per node (a long simulation would otherwise hold every node it met).
            shape = (node.seat, dist.hit_cups, dist.catchers, len(dist.choices))
            weights = self._by_shape.get(shape)
            if weights is None:
                weights = self._by_shape[shape] = self._weights(node)
            return weights
        key = id(node)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        weights = self._weights(node)
        if len(self._cache) > 20_000:
            self._cache.clear()
        self._cache[key] = (node, weights)
        return weights

    def cumulative(self, node: ChanceNode) -> tuple[float, ...]:
        """The running sums of ``probabilities(node)`` (``core.chance.sample`` draws with them). A
        throw's are kept by its shape (as its weights are: one lookup per throw), other nodes' beside
        the cached weights they were summed from."""
        dist = node.distribution
        if type(dist) is Throw and (dist.hit_cups or dist.catchers):
            shape = (node.seat, dist.hit_cups, dist.catchers, len(dist.choices))
            made = self._sums_by_shape.get(shape)
            if made is None:
                made = self._sums_by_shape[shape] = tuple(itertools.accumulate(self.probabilities(node)))
            return made
        weights = self.probabilities(node)
        hit = self._sums.get(id(weights))
        if hit is not None and hit[0] is weights:
            return hit[1]
        sums = tuple(itertools.accumulate(weights))
        if len(self._sums) > 20_000:
            self._sums.clear()
        self._sums[id(weights)] = (weights, sums)
        return sums

    def _weights(self, node: ChanceNode) -> list[float]:
        outcomes = node.outcomes()
        dist = node.distribution
        if not isinstance(dist, Throw) or not (dist.hit_cups or dist.catchers):
            return self._by_type(node)
        # The throw node's canonical order (nodes.py): four Hit flavours per standing cup, then Miss,
        # Defended, RolledBack own half, RolledBack far, AirBall per catcher, then zero-weight entries.
        me = self.rates[node.seat or 0]
        defenders = dist.catchers
        miss = 1.0 - me.hit
        catch = sum(self.rates[s].catch for s in defenders) / len(defenders) if defenders else 0.0
        h = me.hit / dist.hit_cups if dist.hit_cups else 0.0
        weights = [h * max(0.0, 1.0 - me.bounce - me.roller), h * me.bounce, h * me.roller, 0.0] * dist.hit_cups
        weights += [
            miss * max(0.0, 1.0 - me.defended - me.rollback - me.air * catch),
            miss * me.defended,
            miss * me.rollback * 0.7,
            miss * me.rollback * 0.3,
        ]
        weights += [miss * me.air * self.rates[s].catch / len(defenders) for s in defenders]
        weights += [0.0] * (len(outcomes) - len(weights))
        return weights

    def _by_type(self, node: ChanceNode) -> list[float]:
        context = dict(node.context)
        outcomes = node.outcomes()
        if context.get("throw") == "duel":
            a, b = context["throwers"]
            pa, pb = self.rates[a].hit, self.rates[b].hit
            return [(pa if o.a else 1 - pa) * (pb if o.b else 1 - pb) if isinstance(o, Duel) else 0.0 for o in outcomes]
        # Only table events are possible (e.g. a drink lock): let the table act.
        return [1.0 if type(o).__name__ in ("Drank", "Distracted") else 0.0 for o in outcomes]
