"""LAB-6 (issue 28.5): the Prömpeln lab's fast path (``sim/games/proempeln/fast.py``) plays the very games
the engine plays with the same bots and landings: the identical final state (round, turn position,
announcements, specials used, every round score and move, Kings, the Stechen's flicks, winner, end
reason) and the same claims, under every option the lab accepts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.proempeln import AdvisorBot
from stammtisch.core.options import resolve_options
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Record, State
from stammtisch.games.proempeln.options import OPTIONS
from stammtisch.sim.crn import play_with
from stammtisch.sim.games.proempeln import fast, lab

#: Every option value that changes how the engine plays or books a game the lab's bots play.
VARIANTS = [
    {},
    {"king_ends": "finish_round"},
    {"tiebreak_mode": "all_replay"},
    {"rotate_start_player": "true"},
    {"specials_mandatory": "false"},
    {"pash7_zero_pairs": "false"},
    {"meier_requires_mix": "false"},
    {"passive_resolution": "best_of"},
    {"auto_claim_passive": "true"},
    {"announce_deadline": "before_round_start"},
    {"invalid_attempt": "repeat", "invalid_announcement_consumes": "false", "specials_mandatory": "false"},
    {"king_ends": "finish_round", "tiebreak_mode": "all_replay", "rotate_start_player": "true"},
]


def engine_game(options: dict[str, str], seed: int, game: int) -> tuple[State, list[str]]:
    """The lab's game through the engine (``play_with``: legal actions, checks, views for the bots)."""
    start = GAME.start(lab.PLAYERS, resolve_options(OPTIONS, options))
    bots = [AdvisorBot(lab.SKILL) for _ in range(lab.PLAYERS)]
    claims: list[str] = []

    def note(before: object, step: object, after: object) -> None:
        if isinstance(step, Record) and step.claim != "none":
            claims.append(step.claim)

    final, _ = play_with(GAME, start, bots, lab._Streams(seed, game), random.Random(game), note)
    return final, claims


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_lab6_proempeln_fast_path_plays_the_engines_games(options: dict[str, str]) -> None:
    """40 games per option set, seed 15: the fast path's final state and claims equal the engine's."""
    config = GAME.start(lab.PLAYERS, resolve_options(OPTIONS, options)).config
    for game in range(40):
        assert fast.play(config, lab.PLAYERS, 15, game, lab.SKILL) == engine_game(options, 15, game), game


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**31), st.integers(0, 10**6))
def test_lab6_proempeln_fast_path_on_any_seed(options: dict[str, str], seed: int, game: int) -> None:
    """The same on drawn seeds and game numbers (Stechen, Kings and Kniffel replays come up by chance)."""
    config = GAME.start(lab.PLAYERS, resolve_options(OPTIONS, options)).config
    assert fast.play(config, lab.PLAYERS, seed, game, lab.SKILL) == engine_game(options, seed, game)


def test_lab6_proempeln_lab_figures_equal_the_engines() -> None:
    """The lab's figures by the fast path equal those counted from engine games (``lab.play_game``)."""
    played = [lab.play_game({"king_ends": "finish_round"}, 3, game) for game in range(30)]
    expected = lab.summarise(lab.run_games({"king_ends": "finish_round"}, 30, 3).options, played)
    assert lab.run_games({"king_ends": "finish_round"}, 30, 3) == expected
