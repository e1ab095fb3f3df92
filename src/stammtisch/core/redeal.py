"""Re-dealing what a seat cannot see: the one shuffle every hidden-hand game's ``hide_others`` needs
(the conformance kit then checks that the seat's view did not change)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

Card = TypeVar("Card")


def redeal_hands(
    hands: Sequence[tuple[Card, ...]],
    others: Iterable[int],
    unseen: Iterable[Card],
    rng: random.Random,
    arrange: Callable[[list[Card]], tuple[Card, ...]],
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands of ``others`` and the ``unseen`` cards (a stock, face-down cards) shuffled together and
    dealt back in the same sizes; each new hand and the new unseen pile put in order by ``arrange``.
    Returns all hands (the other seats' unchanged) and the new unseen pile."""
    redealt = list(others)
    pool = list(unseen)
    for seat in redealt:
        pool.extend(hands[seat])
    rng.shuffle(pool)
    new_hands = list(hands)
    at = 0
    for seat in redealt:
        size = len(hands[seat])
        new_hands[seat] = arrange(pool[at : at + size])
        at += size
    return tuple(new_hands), arrange(pool[at:])
