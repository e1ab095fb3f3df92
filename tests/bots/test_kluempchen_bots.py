"""Klümpchen bots: the heuristic beats the random bot, and every bot only ever answers legally.

The decisions checked are those the rule text leaves to the player: which pair to keep (K-6.7),
15 Voll* a or b (S-8.3, KA-11), the free/risk 3rd throw (K-6.3, KA-03, KA-37), the joker (K-10,
K-13), standing in for an absent partner (K-16) and the redraw demand (K-17).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.base import RandomBot
from stammtisch.bots.games.kluempchen import BOTS, HeuristicBot, play_evening, start_evening
from stammtisch.bots.registry import bots_for
from stammtisch.core.protocol import Decision
from stammtisch.core.replay import apply_step
from stammtisch.core.testing import random_playout
from stammtisch.games import GAMES
from stammtisch.games.kluempchen.model import (
    AnnounceJoker,
    ChooseVollStar,
    KeepPair,
    StandIn,
    Stop,
    Throw,
)

GAME = GAMES["kluempchen"]


def table_state(*steps: str) -> object:
    """A table-mode evening with teams 0+1 and 2+3 after the given actions/outcomes (notation)."""
    state = GAME.start(4, GAME.configure({"mode": "table", "team_draw": "manual"}), {"teams": [[0, 1], [2, 3]]})
    for step in steps:
        turn = GAME.turn(state)
        if isinstance(turn, Decision):
            state = GAME.act(state, turn.seats[0], GAME.parse_action(step))
        else:
            state = GAME.resolve(state, GAME.parse_outcome(step))
    return state


def heuristic_choice(state: object, seat: int = 0) -> object:
    legal = GAME.legal_actions(state, seat)
    action = HeuristicBot().choose(GAME.view(state, seat), legal, random.Random(0))
    assert action in legal
    return action


def test_registry_offers_random_and_heuristic_for_kluempchen() -> None:
    assert set(bots_for(GAME)) == {"random", "heuristic"}
    assert BOTS["random"] is RandomBot


def test_heuristic_team_beats_random_team_by_a_clear_margin() -> None:
    """Over 300 one-round evenings (teams fixed, sides alternating so neither always starts), the
    heuristic pair loses far less often than the random pair and pays far less money (K-11..K-13)."""
    losses: Counter[str] = Counter()
    net: Counter[str] = Counter()
    evenings = 300
    for index in range(evenings):
        state, teams = start_evening(GAME, 4, fixed_teams=True)
        kinds = ["heuristic", "heuristic", "random", "random"]
        if index % 2:
            kinds = kinds[2:] + kinds[:2]
        bots = [BOTS[kind]() for kind in kinds]
        evening = play_evening(GAME, state, bots, random.Random(index), rounds=1, teams=teams)
        for losers in evening.result.details["losers"]:
            losses[kinds[losers[0]]] += 1
        for seat, cents in enumerate(evening.result.scores):
            net[kinds[seat]] += cents
    assert losses["heuristic"] + losses["random"] == evenings
    assert losses["heuristic"] <= 0.35 * evenings
    assert losses["random"] >= 0.65 * evenings
    assert net["heuristic"] > net["random"] + 100 * evenings  # at least 1 € per evening better


@pytest.mark.parametrize("players", [4, 5, 7])
@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_bots_only_ever_return_legal_actions(players: int, kind: str) -> None:
    """At every decision of random evenings (team draws, solo players, round ends, stand-ins), the
    bot asked for any seat the game waits for answers with one of that seat's legal actions."""
    rng = random.Random(players)
    bot = BOTS[kind]()
    checked = 0
    for game_index in range(4):
        initial = GAME.start(players, GAME.configure({"mode": "digital"}))
        playout = random_playout(GAME, initial, random.Random(game_index))
        state = initial
        for step in playout.steps:
            turn = GAME.turn(state)
            if isinstance(turn, Decision):
                for seat in turn.seats:
                    legal = GAME.legal_actions(state, seat)
                    assert bot.choose(GAME.view(state, seat), legal, rng) in legal
                    checked += 1
            state = apply_step(GAME, state, step)
    assert checked > 100


