"""A strong Preisrommé bot: determinized Monte-Carlo search over the hidden hands.

The bot gets what every bot gets (bots/base.py): its seat's view and the legal actions. It never
sees the other hands or the stock. To decide, it

1. *shortlists* the sensible candidates (the heuristic's choice, the other answer in a knock window
   when the card connects with the hand, and the few least useful discards), so that the search
   spends its playouts where a choice exists;
2. *determinizes*: deals the cards it cannot see (every card not in its hand, not on the table and
   not the face-up discard) at random to the other hands, the discard pile below the top card and
   the stock, in the sizes the view shows; a card another seat took from the pile in the last window
   and has not played since is put in that seat's hand (the view says who took it); the other seats'
   hidden answers in an open knock window are what the heuristic would answer with the dealt hand.
   ``view(world, seat)`` is then exactly the view the bot was given (tests/bots/
   test_preisromme_search.py checks it), so the bot never uses anything its seat has not seen;
3. plays every candidate in every world to the end of the deal (Spiel) with the heuristic for all
   seats and fresh stock draws, the same random stream for all candidates of one world (common random
   numbers: the candidates are compared on the same futures), and scores the bot's seat:
   1 for going out, minus its penalty points / ``PENALTY_SCALE`` (R-13.1: fewer points left in hand
   is better also when another seat goes out);
4. takes the candidate with the best mean (ties: the shortlist's order, the heuristic first).

What the bot does not know, it does not guess from memory: the bot protocol is stateless (a restarted
server's bot is the same bot), so the cards thrown earlier and now buried in the pile count as unseen,
and the bot plans with the default house rules of ``games/preisromme/options.py`` except the mode and
the number of games the view states (a view does not carry the options; the actions it picks from are
always the table's real legal actions, so other house rules make its plans less accurate, never its
moves illegal).

Budget: at most ``worlds`` determinizations per decision (default 32, raced: see
``SearchBot.evaluate``) and a cap of ``seconds`` of process time (default 0.8 s, the issue's "under
1 s per decision on one core"); the cap only cuts the number of worlds, and a decision is
reproducible from the ``rng`` whenever the cap is not reached. Figures: ``python -m
bench.preisromme_bot`` and docs/preisromme-digital.md.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.preisromme import HeuristicBot, _meld_rank
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Decision
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, CODES, JOKER, VALUE, deck, rank_of, suit_of
from stammtisch.games.preisromme.chance import OUTCOMES
from stammtisch.games.preisromme.model import (
    CLAIMED,
    EMPTY,
    PASSED,
    PHASE_NAMES,
    PLAY,
    RUN,
    SET,
    UNANSWERED,
    Config,
    Discard,
    Figure,
    Knock,
    Layoff,
    Meld,
    Pass,
    State,
    Swap,
    Take,
)
from stammtisch.games.preisromme.moves import presence

#: Penalty points worth as much as going out once, in the score of a playout.
PENALTY_SCALE = 500
#: Steps after which a playout is stopped and scored by the hands as they are (a heuristic table can
#: cycle through reshuffled stocks without anyone going out; about 0.4 % of heuristic deals do).
MAX_PLAYOUT_STEPS = 1500
#: How many of the least useful discards are candidates beside the heuristic's choice.
DISCARD_CANDIDATES = 3
#: How many standard errors an alternative must beat the heuristic's choice by (one-sided, about 95 %).
CONFIDENCE_Z = 1.65
#: Racing (``SearchBot.evaluate``): alternatives are looked at after this many worlds and every as many after.
FIRST_LOOK = 4

_PHASES = {name: number for number, name in enumerate(PHASE_NAMES)}
_HEURISTIC = HeuristicBot()
_TAKE, _KNOCK, _PASS = Take(), Knock(), Pass()


class ViewMismatch(ValueError):
    """The view's card counts do not add up to the deck the bot assumes (other house rules than the
    defaults it plans with: more decks or jokers). The bot then plays the heuristic's move."""


# --- determinizing --------------------------------------------------------------------------------


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


def _sure_holding(view: Mapping[str, Any]) -> tuple[int, int] | None:
    """(seat, card): the card another seat took from the pile in the last window when that seat has not
    played since (a knocker, R-5.1, or the next player before her own turn), so it is in her hand."""
    last = view["last_window"]
    if last is None or last["taken_by"] is None:
        return None
    taker = last["taken_by"]
    me = view["seat"]
    window = view["window"]
    played_since = (window is not None and window["discarder"] == taker) or (
        view["phase"] == "play" and view["current"] == taker
    )
    if taker == me or played_since:
        return None
    return taker, CARD[last["card"]]


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


