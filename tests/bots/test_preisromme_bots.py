"""Preisrommé bots: they only ever choose legal actions, see only views, and the heuristic beats
the random bot clearly over fixed seeds (R-13.1 penalty points, RA-23: lower penalty is better)."""

from __future__ import annotations

import random

from stammtisch.bots.base import RandomBot
from stammtisch.bots.games.preisromme.heuristic import HeuristicBot, completes_figure, connections
from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.games import GAMES
from stammtisch.games.preisromme.cards import CARD

GAME = GAMES["preisromme"]


def _cards(text: str) -> list[int]:
    return [CARD[code] for code in text.split()]


def test_the_registry_offers_random_and_heuristic() -> None:
    assert {"random", "heuristic"} <= set(bots_for(GAME))
    assert isinstance(bots_for(GAME)["heuristic"](), HeuristicBot)


def test_bots_only_return_legal_actions() -> None:
    """play_out raises BotMistake on any answer outside legal_actions; mixes of both bots finish."""
    for seed in range(4):
        seats = 2 + seed % 3
        bots = [HeuristicBot() if (seat + seed) % 2 else RandomBot() for seat in range(seats)]
        state = GAME.start(seats, GAME.configure({"games_per_pass": 2}))
        done = play_out(GAME, state, bots, random.Random(seed))
        assert len(done.result.details["games"]) == 2


def test_the_heuristic_beats_random_over_fixed_seeds() -> None:
    """Seats alternate so neither bot always sits first; totals are net scores (−penalty points)."""
    totals = {"heuristic": 0, "random": 0}
    for seed in range(8):
        heuristic_first = seed % 2 == 0
        bots = [HeuristicBot() if (seat % 2 == 0) == heuristic_first else RandomBot() for seat in range(4)]
        state = GAME.start(4, GAME.configure({"games_per_pass": 2}))
        done = play_out(GAME, state, bots, random.Random(1000 + seed))
        for seat, score in enumerate(done.result.scores):
            totals[bots[seat].name] += score
    assert totals["heuristic"] > totals["random"] + 1000, totals


def test_completes_figure_and_connections() -> None:
    """RA-10: three in a row of one suit, or one rank in three suits."""
    hand = _cards("5H 6H KC KS 2D")
    assert completes_figure(CARD["7H"], hand)
    assert completes_figure(CARD["4H"], hand)
    assert completes_figure(CARD["KH"], hand)
    assert not completes_figure(CARD["9H"], hand)
    assert completes_figure(CARD["JK"], hand)
    assert connections(CARD["7H"], hand) > connections(CARD["9C"], hand) == 0


def test_the_heuristic_discards_a_high_unconnected_card_and_keeps_jokers() -> None:
    bot = HeuristicBot()
    view = {"hand": ["5H", "6H", "KC", "2D", "JK"], "window": None}
    legal = tuple(GAME.parse_action(f"discard {code}") for code in view["hand"])
    assert GAME.format_action(bot.choose(view, legal, random.Random(0))) == "discard KC"


def test_the_heuristic_takes_a_fitting_discard_and_does_not_knock_for_a_loose_one() -> None:
    bot = HeuristicBot()
    rng = random.Random(0)
    take = (GAME.parse_action("take"), GAME.parse_action("pass"))
    knock = (GAME.parse_action("knock"), GAME.parse_action("pass"))
    view = {"hand": ["5H", "6H", "KC", "2D"], "window": {"card": "7H"}}
    assert GAME.format_action(bot.choose(view, take, rng)) == "take"
    assert GAME.format_action(bot.choose(view, knock, rng)) == "knock"
    loose = {"hand": ["5H", "6H", "KC", "2D"], "window": {"card": "9S"}}
    assert GAME.format_action(bot.choose(loose, take, rng)) == "pass"
    assert GAME.format_action(bot.choose(loose, knock, rng)) == "pass"
