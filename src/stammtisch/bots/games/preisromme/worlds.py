"""Determinizing a Preisrommé seat's view: full states (worlds) the view could come from.

The cards a seat cannot see are every card not in its hand, not on the table and not face up on the pile
(RA-01: 2 x 52 + 6 jokers). A world deals them to the other hands, the pile below the face-up card and the
stock, in the sizes the view shows, and uses what the seat remembers of the deal (``memory``):

* the pile below the face-up card holds the discards nobody took, as far as the seat saw them;
* a card another seat took (R-4.4, R-5.1) or won by a joker swap (RA-15), and has not been seen to lay
  or throw since, is in her hand;
* the rest of her hand is drawn card by card with the memory's weights (weighted sampling without
  replacement, Efraimidis and Spirakis 2006: each card gets the key ``u ** (1 / weight)``, the largest
  keys win), so a hand that let a card go by seldom holds its neighbours;
* the other seats' hidden answers in an open knock window are what the heuristic would answer with the
  dealt hand.

``view(world, seat)`` is then exactly the view the seat was given (tests/bots/test_preisromme_search.py
checks it): a world never uses anything the seat has not seen. The bot plans with the default house rules
of ``games/preisromme/options.py`` except the mode and the number of games the view states (a view does
not carry the options; see ``ViewMismatch``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.games.preisromme.memory import Memory
from stammtisch.games.preisromme.cards import CARD, CODES, deck, rank_of, suit_of
from stammtisch.games.preisromme.model import (
    CLAIMED,
    EMPTY,
    PASSED,
    PLAY,
    RUN,
    SET,
    UNANSWERED,
    Config,
    Figure,
    Knock,
    Pass,
    Phase,
    State,
    Take,
)

_PHASES = {phase.name.lower(): phase for phase in Phase}
_HEURISTIC = HeuristicBot()
_TAKE, _KNOCK, _PASS = Take(), Knock(), Pass()


class ViewMismatch(ValueError):
    """The view's card counts do not add up to the deck the bot assumes (other house rules than the
    defaults it plans with: more decks or jokers). The bot then plays the heuristic's move."""


def figure_from_view(figure: Mapping[str, Any]) -> Figure:
    """The engine's figure for a table figure of the view (RA-10, R-10.3): a run from the card its first
    slot stands for (its position; an ace first is the low ace), a set with one slot per suit."""
    cards = [CARD[code] for code in figure["cards"]]
    stands = [CARD[code] for code in figure["stands_for"]]
    owners = list(figure["laid_by"])
    if figure["kind"] == "run":
        return Figure(RUN, suit_of(stands[0]), rank_of(stands[0]), tuple(cards), tuple(owners))
    slots, laid_by = [EMPTY] * 4, [EMPTY] * 4
    for card, stands_for, owner in zip(cards, stands, owners, strict=True):
        slots[suit_of(stands_for)] = card
        laid_by[suit_of(stands_for)] = owner
    return Figure(SET, rank_of(stands[0]), 0, tuple(slots), tuple(laid_by))


def unseen_cards(view: Mapping[str, Any], config: Config) -> list[int]:
    """Every card the seat cannot see: the deck without its hand, the table and the face-up discard."""
    unseen = Counter(deck(config.decks, config.jokers))
    seen = [CARD[code] for code in view["hand"]]
    seen += [CARD[code] for figure in view["table"] for code in figure["cards"]]
    if view["discard_top"] is not None:
        seen.append(CARD[view["discard_top"]])
    for card in seen:
        if unseen[card] <= 0:
            raise ViewMismatch(f"more copies of {CODES[card]} in sight than the deck holds")
        unseen[card] -= 1
    return sorted(unseen.elements())


def _take_out(pool: list[int], cards: Sequence[int], limit: int) -> list[int]:
    """Remove up to ``limit`` of ``cards`` from ``pool`` (those it still holds) and return them."""
    found: list[int] = []
    for card in cards:
        if len(found) >= limit:
            break
        if card in pool:
            pool.remove(card)
            found.append(card)
    return found


