"""Bad input from the issue: each refused with the clause it breaks (in the error's data, not in the
sentence), a German and an English message, and nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stammtisch.core.errors import RuleViolation
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import State

from .helpers import begin, play, rack


def _removed_cup() -> tuple[State, Callable[[State], object]]:
    state = play(begin(2), "hit 1", "miss", "miss", "miss")
    return state, lambda s: play(s, "hit 1")


def _skipped_neighbour() -> tuple[State, Callable[[State], object]]:
    state = play(begin(2), "hit 1 bounce", "miss")
    return state, lambda s: play(s, "1: remove 10")


def _second_island() -> tuple[State, Callable[[State], object]]:
    state = rack(begin(2), 1, "o x x o o x x x x o")
    state = play(state, "0: island 10", "hit 10", "hit 1")  # seat 0's call is due: one of his decisions
    return state, lambda s: play(s, "0: island 5")


def _wrong_pair() -> tuple[State, Callable[[State], object]]:
    state = play(begin(6, teams=[[0, 2, 4], [1, 3, 5]]), "0: pair 0 2", "miss", "miss", "1: pair 1 3", "miss", "miss")
    return state, lambda s: play(s, "2: pair 0 2")


def _while_drinking() -> tuple[State, Callable[[State], object]]:
    state = play(begin(2), "hit 1", "miss", "drinking B", "miss", "miss")
    return state, lambda s: play(s, "miss")


def _dead_cup_in_opposing_round() -> tuple[State, Callable[[State], object]]:
    state = play(begin(2), "hit 5", "miss", "standing 5", "miss", "miss")
    return state, lambda s: play(s, "dead-removed 5")


CASES = {
    "BP-3.1": _removed_cup,
    "BP-3.2": _skipped_neighbour,
    "BP-22.2": _second_island,
    "BP-11.3": _wrong_pair,
    "BP-7.1": _while_drinking,
    "BP-18.2": _dead_cup_in_opposing_round,
}


@pytest.mark.parametrize("clause", sorted(CASES))
def test_refused_with_clause_and_both_languages(clause: str) -> None:
    state, attempt = CASES[clause]()
    before = GAME.view(state, None)
    with pytest.raises(RuleViolation) as error:
        attempt(state)
    refusal = error.value
    assert refusal.clause == clause
    assert refusal.code in ("action/illegal", "outcome/impossible")
    de, en = refusal.message.de, refusal.message.en
    assert de and en and de != en
    for text in (de, en):
        assert "BP-" not in text and "Art " not in text
    assert refusal.text("de").endswith(f"({clause})")
    assert GAME.view(state, None) == before
