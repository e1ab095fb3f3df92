"""The playout policy of the Preisrommé search bot: the heuristic (bots/games/preisromme/heuristic.py) for every seat,
computed from a world's hands with integer cards and tables instead of views, and the score of a deal's end.

``rollout_choice`` makes the very same choice as ``HeuristicBot`` (tests/bots/test_preisromme_search.py
compares the two at every decision of heuristic deals), several times faster. ``playout_value`` plays a
world to the end of the deal (Spiel) and scores it by what the rules book (R-13, RA-23, see
``deal_score``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from stammtisch.bots.games.preisromme.heuristic import own_turn_choice
from stammtisch.core.protocol import Decision
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, JOKER, VALUE, rank_of, suit_of
from stammtisch.games.preisromme.chance import OUTCOMES
from stammtisch.games.preisromme.model import Discard, GameRecord, Knock, State, Take
from stammtisch.games.preisromme.moves import presence

#: Penalty points worth as much as going out once, in the score of a playout.
PENALTY_SCALE = 500
#: Steps after which a playout is stopped and scored by the hands as they are (a heuristic table can
#: cycle through reshuffled stocks without anyone going out; about 0.4 % of heuristic deals do).
MAX_PLAYOUT_STEPS = 1500


def _connection(card: int, other: int) -> int:
    """What ``other`` adds to ``connections(card, ...)`` of the heuristic (bots/games/preisromme/heuristic.py)."""
    if other == JOKER:
        return 1
    if suit_of(other) == suit_of(card) and 0 < abs(rank_of(other) - rank_of(card)) <= 2:
        return 2 if abs(rank_of(other) - rank_of(card)) == 1 else 1
    return 2 if rank_of(other) == rank_of(card) and suit_of(other) != suit_of(card) else 0


#: ``LINKS[card][other]``: the heuristic's connection weights as a table (a playout asks millions of times).
#: A card adds nothing to itself, so a hand's sum is the same with or without the card's own copy.
LINKS = tuple(tuple(_connection(card, other) for other in range(53)) for card in range(52))


def links(card: int, hand: Sequence[int]) -> int:
    """``connections(card, hand)`` of the heuristic, from the table."""
    if card == JOKER:
        return 99
    row = LINKS[card]
    return sum([row[other] for other in hand])


_RANKS = (1 << 13) - 1
#: ``_RUN_NEEDS[rank]``: for a card of ``rank``, the rank masks (bit ``rank - 1``) of the two other cards
#: of each run of three it could complete (R-10.1: no wrap round the ace here, as in the heuristic).
_RUN_NEEDS = tuple(
    tuple(
        sum(1 << (k - 1) for k in range(low, low + 3) if k != rank)
        for low in (rank - 2, rank - 1, rank)
        if low >= 1 and low + 2 <= 13
    )
    for rank in range(14)
)


def completes(card: int, bits: int) -> bool:
    """``completes_figure(card, hand)`` of the heuristic for a hand given by its presence mask
    (``moves.presence``): ``card`` and two natural cards of the hand make a run or a set of three."""
    if card == JOKER:
        return True
    suit, rank = card // 13, card % 13 + 1
    ranks = bits >> (13 * suit) & _RANKS
    for need in _RUN_NEEDS[rank]:
        if ranks & need == need:
            return True
    others = sum(1 for other in range(4) if other != suit and bits >> (13 * other + rank - 1) & 1)
    return others >= 2


def rollout_choice(state: State, seat: int, legal: tuple[Any, ...]) -> Any:
    """The heuristic's move (``heuristic.py``) for ``seat`` in a playout world, computed from the world's
    hand with integer cards and the ``LINKS`` table instead of a view: the very same choice, several
    times faster (tests/bots/test_preisromme_search.py compares the two on random play)."""
    hand = state.hands[seat]
    first = legal[0]
    if first.__class__ is Take or first.__class__ is Knock:
        card = state.top
        if card == JOKER:
            return first
        wanted = completes(card, presence(hand)) or first.__class__ is Take and links(card, hand) >= 2
        return first if wanted and keeps_fast(card, hand) else legal[-1]
    if first.__class__ is Discard:  # the common turn: nothing to lay
        return min(legal, key=lambda action: discard_key(CARD[action.card], hand))
    return own_turn_choice(legal, lambda card: discard_key(card, hand))


def keeps_fast(card: int, hand: Sequence[int]) -> bool:
    """``keeps(card, hand)`` of the heuristic (``heuristic.py``, PB-8) from the ``LINKS`` table: some other
    card of the hand comes strictly before ``card`` in the discard order of the hand with ``card``."""
    row = LINKS[card]
    own = (False, sum([row[other] for other in hand]), -VALUE[card])
    for other in set(hand):
        if other != card and other != JOKER:
            other_row = LINKS[other]
            key = (False, sum([other_row[x] for x in hand]) + other_row[card] - other_row[other], -VALUE[other])
            if key < own:
                return True
    return False


def discard_key(card: int, hand: Sequence[int]) -> tuple[bool, int, int]:
    """The heuristic's discard order: never a joker, then least connected, then highest value."""
    return (card == JOKER, links(card, hand), -VALUE[card])


def deal_score(record: GameRecord, seat: int) -> float:
    """What a finished deal is worth to ``seat``: 1 for going out (R-11.2, the game's aim) plus its net
    points as booked (RA-23: credits minus penalty points; the penalties already doubled after a Rommé-Hand,
    R-13.2) over ``PENALTY_SCALE``. Going out books 0 penalty points, so both parts pull the same way; the
    points part ranks the deals the seat does not win (fewer points left in hand is better, R-13.1)."""
    won = 1.0 if record.winner == seat else 0.0
    return won + (record.credits[seat] - record.penalties[seat]) / PENALTY_SCALE


#: A seat's playout policy: its move in a world state, from the legal actions.
Policy = Callable[[State, int, tuple[Any, ...]], Any]


def playout_value(state: State, seat: int, rng: random.Random, own: Policy | None = None) -> float:
    """Play the deal (Spiel) to its end with fresh stock draws from ``rng``, ``seat`` by its ``own`` policy
    and every other seat by the heuristic (``seat`` too when ``own`` is not given); ``seat``'s
    ``deal_score``. A playout that reaches ``MAX_PLAYOUT_STEPS`` is scored by the hands as they are."""
    history = len(state.history)
    turn_of, legal_of, act, resolve = GAME.turn, GAME.legal_actions, GAME.act, GAME.resolve
    mine = own or rollout_choice
    for _ in range(MAX_PLAYOUT_STEPS):
        if len(state.history) > history:
            return deal_score(state.history[-1], seat)
        turn = turn_of(state)
        if isinstance(turn, Decision):
            actor = turn.seats[0]
            legal = legal_of(state, actor)
            choice = mine if actor == seat else rollout_choice
            state = act(state, actor, choice(state, actor, legal))
        elif state.stock:  # a card is due (after the deal only draws happen)
            state = resolve(state, OUTCOMES[rng.choice(state.stock)])
        else:
            break
    return -sum(VALUE[card] for card in state.hands[seat]) / PENALTY_SCALE
