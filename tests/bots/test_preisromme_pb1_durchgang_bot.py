"""The Durchgang bot (bots/games/preisromme/durchgang.py, PB-11) at a table: selectable for empty seats like
every bot (bots/registry.py), it answers only with legal actions, under any house rules, through whole
Durchgänge (R-1.2), and decides from its seat's view alone (PB-1: hidden hands and stock, R-3; hidden knock
answers, R-4)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.preisromme.durchgang import DurchgangBot
from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.registry import bots_for
from stammtisch.games.preisromme import GAME
from tests.support.play import Deal

HOUSE_RULES = {
    option.key: option.choices or ((False, True) if isinstance(option.default, bool) else ())
    for option in GAME.options
    if option.key not in ("mode", "games_per_pass")
}


def _play(seed: int, options: dict[str, Any], games: int, checks: int = 0) -> tuple[int, int, int]:
    """A Durchgang of ``games`` deals with the Durchgang bot in seat ``seed mod 4`` and heuristic bots elsewhere;
    every answer of the bot must be legal, and at ``checks`` of its decisions a twin with the same memory,
    shown the view of a state whose other hands and stock were re-dealt (``hide_others``), must choose the
    same. Returns the deals finished, the views compared and the bot's decisions with a choice."""
    rng = random.Random(seed)
    state = GAME.start(4, GAME.configure({"games_per_pass": games, **options}))
    bot, heuristic, seat = DurchgangBot(), HeuristicBot(), seed % 4
    compared = choices = 0

    def choose(state: Any, actor: int, legal: tuple[Any, ...]) -> Any:
        nonlocal compared, choices
        if actor != seat:
            return heuristic.choose(GAME.view(state, actor), legal, rng)
        memory = bot.memory
        action = bot.choose(GAME.view(state, actor), legal, random.Random(7))
        assert action in legal
        choices += len(legal) > 1
        if compared < checks and len(legal) > 1:
            other = GAME.hide_others(state, actor, rng.randrange(1 << 30))
            twin = DurchgangBot()
            twin.memory = memory
            assert twin.choose(GAME.view(other, actor), GAME.legal_actions(other, actor), random.Random(7)) == action
            compared += 1
        return action

    final = Deal(GAME, state, rng, choose, max_steps=6000 * games).play()
    return len(final.history), compared, choices


def test_the_durchgang_bot_is_offered_for_empty_seats() -> None:
    """bots/registry.py lists it beside the heuristic, the strong policy and the search bot."""
    bots = bots_for(GAME)
    assert {"heuristic", "strong", "search", "durchgang"} <= set(bots)
    assert bots["durchgang"]().name == "durchgang"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_r12_a_whole_durchgang_with_legal_moves_only(seed: int) -> None:
    """R-1.2: a Durchgang of several deals, the bot's memory starting afresh each deal (PB-2): every answer
    legal, every deal finished."""
    finished, _, _ = _play(seed, {}, 3)
    assert finished == 3


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_pb1_the_choice_depends_only_on_the_view(seed: int) -> None:
    """PB-1: the other hands and the stock re-dealt leave every compared choice unchanged."""
    _, compared, choices = _play(seed, {}, 1, checks=25)
    assert compared == min(25, choices) > 0


@settings(max_examples=4, deadline=None)
@given(data=st.data(), seed=st.integers(0, 1000))
def test_under_any_house_rules_the_bot_answers_with_a_legal_move(data: st.DataObject, seed: int) -> None:
    """The view carries no options and the bot plans with the defaults (RA-01 three packs, RA-11 wrap-round
    runs, ...): whatever the house rules, its answer is one of the legal actions."""
    chosen = {key: data.draw(st.sampled_from(values)) for key, values in HOUSE_RULES.items() if values}
    finished, _, _ = _play(seed, chosen, 1)
    assert finished == 1