def determinize(view: Mapping[str, Any], rng: random.Random) -> State:
    """A full state the seat's view could come from: the unseen cards dealt at random to the other
    hands, the pile below the face-up card and the stock (see the module docstring), the other seats'
    hidden window answers as the heuristic would give them. ``view(result, seat) == view``."""
    me: int = view["seat"]
    seats: int = view["seats"]
    config = Config(mode=view["mode"], games_per_pass=view["games"])
    pool = unseen_cards(view, config)
    sizes = list(view["hand_sizes"])
    pile_hidden = view["pile_size"] - (view["discard_top"] is not None)
    if sum(sizes) - sizes[me] + pile_hidden + view["stock_size"] != len(pool):
        raise ViewMismatch("the hidden card counts do not match the deck")
    hands: list[list[int]] = [[] for _ in range(seats)]
    hands[me] = [CARD[code] for code in view["hand"]]
    sure = _sure_holding(view)
    if sure is not None and sure[1] in pool and sizes[sure[0]] > 0:
        pool.remove(sure[1])
        hands[sure[0]].append(sure[1])
    rng.shuffle(pool)
    at = 0
    for seat in range(seats):
        if seat != me:
            need = sizes[seat] - len(hands[seat])
            hands[seat].extend(pool[at : at + need])
            at += need
    pile = tuple(pool[at : at + pile_hidden])
    stock = tuple(sorted(pool[at + pile_hidden :]))
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
        pile=pile,
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


# --- playouts ---------------------------------------------------------------------------------------


def _connection(card: int, other: int) -> int:
    """What ``other`` adds to ``connections(card, ...)`` of the heuristic (bots/preisromme.py)."""
    if other == JOKER:
        return 1
    if suit_of(other) == suit_of(card) and 0 < abs(rank_of(other) - rank_of(card)) <= 2:
        return 2 if abs(rank_of(other) - rank_of(card)) == 1 else 1
    return 2 if rank_of(other) == rank_of(card) and suit_of(other) != suit_of(card) else 0


#: ``LINKS[card][other]``: the heuristic's connection weights as a table (a playout asks millions of times).
#: A card adds nothing to itself, so a hand's sum is the same with or without the card's own copy.
LINKS = tuple(tuple(_connection(card, other) for other in range(53)) for card in range(52))


def _links(card: int, hand: Sequence[int]) -> int:
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
    """The heuristic's move (bots/preisromme.py) for ``seat`` in a playout world, computed from the world's
    hand with integer cards and the ``LINKS`` table instead of a view: the very same choice, several
    times faster (tests/bots/test_preisromme_search.py compares the two on random play)."""
    hand = state.hands[seat]
    first = legal[0]
    if first.__class__ is Take or first.__class__ is Knock:
        card = state.top
        if completes(card, presence(hand)):
            return first
        return first if first.__class__ is Take and _links(card, hand) >= 2 else legal[-1]
    if first.__class__ is Discard:  # the common turn: nothing to lay
        return min(legal, key=lambda action: _discard_key(CARD[action.card], hand))
    swaps = [action for action in legal if isinstance(action, Swap)]
    if swaps:
        return swaps[0]
    melds = [action for action in legal if isinstance(action, Meld)]
    if melds:
        return max(melds, key=_meld_rank)
    layoffs = [action for action in legal if isinstance(action, Layoff)]
    if layoffs:
        return min(layoffs, key=lambda action: (action.card == "JK", -VALUE[CARD[action.card]]))
    discards = [action for action in legal if isinstance(action, Discard)]
    if discards:
        return min(discards, key=lambda action: _discard_key(CARD[action.card], hand))
    return legal[-1]


def _discard_key(card: int, hand: Sequence[int]) -> tuple[bool, int, int]:
    """The heuristic's discard order: never a joker, then least connected, then highest value."""
    return (card == JOKER, _links(card, hand), -VALUE[card])


def playout_value(state: State, seat: int, rng: random.Random) -> float:
    """Play the deal (Spiel) to its end with the heuristic for every seat; ``seat``'s score: 1 for going
    out, minus its penalty points / ``PENALTY_SCALE``. A playout that reaches ``MAX_PLAYOUT_STEPS``
    is scored by the hands as they are."""
    history = len(state.history)
    turn_of, legal_of, act, resolve = GAME.turn, GAME.legal_actions, GAME.act, GAME.resolve
    for _ in range(MAX_PLAYOUT_STEPS):
        if len(state.history) > history:
            record = state.history[-1]
            return (1.0 if record.winner == seat else 0.0) - record.penalties[seat] / PENALTY_SCALE
        turn = turn_of(state)
        if isinstance(turn, Decision):
            actor = turn.seats[0]
            legal = legal_of(state, actor)
            state = act(state, actor, rollout_choice(state, actor, legal))
        elif state.stock:  # a card is due (after the deal only draws happen)
            state = resolve(state, OUTCOMES[rng.choice(state.stock)])
        else:
            break
    return -sum(VALUE[card] for card in state.hands[seat]) / PENALTY_SCALE