def test_bot_evenings_of_several_rounds_with_drawn_teams_finish() -> None:
    """Redraws (K-17) and the team draw (KA-22) inside a bot evening: play_evening closes after 3 rounds."""
    state, teams = start_evening(GAME, 5)
    bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot(), HeuristicBot()]
    evening = play_evening(GAME, state, bots, random.Random(11), rounds=3, teams=teams)
    assert evening.result.details["rounds"] == 3
    assert len(evening.round_views) == 3


def test_keeps_the_pair_worth_most_as_a_triple() -> None:
    """K-6.7: from 11 66 2 3 the pair of 1s (a triple of 1s is 10) is kept, not the 6s."""
    state = table_state("throw", "1 1 2 3 6 6")
    assert heuristic_choice(state) == KeepPair(1)


def test_voll_star_keeps_four_ones_and_confirms_fifteen_with_low_fours() -> None:
    """S-8.3/KA-11: 1111 22 is worth 20 for sure (b); 2222 33 only 4, so the 15 (a) is worth the risk."""
    assert heuristic_choice(table_state("throw", "1 1 1 1 2 2")) == ChooseVollStar("b")
    assert heuristic_choice(table_state("throw", "2 2 2 2 3 3")) == ChooseVollStar("a")


def test_takes_the_free_third_throw_with_nothing_countable() -> None:
    """K-6.3/KA-37: with only a pair after throw 2, stopping scores 0, so the free throw is taken."""
    state = table_state("throw", "1 1 2 2 3 4", "keep 1", "2 3 4 5")
    assert GAME.legal_actions(state, 0) == (Throw(), Stop())
    assert heuristic_choice(state) == Throw()


def test_stops_instead_of_risking_a_countable_result() -> None:
    """KA-03: a risk throw with 3 dice raises 666 less often than not, so the bot keeps its 6 points."""
    state = table_state("throw", "2 3 4 6 6 6", "1 2 3")
    assert heuristic_choice(state) == Stop()


def test_announces_the_joker_as_player_two_when_the_partner_has_points() -> None:
    """K-10: the partner put up 6, so the joker is announced for player 2's turn."""
    state = table_state("throw", "2 3 4 6 6 6", "1 2 3", "stop")
    assert GAME.view(state, None)["provisional"]["points"] == 6
    assert heuristic_choice(state, 1) == AnnounceJoker()


def test_keeps_the_joker_on_the_first_turn_of_the_round() -> None:
    """K-10.2: nothing forces the joker yet (early, not behind, no points put up)."""
    state = table_state()
    assert heuristic_choice(state) == Throw()


def test_stands_in_for_an_absent_partner() -> None:
    """K-16.1: the partner throws for the absent owner (reported away) instead of forfeiting the turn."""
    state = table_state("away")
    assert StandIn() in GAME.legal_actions(state, 1)
    assert heuristic_choice(state, 1) == StandIn()


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(4, 8),
    mix=st.lists(st.sampled_from(["heuristic", "random"]), min_size=8, max_size=8),
)
def test_any_mix_of_bots_finishes_an_evening_with_legal_moves(seed: int, players: int, mix: list[str]) -> None:
    """Whatever the seats, bots and dice, a bot evening ends after its rounds (KA-17) and every
    bot answer was legal (play_evening refuses anything else)."""
    state, teams = start_evening(GAME, players, fixed_teams=seed % 2 == 0)
    bots = [BOTS[kind]() for kind in mix[:players]]
    evening = play_evening(GAME, state, bots, random.Random(seed), rounds=2, teams=teams)
    assert evening.result.details["rounds"] == 2
    assert len(evening.result.scores) == players
