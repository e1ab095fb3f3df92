"""The strong Preisrommé policy (bots/games/preisromme/strong.py, PB-9): it plays for the opening, one figure of
at least 40 points (R-6.1, RA-09), counted with R-6.5/RA-11 (the ace) and RA-12 (a joker as its card); after
the opening it takes what it can lay at once (RA-14); it only ever answers with a legal action."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.games.preisromme.playout import rollout_choice
from stammtisch.bots.games.preisromme.strong import TARGETS, dead_cards, opening_discard, potential, strong_choice
from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, JOKER
from stammtisch.games.preisromme.melds import build_run, build_set, figure_points
from stammtisch.games.preisromme.model import Discard, Figure, State, Take
from stammtisch.games.preisromme.moves import presence, table_moves
from tests.support.play import Deal


def _cards(text: str) -> list[int]:
    return [CARD[code] for code in text.split()]


def _mask(text: str) -> int:
    return presence(_cards(text))


def test_r63_the_rule_texts_forties_are_targets() -> None:
    """R-6.3's examples: 6-10 of a suit, 10-J-Q-K, J-Q-K-A, four tens (to aces) of the four suits."""
    masks = {mask for mask, _ in TARGETS}
    for example in ("6H 7H 8H 9H 10H", "10C JC QC KC", "JS QS KS AS", "10C 10S 10H 10D", "AC AS AH AD"):
        assert _mask(example) in masks, example


def test_ra09_ra11_every_target_is_one_figure_of_forty_and_the_shortest_from_its_start() -> None:
    """Each target laid as it is makes one legal figure worth >= 40 (the ace 1 below the two, 10 above the
    king and in a set); a run target without its highest card is short of 40."""
    for mask, size in TARGETS:
        cards = [card for card in range(52) if mask >> card & 1]
        assert len(cards) == size
        if len({card % 13 for card in cards}) == 1:
            figure = build_set(cards, 0)
        else:
            ranks = sorted(card % 13 + 1 for card in cards)
            high_ace = ranks[0] == 1 and ranks[-1] == 13
            ordered = sorted(cards, key=lambda c: 14 if high_ace and c % 13 == 0 else c % 13 + 1)
            figure = build_run(ordered, 0)
            assert isinstance(figure, Figure)
            shorter = build_run(ordered[:-1], 0)
            assert not isinstance(shorter, Figure) or figure_points(shorter) < 40
        assert isinstance(figure, Figure)
        assert figure_points(figure) >= 40


def test_ra12_a_joker_fills_a_gap_of_a_forty() -> None:
    """10H JH KH and a joker (for the QH) is a ready forty, worth a full 1 like 10H JH QH KH; without the
    joker the hand is a card short of every forty and weighs less than one ready forty."""
    assert potential(_mask("10H JH KH"), 1, 0) >= 1.0
    assert potential(_mask("10H JH QH KH"), 0, 0) >= 1.0
    assert potential(_mask("10H JH KH"), 0, 0) < 1.0


def test_ra01_a_forty_whose_card_is_gone_counts_no_more() -> None:
    """Both QH (RA-01: two packs) seen on the table or in the pile: 10H-JH-QH-KH and JH-QH-KH-AH are dead."""
    hand = _cards("10H JH KH 5C")
    dead = dead_cards(hand, (), _cards("QH QH"), -1)
    assert dead >> CARD["QH"] & 1
    assert potential(presence(hand), 0, dead) < potential(presence(hand), 0, 0)


def test_r61_before_the_opening_the_cards_of_a_forty_are_kept() -> None:
    """10H JH _ KH is one QH from a forty. The heuristic throws the KH (its least connected card, R-13.1
    highest first); the strong policy keeps the three and throws a low card."""
    codes = "10H JH KH 2C 3C 5S 5D 7D 8D 4C 4S 6S 6C".split()
    hand = sorted(CARD[code] for code in codes)
    legal = tuple(Discard(code) for code in sorted(set(codes), key=lambda code: CARD[code]))
    assert HeuristicBot().choose({"hand": codes, "window": None}, legal, random.Random(0)) == Discard("KH")
    assert opening_discard(hand, 0) not in _cards("10H JH KH")


def _deal(seed: int, chooser: str) -> tuple[int, bool]:
    """A four-seat deal with the strong policy in seat ``seed % 4`` (``chooser`` ``strong``) or at every seat
    (``all``); (decisions checked, finished)."""
    rng = random.Random(seed)
    state = GAME.start(4, GAME.configure({"mode": "digital", "games_per_pass": 1}))
    checked = 0

    def choose(state: State, seat: int, legal: tuple[Any, ...]) -> Any:
        nonlocal checked
        if chooser == "all" or seat == seed % 4:
            action = strong_choice(state, seat, legal, state.pile)
            assert action in legal
            checked += 1
            return action
        return rollout_choice(state, seat, legal)

    deal = Deal(GAME, state, rng, choose, max_steps=3000)
    deal.play()
    return checked, deal.finished


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000), chooser=st.sampled_from(("strong", "all")))
def test_the_strong_policy_plays_legal_moves_and_deals_end(seed: int, chooser: str) -> None:
    """Only legal actions (bots/base.py) at every decision, and the deal ends (R-11.2, PB-8)."""
    checked, finished = _deal(seed, chooser)
    assert finished and checked > 0


def test_ra14_after_the_opening_a_card_that_lays_off_is_taken() -> None:
    """An opened next player takes a discard that fits a figure on the table (laid off at once), and lets
    a loose one go by."""
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.start(4, GAME.configure({"mode": "digital", "games_per_pass": 1}))
        for _ in range(3000):
            turn = GAME.turn(state)
            if isinstance(turn, Finished):
                break
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
                continue
            seat = turn.seats[0]
            legal = GAME.legal_actions(state, seat)
            if isinstance(legal[0], Take) and state.opened_turn[seat] >= 0 and state.top != JOKER:
                fits = table_moves(state.table, True, False, False, False).layoff_bits >> state.top & 1
                if fits:
                    assert strong_choice(state, seat, legal, state.pile) == legal[0]
                    return
            state = GAME.act(state, seat, rollout_choice(state, seat, legal))
    raise AssertionError("no opened next player met a fitting discard in 200 deals")


def test_the_strong_bot_plays_whole_matches_from_its_views() -> None:
    """The registered ``strong`` bot (views only, bots/base.py) at every seat of 3- and 4-seat tables: play_out
    raises BotMistake on any answer outside legal_actions; every game of the pass ends (R-11.2, PB-8)."""
    for seats in (3, 4):
        state = GAME.start(seats, GAME.configure({"games_per_pass": 2}))
        bots = [bots_for(GAME)["strong"]() for _ in range(seats)]
        done = play_out(GAME, state, bots, random.Random(seats), max_steps=20_000)
        assert len(done.result.details["games"]) == 2