# --- the bot ------------------------------------------------------------------------------------------


def shortlist(view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> list[Any]:
    """The candidates worth a search, the heuristic's choice first; one candidate means no search."""
    favourite = _HEURISTIC.choose(view, legal, rng)
    first = legal[0]
    if isinstance(first, Take | Knock):
        card = CARD[view["window"]["card"]]
        hand = [CARD[code] for code in view["hand"]]
        if _links(card, hand) == 0:
            return [favourite]  # a card that fits nothing: no reason to take or knock for it
        return [favourite, *(answer for answer in legal if answer != favourite)]
    discards = [action for action in legal if isinstance(action, Discard)]
    hand = [CARD[code] for code in view["hand"]]
    discards.sort(key=lambda action: _discard_key(CARD[action.card], hand))
    candidates = [favourite]
    for action in discards[:DISCARD_CANDIDATES]:
        if action not in candidates:
            candidates.append(action)
    return candidates


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a search found: per candidate (the heuristic's choice first) the playout scores in each world,
    all candidates of one world played on the same future (common random numbers)."""

    candidates: tuple[Any, ...]
    scores: tuple[tuple[float, ...], ...]  # scores[candidate][world]

    @property
    def worlds(self) -> int:
        return len(self.scores[0])

    def mean(self, index: int) -> float:
        return sum(self.scores[index]) / self.worlds

    def advantage(self, index: int) -> tuple[float, float]:
        """The mean of candidate ``index``'s score minus the heuristic choice's, world by world, and the
        standard error of that mean."""
        diffs = [a - b for a, b in zip(self.scores[index], self.scores[0], strict=False)]
        n = len(diffs)
        if n == 0:
            return 0.0, float("inf")
        mean = sum(diffs) / n
        if n < 2:
            return mean, float("inf")
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, (variance / n) ** 0.5

    def best(self, z: float) -> Any:
        """The heuristic's choice unless another candidate beats it by more than ``z`` standard errors
        of the paired difference (so noise alone rarely makes the bot leave a sound move)."""
        chosen, margin = 0, 0.0
        for index in range(1, len(self.candidates)):
            mean, error = self.advantage(index)
            if mean > z * error and mean > margin:
                chosen, margin = index, mean
        return self.candidates[chosen]


class SearchBot:
    """Determinized Monte-Carlo search over the hidden hands (see the module docstring)."""

    name = "search"

    def __init__(self, worlds: int = 32, seconds: float = 0.8, z: float = CONFIDENCE_Z) -> None:
        self.worlds = worlds
        self.seconds = seconds
        self.z = z

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        if len(legal) == 1 or view.get("seat") is None or view["phase"] not in ("knock_window", "play"):
            return _HEURISTIC.choose(view, legal, rng)
        candidates = shortlist(view, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        try:
            return self.evaluate(view, candidates, rng).best(self.z)
        except (ViewMismatch, RuleViolation):
            # Other house rules than the bot plans with: a count that does not add up, or a move the
            # table allows and the default rules do not (a wrap-round run). The heuristic's move stands.
            return candidates[0]

    def evaluate(self, view: Mapping[str, Any], candidates: Sequence[Any], rng: random.Random) -> Evaluation:
        """Every candidate played out in the same determinizations, at most ``worlds`` of them (fewer when
        the time cap is reached; at least one). Racing: from ``FIRST_LOOK`` worlds on, every ``FIRST_LOOK``
        worlds an alternative that has not done better than the heuristic's choice so far is dropped, and
        the search ends when none is left (most alternatives are clearly worse; the time goes to the close
        calls)."""
        seat: int = view["seat"]
        scores: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        started = time.process_time()
        played = 0
        while played < self.worlds and (played == 0 or time.process_time() - started < self.seconds):
            world = determinize(view, rng)
            stream = rng.getrandbits(64)
            for index in live:
                after = GAME.act(world, seat, candidates[index])
                scores[index].append(playout_value(after, seat, random.Random(stream)))
            played += 1
            if played % FIRST_LOOK == 0:
                live = [0, *(i for i in live[1:] if _paired_mean(scores[i], scores[0]) > 0)]
                if len(live) == 1:
                    break
        return Evaluation(tuple(candidates), tuple(tuple(found) for found in scores))


def _paired_mean(scores: Sequence[float], base: Sequence[float]) -> float:
    """The mean of ``scores`` minus ``base`` over the worlds both were played in."""
    return sum(a - b for a, b in zip(scores, base, strict=False)) / max(len(scores), 1)


BOTS = {"search": SearchBot}
