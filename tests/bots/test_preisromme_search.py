"""The Preisrommé search bot (bots/games/preisromme/search.py, issue 15.5): it picks only legal actions,
decides from its seat's view alone, and its determinized worlds agree with everything that seat has
seen (R-3 hidden hands and stock, R-4 hidden knock answers, R-5.1 the card a knocker won, RA-10 the
figures on the table)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.games.preisromme.playout import PENALTY_SCALE, completes, rollout_choice
from stammtisch.bots.games.preisromme.search import Evaluation, SearchBot, StrongBot
from stammtisch.bots.games.preisromme.worlds import determinize, figure_from_view
from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, deck
from stammtisch.games.preisromme.melds import figure_cards
from stammtisch.games.preisromme.model import WINDOW, Discard, Knock, Pass, State
from stammtisch.games.preisromme.moves import presence
from stammtisch.games.preisromme.view import figure_view
from tests.support.play import Deal

HEURISTIC = HeuristicBot()


def decisions(seed: int, seats: int = 4, options: dict[str, object] | None = None) -> Iterator[tuple[State, int]]:
    """Every decision of a heuristic deal (state, seat), one deal per seed."""
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure({"games_per_pass": 1, **(options or {})}))

    def heuristic(state: State, seat: int, legal: tuple[Any, ...]) -> Any:
        return HEURISTIC.choose(GAME.view(state, seat), legal, rng)

    for move in Deal(GAME, state, rng, heuristic, max_steps=20_000):
        yield move.state, move.seat


def all_cards(state: State) -> Counter[int]:
    cards: Counter[int] = Counter(card for hand in state.hands for card in hand)
    cards.update(state.stock)
    cards.update(state.pile)
    cards.update(card for figure in state.table for card in figure_cards(figure))
    if state.top >= 0:
        cards[state.top] += 1
    return cards


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), world_seed=st.integers(0, 10_000), seats=st.sampled_from((2, 4, 5)))
def test_a_world_shows_the_seat_its_view_and_holds_the_whole_deck(seed: int, world_seed: int, seats: int) -> None:
    """R-3, R-4: every determinized world gives the deciding seat the very view it was given (its hand,
    the table, the pile's top, the counts, its own window answer), and the 110 cards (RA-01) are all
    there once, wherever the unseen ones were dealt."""
    for state, seat in decisions(seed, seats):
        view = GAME.view(state, seat)
        world = determinize(view, random.Random(world_seed))
        assert GAME.view(world, seat) == view
        assert all_cards(world) == Counter(deck(2, 6))
        assert world.hands[seat] == state.hands[seat]
        assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)


def test_worlds_deal_the_unseen_cards_differently() -> None:
    """The hidden hands are drawn, not copied: two worlds of one view differ, and neither is the real deal."""
    state, seat = next((s, seat) for s, seat in decisions(3) if s.phase == WINDOW and s.turn_no > 4)
    view = GAME.view(state, seat)
    first, second = determinize(view, random.Random(1)), determinize(view, random.Random(2))
    others = [other for other in range(4) if other != seat]
    assert [first.hands[o] for o in others] != [second.hands[o] for o in others]
    assert [first.hands[o] for o in others] != [state.hands[o] for o in others]


def test_the_card_a_knocker_won_stays_in_her_hand_in_every_world() -> None:
    """R-5.1: the seat that won a knocked card has not played since, so every world deals it that card."""
    found = 0
    for seed in range(40):
        for state, seat in decisions(seed):
            last = state.last_window
            if not last or last[1] < 0 or last[1] in (seat, state.current):
                continue
            if state.phase == WINDOW and state.discarder == last[1]:
                continue
            card, taker = last[0], last[1]
            view = GAME.view(state, seat)
            for world_seed in range(3):
                assert card in determinize(view, random.Random(world_seed)).hands[taker]
            found += 1
        if found >= 5:
            break
    assert found >= 5


def test_table_figures_are_rebuilt_from_their_view() -> None:
    """RA-10, R-10.3: runs and sets (jokers standing for cards) come back from the view as they lie."""
    seen = 0
    for seed in range(6):
        for state, _seat in decisions(seed):
            for number, figure in enumerate(state.table, start=1):
                assert figure_from_view(figure_view(number, figure)) == figure
                seen += 1
    assert seen > 20


def test_the_playout_policy_is_the_heuristic() -> None:
    """The fast playout policy makes the heuristic's choice (R-4.4 take, R-4.1 knock, R-7 swap, R-6 lay,
    RA-14 lay off, R-13.1 discard) at every decision of heuristic deals, with the world's hand."""
    compared = 0
    for seed in range(12):
        for state, seat in decisions(seed):
            legal = GAME.legal_actions(state, seat)
            wanted = HEURISTIC.choose(GAME.view(state, seat), legal, random.Random(0))
            assert rollout_choice(state, seat, legal) == wanted
            compared += 1
    assert compared > 1000