def _weighted_pick(pool: list[int], weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` cards drawn from ``pool`` without replacement, each draw in proportion to ``weights[card]``
    (Efraimidis-Spirakis keys); the drawn cards are removed from ``pool``."""
    if count <= 0:
        return []
    draw = rng.random
    keyed = sorted(((draw() ** (1.0 / weights[card]), at) for at, card in enumerate(pool)), reverse=True)
    chosen = sorted((at for _, at in keyed[:count]), reverse=True)
    return [pool.pop(at) for at in chosen]


def determinize(view: Mapping[str, Any], rng: random.Random, memory: Memory | None = None) -> State:
    """A full state the seat's view could come from (see the module docstring); ``view(result, seat) ==
    view``. Without a memory (or one of another deal) only the last window's taker is placed."""
    me: int = view["seat"]
    seats: int = view["seats"]
    config = Config(mode=view["mode"], games_per_pass=view["games"])
    pool = unseen_cards(view, config)
    sizes = list(view["hand_sizes"])
    pile_hidden = view["pile_size"] - (view["discard_top"] is not None)
    if sum(sizes) - sizes[me] + pile_hidden + view["stock_size"] != len(pool):
        raise ViewMismatch("the hidden card counts do not match the deck")
    if memory is None or not memory.fits(view):
        memory = Memory.start(view).observe(view)
    hands: list[list[int]] = [[] for _ in range(seats)]
    hands[me] = [CARD[code] for code in view["hand"]]
    pile = _take_out(pool, memory.hidden_pile(view), pile_hidden)
    others = [seat for seat in range(seats) if seat != me]
    for seat in others:
        hands[seat] = _take_out(pool, memory.holdings[seat], sizes[seat])
    rng.shuffle(others)  # no seat gets the first pick of the likely cards every time
    for seat in others:
        hands[seat] += _weighted_pick(pool, memory.weights[seat], sizes[seat] - len(hands[seat]), rng)
    rng.shuffle(pool)
    missing = pile_hidden - len(pile)
    pile = pool[:missing] + pile  # the unknown (older) part of the pile below the known discards
    stock = tuple(sorted(pool[missing:]))
    window = view["window"]
    phase = _PHASES[view["phase"]]
    claims: tuple[int, ...] = (-1,) * seats
    if window is not None:
        claims = tuple(_answer(view, seat, window, hands) for seat in range(seats))
    last = view["last_window"]
    last_window: tuple[int, ...] = ()
    if last is not None:
        taker = -1 if last["taken_by"] is None else last["taken_by"]
        last_window = (CARD[last["card"]], taker, *last["claimed"])
    turn_no: int = view["turn_no"]
    # Only "opened or not" is visible; a seat's opening turn matters only for a Rommé-Hand, so
    # the bot's own opening counts as this turn's when it is on turn, the others' as an earlier one.
    opened = tuple(
        (turn_no if seat == me and phase == PLAY else max(turn_no - 1, 0)) if flag else -1
        for seat, flag in enumerate(view["opened"])
    )
    return State(
        config=config,
        seats=seats,
        game_no=view["game_no"] - 1,
        dealer=view["dealer"],
        phase=phase,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        stock=stock,
        pile=tuple(pile),
        top=-1 if view["discard_top"] is None else CARD[view["discard_top"]],
        table=tuple(figure_from_view(figure) for figure in view["table"]),
        opened_turn=opened,
        discarded=tuple(view["discarded_once"]),
        current=view["current"],
        discarder=window["discarder"] if window is not None else (view["current"] - 1) % seats,
        claims=claims,
        pending=tuple(view["pending_draws"]),
        turn_no=turn_no,
        locked=view["locked"],
        laid_off=False,
        deal_left=0,
        penalties=tuple(view["penalties"]),
        credits=tuple(view["credits"]),
        history=(),
        last_window=last_window,
        sheet=tuple(view["sheet"]),
        provisional=view["provisional_figures"],
        owed_jokers=view["owed_jokers"],
    )


def _answer(view: Mapping[str, Any], seat: int, window: Mapping[str, Any], hands: list[list[int]]) -> int:
    """A seat's answer in the open window as the world holds it: the bot's own as it gave it, another
    seat's hidden answer as the heuristic would give it with the dealt hand, unanswered seats open."""
    answered = window["answered"][seat]
    if answered is None:
        return -1
    if not answered:
        return UNANSWERED
    if seat == view["seat"]:
        return CLAIMED if view["my_answer"] == "claim" else PASSED
    legal = (_TAKE, _PASS) if seat == window["next"] else (_KNOCK, _PASS)
    lite = {"hand": [CODES[card] for card in sorted(hands[seat])], "window": {"card": window["card"]}}
    return PASSED if isinstance(_HEURISTIC.choose(lite, legal, random.Random(0)), Pass) else CLAIMED
