"""Chance events: what can happen, with exact probabilities, and the one sampler.

A ``ChanceNode`` lists the possible outcomes in the form a person would enter them at the table
(the multiset of dice faces, a card, a cap's landing). Dice and cards carry exact ``Fraction``
probabilities; skill outcomes (a cap landing, a throw hitting a cup) carry none, and a skill
model supplies them for digital play.

``sample`` is the only place in the whole code base where anything is drawn at random; it takes
the random generator as an argument, so engines stay pure and every draw is reproducible.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Protocol

from stammtisch.core.text import Text


class Distribution(ABC):
    """What a chance node can produce. ``kind`` is 'dice', 'cards', 'lot' or 'skill'."""

    kind: str = "dice"

    @abstractmethod
    def outcomes(self) -> tuple[Any, ...]:
        """Every possible outcome, in a documented canonical order."""

    @abstractmethod
    def contains(self, outcome: object) -> bool:
        """Whether ``outcome`` can happen here."""

    def probability(self, outcome: object) -> Fraction | None:
        """The exact probability of ``outcome``; ``None`` for skill outcomes."""
        return None

    @property
    def has_probabilities(self) -> bool:
        return True

    def draw(self, rng: random.Random) -> Any:
        """Draw one outcome. Called only by :func:`sample`."""
        outcomes = self.outcomes()
        weights = [self.probability(o) for o in outcomes]
        return _weighted_choice(outcomes, [float(w or 0) for w in weights], rng)


@dataclass(frozen=True, slots=True)
class DiceOutcome:
    """The faces that ``count`` dice show, as a sorted tuple (a multiset: order is not entered)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if tuple(sorted(self.faces)) != self.faces:
            object.__setattr__(self, "faces", tuple(sorted(self.faces)))

    def counts(self) -> Counter[int]:
        return Counter(self.faces)

    def __str__(self) -> str:
        return "".join(str(face) for face in self.faces)


@lru_cache(maxsize=64)
def _dice_outcomes(count: int, sides: int) -> tuple[DiceOutcome, ...]:
    return tuple(DiceOutcome(faces) for faces in itertools.combinations_with_replacement(range(1, sides + 1), count))


@lru_cache(maxsize=4096)
def multiset_probability(faces: tuple[int, ...], sides: int = 6) -> Fraction:
    """Exact multinomial probability of rolling exactly this multiset of faces."""
    arrangements = math.factorial(len(faces))
    for multiplicity in Counter(faces).values():
        arrangements //= math.factorial(multiplicity)
    return Fraction(arrangements, sides ** len(faces))


@dataclass(frozen=True, slots=True)
class DiceRoll(Distribution):
    """``count`` fair dice with ``sides`` sides. Canonical order: sorted multisets, lexicographic."""

    count: int
    sides: int = 6
    kind = "dice"

    def outcomes(self) -> tuple[DiceOutcome, ...]:
        return _dice_outcomes(self.count, self.sides)

    def contains(self, outcome: object) -> bool:
        return (
            isinstance(outcome, DiceOutcome)
            and len(outcome.faces) == self.count
            and all(isinstance(f, int) and 1 <= f <= self.sides for f in outcome.faces)
        )

    def probability(self, outcome: object) -> Fraction | None:
        if not self.contains(outcome):
            return Fraction(0)
        assert isinstance(outcome, DiceOutcome)
        return multiset_probability(outcome.faces, self.sides)

    def draw(self, rng: random.Random) -> DiceOutcome:
        # Rolling each die and sorting has exactly the multinomial distribution of outcomes().
        return DiceOutcome(tuple(sorted(rng.randint(1, self.sides) for _ in range(self.count))))


@dataclass(frozen=True, slots=True)
class Categorical(Distribution):
    """A finite list of outcomes with exact probabilities (``None``: a skill outcome)."""

    choices: tuple[Any, ...]
    probabilities: tuple[Fraction, ...] | None = None
    kind: str = "lot"

    def __post_init__(self) -> None:
        if self.probabilities is not None:
            if len(self.probabilities) != len(self.choices):
                raise ValueError("one probability per outcome")
            if sum(self.probabilities, Fraction(0)) != 1:
                raise ValueError("probabilities must sum to exactly 1")

    def outcomes(self) -> tuple[Any, ...]:
        return self.choices

    def contains(self, outcome: object) -> bool:
        return outcome in self.choices

    def probability(self, outcome: object) -> Fraction | None:
        if self.probabilities is None:
            return None
        for choice, p in zip(self.choices, self.probabilities, strict=True):
            if choice == outcome:
                return p
        return Fraction(0)

    @property
    def has_probabilities(self) -> bool:
        return self.probabilities is not None

    @classmethod
    def uniform(cls, choices: Sequence[Any], kind: str = "lot") -> Categorical:
        n = len(choices)
        return cls(tuple(choices), tuple(Fraction(1, n) for _ in choices), kind)

    @classmethod
    def skill(cls, choices: Sequence[Any]) -> Categorical:
        """Outcomes whose probabilities depend on who plays: a skill model supplies them."""
        return cls(tuple(choices), None, "skill")


@dataclass(frozen=True, slots=True)
class ChanceNode:
    """A point where chance (or a real table) decides. ``seat`` is whose throw or draw it is, if any;
    ``context`` tells a skill model what is being attempted (e.g. which round, which cap)."""

    distribution: Distribution
    label: Text
    seat: int | None = None
    context: tuple[tuple[str, Any], ...] = ()

    def outcomes(self) -> tuple[Any, ...]:
        return self.distribution.outcomes()

    def probability(self, outcome: object) -> Fraction | None:
        return self.distribution.probability(outcome)

    def contains(self, outcome: object) -> bool:
        return self.distribution.contains(outcome)


class SkillModel(Protocol):
    """Supplies probabilities for skill outcomes (one player's cap or throw distribution). A model may
    also offer ``cumulative(node)``: the running sums of ``probabilities(node)`` (``itertools.accumulate``
    of the same weights, so the draw is the same), kept by the model so ``sample`` neither copies nor
    sums the weights on every draw (a simulation draws millions of times)."""

    def probabilities(self, node: ChanceNode) -> Sequence[float]:
        """One non-negative weight per outcome of ``node``, in its canonical order."""
        ...


def _weighted_choice(outcomes: Sequence[Any], weights: Sequence[float], rng: random.Random) -> Any:
    cumulative = list(itertools.accumulate(weights))
    total = cumulative[-1]
    if total <= 0:
        raise ValueError("weights must not all be zero")
    return outcomes[bisect.bisect_right(cumulative, rng.random() * total)]


def sample(node: ChanceNode, rng: random.Random, model: SkillModel | None = None) -> Any:
    """Draw an outcome of ``node``: from its exact distribution, or from ``model`` for skill outcomes.

    This is the only function that draws. A skill outcome without a model is an error, because
    guessing a player's skill silently would corrupt statistics.
    """
    distribution = node.distribution
    if distribution.has_probabilities:
        return distribution.draw(rng)
    if model is None:
        raise ValueError("this chance node is a skill outcome: pass a skill model to sample it")
    cumulative = getattr(model, "cumulative", None)
    if cumulative is not None:
        sums: Sequence[float] = cumulative(node)
        if sums[-1] <= 0:
            raise ValueError("weights must not all be zero")
        return node.outcomes()[bisect.bisect_right(sums, rng.random() * sums[-1])]
    return _weighted_choice(node.outcomes(), list(model.probabilities(node)), rng)