@given(st.lists(st.sampled_from(sorted(CARD.values())), max_size=14), st.sampled_from(sorted(CARD.values())))
def test_completes_is_the_heuristics_completes_figure(hand: list[int], card: int) -> None:
    """RA-10: a run of three in one suit or a set of three suits, by presence mask as by the hand."""
    from stammtisch.bots.games.preisromme.heuristic import completes_figure

    assert completes(card, presence(hand)) == completes_figure(card, hand)


def test_the_bot_plays_only_legal_actions_in_whole_deals() -> None:
    """play_out raises BotMistake on any answer outside legal_actions; search bots at 2, 3 and 4 seats."""
    for seats in (2, 3, 4):
        bots: list[Any] = [SearchBot(worlds=4) if seat % 2 == 0 else HEURISTIC for seat in range(seats)]
        state = GAME.start(seats, GAME.configure({"games_per_pass": 1}))
        done = play_out(GAME, state, bots, random.Random(seats), max_steps=20_000)
        assert len(done.result.details["games"]) == 1


def test_the_choice_depends_only_on_the_view() -> None:
    """The bot receives the view, nothing else: the other hands and the stock re-dealt (``hide_others``)
    leave its choice unchanged, with the same random stream."""
    bot = SearchBot(worlds=6)
    checked = 0
    for state, seat in decisions(11):
        legal = GAME.legal_actions(state, seat)
        if len(legal) < 2 or checked >= 8:
            continue
        other = GAME.hide_others(state, seat, 99)
        assert other.hands != state.hands
        first = bot.choose(GAME.view(state, seat), legal, random.Random(5))
        second = bot.choose(GAME.view(other, seat), GAME.legal_actions(other, seat), random.Random(5))
        assert first == second
        assert first in legal
        checked += 1
    assert checked == 8


def test_other_house_rules_still_give_legal_moves() -> None:
    """RA-01 with three packs: the bot's default deck does not match the view, so it plays the
    heuristic's move, which is legal."""
    bot = SearchBot(worlds=2)
    for state, seat in decisions(2, options={"decks": 3}):
        legal = GAME.legal_actions(state, seat)
        assert bot.choose(GAME.view(state, seat), legal, random.Random(0)) in legal


def test_an_alternative_must_beat_the_strong_move_by_a_clear_margin() -> None:
    """Noise alone does not move the bot: a candidate replaces the strong policy's choice only when its paired
    advantage exceeds z standard errors; a candidate dropped by the race (fewer worlds) is not chosen."""
    noisy = Evaluation((Pass(), Knock()), ((0.0, 1.0, 0.0, 1.0), (1.0, 0.0, 1.0, 1.0)))
    assert noisy.best(1.65) == Pass()
    clear = Evaluation((Pass(), Knock()), ((0.0, 0.1, 0.0, 0.2), (0.5, 0.6, 0.5, 0.6)))
    assert clear.best(1.65) == Knock()
    raced = Evaluation((Discard("KC"), Discard("2D")), ((0.0,) * 8, (-1 / PENALTY_SCALE,) * 4))
    assert raced.best(1.65) == Discard("KC")
    dropped = Evaluation((Discard("KC"), Discard("2D"), Discard("9H")), ((0.0,) * 8, (1.0,) * 4, (0.1,) * 8))
    assert dropped.best(0.0) == Discard("9H")


def test_the_registry_offers_the_search_bot_for_empty_seats() -> None:
    """Empty seats (web table, ``stammtisch play``) take any registered bot: ``search`` is one for Preisrommé,
    and ``strong`` (the strong policy without the search, PB-9)."""
    assert isinstance(bots_for(GAME)["search"](), SearchBot)
    strong = bots_for(GAME)["strong"]()
    assert isinstance(strong, StrongBot) and strong.worlds == 0


def test_pb1_no_table_bot_sees_the_real_state() -> None:
    """PB-1: the perfect-information ceiling (``bench/preisromme_bot.py --cheat``, whose worlds are the real
    state) is a bench tool: no registered bot is it, and every search bot a table can seat deals its worlds
    from the view (``SearchBot.world`` is the determinization, never overridden)."""
    offered = bots_for(GAME)
    assert "cheat" not in offered
    for factory in offered.values():
        bot = factory()
        if isinstance(bot, SearchBot):
            assert type(bot).world is SearchBot.world


HOUSE_RULES = {
    option.key: option.choices or ((False, True) if isinstance(option.default, bool) else ())
    for option in GAME.options
    if option.key not in ("mode", "games_per_pass")
}


@settings(max_examples=4, deadline=None)
@given(data=st.data(), seed=st.integers(0, 1000))
def test_under_any_house_rules_the_bot_answers_with_a_legal_move(data: st.DataObject, seed: int) -> None:
    """The view carries no options and the bot plans with the defaults (RA-11 wrap-round runs, RA-15,
    RA-25, ... may differ at the table): whatever the house rules, its answer is one of the legal actions."""
    chosen = {key: data.draw(st.sampled_from(values)) for key, values in HOUSE_RULES.items() if values}
    bot = SearchBot(worlds=2)
    for state, seat in decisions(seed, 4, chosen):
        legal = GAME.legal_actions(state, seat)
        if seat == 0:
            assert bot.choose(GAME.view(state, seat), legal, random.Random(seed)) in legal
