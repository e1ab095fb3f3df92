"""Skill models for digital play: a player's landing distribution learned from recorded stoppers.

Pure: the counts come in as data (persisting them is the store's job). A player's distribution is
the posterior mean of a Dirichlet over the four landing values 0-3: ``(count + prior) / (n +
Σ prior)``. New players therefore start at the prior, and every recorded stopper moves them
towards their own record; ``samples`` says how much evidence there is. The prior defaults to one
pseudo-count per value (Laplace); ``club_prior`` builds a better one from the whole club's record.

The model does not distinguish bottle positions or the Doppellörer middle stopper: the rules
give no reason to, and the counts would be too thin. An invalid attempt gets weight 0 (it is a
table fact, not a skill outcome).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from stammtisch.core.chance import ChanceNode
from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.core.text import Text

Counts = tuple[int, int, int, int]
Prior = tuple[float, float, float, float]

LAPLACE: Prior = (1.0, 1.0, 1.0, 1.0)


def count_landings(values: Iterable[int], counts: Counts = (0, 0, 0, 0)) -> Counts:
    """``counts`` plus the stoppers ``values`` (each 0-3)."""
    out = list(counts)
    for value in values:
        if value not in (0, 1, 2, 3):
            raise ImpossibleOutcome(
                "PR-3.1", Text(f"Ein Prömpel zählt 0 bis 3, nicht {value!r}.", f"A landing is 0 to 3, not {value!r}.")
            )
        out[value] += 1
    return (out[0], out[1], out[2], out[3])


def club_prior(all_counts: Iterable[Counts], strength: float = 8.0) -> Prior:
    """A prior with the club's pooled landing frequencies and ``strength`` pseudo-stoppers
    (falls back to Laplace when the club has no record yet)."""
    pooled = [0, 0, 0, 0]
    for counts in all_counts:
        for value in range(4):
            pooled[value] += counts[value]
    total = sum(pooled)
    if total == 0:
        return LAPLACE
    # Keep every value possible: a pseudo-count of at least 0.25 each.
    zero, one, two, three = (max(strength * count / total, 0.25) for count in pooled)
    return (zero, one, two, three)


@lru_cache(maxsize=1024)
def _posterior(counts: Counts, prior: Prior) -> tuple[float, float, float, float]:
    weights = [c + a for c, a in zip(counts, prior, strict=True)]
    total = sum(weights)
    return (weights[0] / total, weights[1] / total, weights[2] / total, weights[3] / total)


@dataclass(frozen=True, slots=True)
class PlayerSkill:
    """One player's landing counts (values 0, 1, 2, 3) and the prior they are smoothed with."""

    counts: Counts = (0, 0, 0, 0)
    prior: Prior = LAPLACE

    def __post_init__(self) -> None:
        if len(self.counts) != 4 or any(c < 0 for c in self.counts):
            raise ValueError("counts: four non-negative numbers for the landings 0, 1, 2, 3")
        if len(self.prior) != 4 or any(a <= 0 for a in self.prior):
            raise ValueError("prior: four positive pseudo-counts")

    @property
    def samples(self) -> int:
        """How many recorded stoppers the distribution rests on."""
        return sum(self.counts)

    def distribution(self) -> tuple[float, float, float, float]:
        """The probabilities of landing 0, 1, 2, 3 (posterior mean)."""
        return _posterior(self.counts, self.prior)

    def learn(self, values: Iterable[int]) -> PlayerSkill:
        """This skill with more recorded stoppers."""
        return PlayerSkill(count_landings(values, self.counts), self.prior)

    def to_json(self) -> dict[str, object]:
        return {"counts": list(self.counts), "samples": self.samples, "distribution": list(self.distribution())}


@dataclass(frozen=True, slots=True)
class SkillTable:
    """A ``core.chance.SkillModel`` for a whole table: one ``PlayerSkill`` per seat."""

    skills: tuple[PlayerSkill, ...]

    @classmethod
    def of(cls, seats: int, known: Mapping[int, PlayerSkill] | None = None, prior: Prior = LAPLACE) -> SkillTable:
        """Every seat's skill: the known ones, a new player (the prior alone) for the others."""
        known = known or {}
        return cls(tuple(known.get(seat, PlayerSkill(prior=prior)) for seat in range(seats)))

    def distribution(self, seat: int) -> tuple[float, float, float, float]:
        return self.skills[seat].distribution()

    def probabilities(self, node: ChanceNode) -> Sequence[float]:
        """One weight per outcome of a stopper node (``Landing``): the seat's distribution, 0 for
        an invalid attempt."""
        dist = self.distribution(node.seat or 0)
        return [0.0 if outcome.invalid else dist[outcome.points] for outcome in node.outcomes()]
