"""core.redeal: the other seats' hands and the unseen cards are shuffled together and dealt back in
the same sizes; the seat's own hand is untouched and no card is made or lost."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.redeal import redeal_hands


@given(st.lists(st.lists(st.integers(0, 50), max_size=6), min_size=2, max_size=5), st.integers(0, 10**6))
def test_sizes_and_cards_are_conserved_and_the_own_hand_stays(raw: list[list[int]], seed: int) -> None:
    hands = tuple(tuple(sorted(hand)) for hand in raw)
    unseen = (100, 101, 102)
    hands_after, unseen_after = redeal_hands(hands, range(1, len(hands)), unseen, random.Random(seed), _sorted)
    assert hands_after[0] == hands[0]
    assert [len(hand) for hand in hands_after] == [len(hand) for hand in hands]
    assert len(unseen_after) == len(unseen)
    before = Counter(card for hand in hands for card in hand) + Counter(unseen)
    assert Counter(card for hand in hands_after for card in hand) + Counter(unseen_after) == before


def _sorted(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))
