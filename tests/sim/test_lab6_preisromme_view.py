"""LAB-6 (issue 28.5): the Preisrommé lab shows its heuristic bots only the parts of the seat's view they
read (``lab.bot_view``: the hand and an open window's card); the deals must be the very deals they play
when shown the engine's whole view: the same final state, step for step the same moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.sim.crn import play_with
from stammtisch.sim.games.preisromme import lab

VARIANTS = [{}, *({key: value} for key, value in lab.VARIANTS)]


def deal(options: dict[str, str], seed: int, number: int, cheap: bool) -> tuple[object, list[object]]:
    """The lab's deal (its deck, bots and cut-off) with the bots shown ``bot_view`` or the whole view."""
    stream = random.Random(f"preisromme/{seed}/{number}")
    steps: list[object] = []
    final, _ = play_with(
        lab.GAME,
        lab.start_state(options),
        [HeuristicBot() for _ in range(lab.PLAYERS)],
        lab._Deck(stream),
        stream,
        lambda before, step, after: steps.append(step),
        lab._stuck,
        view=lab.bot_view if cheap else None,
    )
    return final, steps


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_lab6_preisromme_bots_play_the_same_deals_on_the_cheap_view(options: dict[str, str]) -> None:
    """Eight deals per rule set of the page, seed 15: the same steps and the same final state."""
    for number in range(8):
        assert deal(options, 15, number, cheap=True) == deal(options, 15, number, cheap=False), number


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**31), st.integers(0, 10**6))
def test_lab6_preisromme_cheap_view_on_any_seed(options: dict[str, str], seed: int, number: int) -> None:
    assert deal(options, seed, number, cheap=True) == deal(options, seed, number, cheap=False)


def test_lab6_preisromme_lab_figures_with_either_view() -> None:
    """The lab's figures from its deals equal those of deals played on the whole view."""
    whole = [lab.play_deal({"jokers": "2"}, 4, number, full_view=True) for number in range(20)]
    assert [lab.play_deal({"jokers": "2"}, 4, number) for number in range(20)] == whole
