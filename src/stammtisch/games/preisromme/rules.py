"""The rules of Preisrommé as pure functions over ``State`` (R-1 .. R-13 with the rulings RA-01 ..).

Turn protocol (RA-03): after each discard (and after the up-card, whose Ausspielerin is the dealer,
RA-02) a knock window opens for every other seat at once. The next player answers ``take`` or
``pass``, the others ``knock`` or ``pass``; answers stay hidden until the last one is in, and are
then resolved by the rule's order, never by arrival: the next player has the first right (R-4.4);
otherwise the knocker nearest after the discarder wins (R-4.3) and draws one extra stock card
(R-5.1); then the next player draws from the stock. Her turn: lay figures, lay off, swap jokers
(R-6, R-7), then discard (R-11.2); discarding the last card ends the game.

Canonical order of legal actions: window: ``take``/``knock`` then ``pass``; turn: melds (runs by
suit, first position, length and joker positions; then sets by rank), lay-offs (by figure, card,
end), swaps (by figure, card), ``withdraw``, discards (by card). Score sheet: ``out`` by seat then
``out none``; ``romme no`` then ``yes``; ``points`` ascending.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import Any, TypeVar

from stammtisch.core.memo import bounded_cache
from stammtisch.core.protocol import Chance, Decision, Finished, Result
from stammtisch.games.preisromme import chance
from stammtisch.games.preisromme.cards import CARD, JOKER, VALUE, deck
from stammtisch.games.preisromme.errors import entry_refused, refuse
from stammtisch.games.preisromme.melds import (
    build,
    figure_cards,
    figure_points,
    find_layoffs,
    find_runs,
    find_sets,
    find_swaps,
    lay_off,
    swap,
)
from stammtisch.games.preisromme.model import (
    CLAIMED,
    DEAL,
    DRAW,
    FIRST_KNOCK,
    OVER,
    PASSED,
    PLAY,
    RUN,
    SET,
    SHEET,
    UNANSWERED,
    UPCARD,
    WINDOW,
    CardOutcome,
    Config,
    Discard,
    Figure,
    FirstKnock,
    GameRecord,
    Knock,
    Layoff,
    Meld,
    Out,
    Pass,
    PlayAction,
    Points,
    Romme,
    State,
    Swap,
    Take,
    Withdraw,
)
from stammtisch.games.preisromme.moves import (
    discard_actions,
    joker_count,
    layoff_actions,
    meld_actions,
    presence,
    swap_action,
    swap_actions,
    table_moves,
    turn_rules,
)
from stammtisch.games.preisromme.scoring import book_game, max_losers_points

NOT_IN_WINDOW = -1


_Twin = type("_StateUnderConstruction", (), {"__slots__": State.__slots__})


def _compile(name: str, changed: tuple[str, ...] | None) -> Callable[..., State]:
    """A copy of ``State`` with fields changed, several times faster than ``dataclasses.replace``:
    the engine's hottest helper (one per step).

    The values are already checked, so the generated ``__init__`` is skipped. The copy is built in a
    mutable twin class with the very same slots (plain attribute stores, which the interpreter
    specialises) and then becomes a ``State`` by assigning ``__class__`` (allowed because the layouts
    are identical); the result is an ordinary frozen ``State``. ``changed = None``: the general
    ``replace(state, **changes)``; otherwise a function ``(state, *values)`` for exactly these fields,
    for the hottest transitions (no keyword dict, no ``setattr`` loop). The code is generated from the
    dataclass's own field names, because 27 hand-written lines would drift from it."""
    scope: dict[str, object] = {"_new": object.__new__, "_Twin": _Twin, "State": State, "_set": setattr}
    params = "**changes" if changed is None else ", ".join(changed)
    lines = [f"def {name}(state, {params}):", "    new = _new(_Twin)"]
    for field in State.__slots__:
        lines.append(f"    new.{field} = {field if changed and field in changed else 'state.' + field}")
    if changed is None:
        lines += ["    for name, value in changes.items():", "        _set(new, name, value)"]
    lines += ["    new.__class__ = State", "    return new"]
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the dataclass's own field names only
    return scope[name]  # type: ignore[return-value]  # the function exec just defined


replace = _compile("replace", None)
_new_claims = _compile("_new_claims", ("claims",))
_deal_card = _compile("_deal_card", ("stock", "hands", "deal_left", "phase"))
_open_after_discard = _compile(
    "_open_after_discard", ("phase", "discarder", "current", "claims", "hands", "pile", "top", "discarded")
)
_turn_after_take = _compile(
    "_turn_after_take", ("phase", "turn_no", "locked", "laid_off", "pending", "hands", "top", "claims", "last_window")
)
_turn_after_draw = _compile("_turn_after_draw", ("phase", "turn_no", "locked", "laid_off", "pending", "stock", "hands"))
_await_draw = _compile("_await_draw", ("hands", "top", "claims", "pending", "last_window", "phase"))


TAKE, KNOCK, PASS, WITHDRAW = Take(), Knock(), Pass(), Withdraw()
TAKE_OR_PASS, KNOCK_OR_PASS = (TAKE, PASS), (KNOCK, PASS)
#: Action kinds as tuples for ``isinstance`` (a ``A | B`` union would be built at every call).
_WINDOW_ANSWERS, _SHEET_ENTRIES, _LAYINGS = (Take, Knock, Pass), (Out, Romme, Points), (Meld, Layoff, Swap, Withdraw)
ROMME_CHOICES = (Romme(False), Romme(True))


# --- setting up ------------------------------------------------------------------------------


def new_game(config: Config, seats: int, game_no: int, base: State | None = None) -> State:
    """Game ``game_no`` (0-based) of the pass: seat ``game_no mod n`` deals (R-2.2, RA-02)."""
    dealer = game_no % seats
    penalties = base.penalties if base else (0,) * seats
    credits = base.credits if base else (0,) * seats
    history = base.history if base else ()
    sheet = config.mode == "scoresheet"
    return State(
        config=config,
        seats=seats,
        game_no=game_no,
        dealer=dealer,
        phase=SHEET if sheet else DEAL,
        hands=((),) * seats,
        stock=() if sheet else deck(config.decks, config.jokers),
        pile=(),
        top=-1,
        table=(),
        opened_turn=(-1,) * seats,
        discarded=(False,) * seats,
        current=(dealer + 1) % seats,
        discarder=dealer,
        claims=(NOT_IN_WINDOW,) * seats,
        pending=(),
        turn_no=0,
        locked=False,
        laid_off=False,
        deal_left=0 if sheet else seats * config.cards_per_player,
        penalties=penalties,
        credits=credits,
        history=history,
    )


# --- whose move ------------------------------------------------------------------------------


#: Playing order after a discarder: ``ORDER[n][d]`` = the seats after ``d`` at a table of ``n``, ``d`` last.
ORDER = tuple(tuple(tuple((d + k) % n for k in range(1, n + 1)) for d in range(n)) for n in range(8))


def window_seats(state: State) -> tuple[int, ...]:
    """The seats still to answer in the knock window, in order after the discarder."""
    return _window_decision(state.discarder, state.claims).seats


@bounded_cache(4096)
def _window_decision(discarder: int, claims: tuple[int, ...]) -> Decision:
    """The window's ``Decision`` (few distinct ones exist, so each is built once)."""
    return Decision(tuple(s for s in ORDER[len(claims)][discarder] if claims[s] == UNANSWERED))


#: The last chance or end ``turn`` answered, as (state, answer): the generic ``act``/``resolve`` ask
#: again for the state a caller has just asked about, and building a chance node is not free. States
#: are immutable, so identity is enough; one rebinding keeps it consistent across threads.
_last_turn: tuple[object, object] = (None, None)


def turn(state: State) -> Decision | Chance | Finished:
    global _last_turn
    phase = state.phase
    if phase == PLAY:
        return SOLO[state.current]
    if phase == WINDOW:
        return _window_decision(state.discarder, state.claims)
    last = _last_turn
    if last[0] is state:
        return last[1]  # type: ignore[return-value]  # stored with its state: the turn of that state
    found: Chance | Finished
    if phase == DRAW:
        seat = state.pending[0]
        found = chance.card_due(state.stock, chance.DRAW_LABELS[seat], seat)
    elif phase == DEAL:
        dealt = state.seats * state.config.cards_per_player - state.deal_left
        seat = (state.dealer + 1 + dealt) % state.seats
        found = chance.card_due(state.stock, chance.DEAL_LABELS[seat], seat)
    elif phase == UPCARD:
        found = chance.card_due(state.stock, chance.UPCARD_LABEL, state.dealer)
    elif phase == SHEET:
        return SOLO[0]
    elif phase == FIRST_KNOCK:
        found = chance.first_knock_due(_claimants(state.discarder, state.claims))
    else:
        found = Finished(result(state))
    _last_turn = (state, found)
    return found


#: ``Decision`` for one seat, built once.
SOLO = tuple(Decision((seat,)) for seat in range(8))


def result(state: State) -> Result:
    """Net score per seat (credits minus penalty points: higher is better), ranked; ties share a rank."""
    scores = tuple(c - p for c, p in zip(state.credits, state.penalties, strict=True))
    ranking = tuple(
        tuple(s for s in range(state.seats) if scores[s] == value) for value in sorted(set(scores), reverse=True)
    )
    details = {
        "penalties": list(state.penalties),
        "credits": list(state.credits),
        "games": [
            {
                "dealer": r.dealer,
                "winner": r.winner,
                "romme_hand": r.romme_hand,
                "hand_points": list(r.hand_points),
                "penalties": list(r.penalties),
                "credits": list(r.credits),
            }
            for r in state.history
        ],
    }
    return Result(scores, ranking, details)


# --- legal actions ---------------------------------------------------------------------------


def may_lay(state: State) -> bool:
    """RA-08: laying of any kind only after every player has discarded once."""
    return all(state.discarded)


def legal_actions(state: State, seat: int) -> tuple[object, ...]:
    phase = state.phase
    if phase == WINDOW:
        if state.claims[seat] != UNANSWERED:
            return ()
        return TAKE_OR_PASS if seat == state.current else KNOCK_OR_PASS
    if phase == PLAY:
        if seat != state.current:
            return ()
        return play_actions(state, seat)
    if phase == SHEET:
        return sheet_actions(state) if seat == 0 else ()
    return ()


def play_actions(state: State, seat: int) -> tuple[PlayAction, ...]:
    hand = state.hands[seat]
    owed = state.owed_jokers
    # lock (a joker still owed from a swap may be laid, P-22); RA-08: laying only once all have discarded
    if state.locked and not owed or not may_lay(state):
        if state.provisional or owed:
            return ()
        return discard_actions(presence(hand))
    house = turn_rules(state.config)
    opened = state.opened_turn[seat] >= 0
    limit = len(hand) - 1
    bits = presence(hand)
    actions = meld_actions(house.opened if opened else house.unopened, bits, joker_count(hand), limit)
    if owed:  # RA-15 option: only layings that use the swapped joker
        actions = [meld for meld in actions if isinstance(meld, Meld) and "JK" in meld.cards]
    if opened:
        table = table_moves(state.table, house.adjacency, house.wrap, house.both_ends, house.own)
        if limit >= 1:
            if owed:
                actions.extend(action for action in layoff_actions(table, bits) if action.card == "JK")
            else:
                actions.extend(layoff_actions(table, bits))
        if house.must_use:
            if not owed:
                swaps = find_swaps(hand, state.table, seat, house.own)
                actions.extend(
                    swap_action(index, card)
                    for index, card, figure in swaps
                    if _joker_usable(state, seat, _swapped_hand(hand, card), index, figure)
                )
        else:
            actions.extend(swap_actions(table, seat, bits))
    if (house.locks or state.provisional) and not state.locked:
        actions.append(WITHDRAW)
    if state.provisional or owed:  # the opening is short of its points / the swapped joker is not laid yet
        return tuple(actions)
    actions.extend(discard_actions(bits))
    return tuple(actions)


# --- checks ----------------------------------------------------------------------------------


def _card(code: object) -> int:
    card = CARD.get(code) if isinstance(code, str) else None
    if card is None:
        refuse("unknown_card")
    return card


def _remove(hand: tuple[int, ...], cards: list[int] | tuple[int, ...]) -> tuple[int, ...] | None:
    rest = list(hand)
    try:
        for card in cards:
            rest.remove(card)
    except ValueError:
        return None
    return tuple(rest)


def check_action(state: State, seat: int, action: object) -> None:
    """Raise the violation that ``action`` commits, citing its clause; return if it is legal."""
    phase = state.phase
    if isinstance(action, _WINDOW_ANSWERS):
        if phase != WINDOW or state.claims[seat] != UNANSWERED:
            refuse("window_closed")
        if isinstance(action, Knock) and seat == state.current:
            refuse("next_takes")
        if isinstance(action, Take) and seat != state.current:
            refuse("only_next")
        return
    if isinstance(action, _SHEET_ENTRIES):
        if phase != SHEET:
            refuse("not_sheet")
        check_sheet(state, action)
        return
    if phase != PLAY:
        refuse("not_now")
    if isinstance(action, Discard):
        if _card(action.card) not in state.hands[seat]:
            refuse("not_held")
        if state.provisional:
            refuse("opening_short", need=state.config.opening_min_points, got=_provisional_points(state))
        if state.owed_jokers:
            refuse("joker_owed")
        return
    if isinstance(action, _LAYINGS):
        global _last_lay
        _last_lay = (state, seat, action, _checked_lay(state, seat, action))
        return
    refuse("not_now")


def _swapped_hand(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` (sorted) after giving ``card`` for a joker."""
    return _insert(_without(hand, card), JOKER)


def _joker_usable(state: State, seat: int, hand: tuple[int, ...], index: int, figure: Figure) -> bool:
    """RA-15 ``swapped_joker_must_be_used_same_turn``: after the swap (``figure`` now at ``index``) the
    hand can still lay a joker this turn, in a new figure or as a lay-off (so the duty can be met)."""
    config = state.config
    limit = len(hand) - 1
    adjacency = config.set_joker_adjacency == "canonical_suit_order"
    wrap, both_ends = config.allow_wraparound, config.ace_both_ends
    if any(JOKER in cards for cards in find_runs(hand, 0, limit, wrap, both_ends)):
        return True
    if any(JOKER in cards for cards in find_sets(hand, 0, limit, adjacency, config.ace_in_set_points)):
        return True
    if limit < 1:
        return False
    table = _with(state.table, index, figure)
    return any(card == JOKER for _, card, _, _ in find_layoffs((JOKER,), table, seat, adjacency, wrap, both_ends))


def _provisional_points(state: State) -> int:
    """``opening_figures = multiple``: the points of the figures laid so far towards the opening."""
    ace = state.config.ace_in_set_points
    return sum(figure_points(figure, ace) for figure in state.table[len(state.table) - state.provisional :])


#: The last laying ``check_action`` accepted, as (state, seat, action, checked): ``act`` applies it right
#: after checking, so ``apply_action`` need not build the figure twice.
#: What ``_checked_lay`` found: the hand after the laying and the new figure (``None``: a withdraw).
Laid = tuple[tuple[int, ...], Figure | None]
_last_lay: tuple[object, int, object, Laid] = (None, -1, None, ((), None))


def _checked_lay(state: State, seat: int, action: object) -> Laid:
    """The hand after the laying and the new figure (or ``None`` for a withdraw), or the refusal."""
    config = state.config
    if not may_lay(state):
        refuse("too_early")
    if state.locked and (not state.owed_jokers or isinstance(action, Withdraw)):
        refuse("locked")
    hand = state.hands[seat]
    if isinstance(action, Withdraw):
        if not config.false_meld_locks_turn and not state.provisional:
            refuse("withdraw")
        return hand, None
    adjacency = config.set_joker_adjacency == "canonical_suit_order"
    wrap, both_ends = config.allow_wraparound, config.ace_both_ends
    opened = state.opened_turn[seat] >= 0
    if isinstance(action, Meld):
        if action.kind not in ("run", "set"):
            refuse("kind")
        cards = [_card(code) for code in action.cards]
        rest = _remove(hand, cards)
        if rest is None:
            refuse("not_in_hand")
        figure = build(RUN if action.kind == "run" else SET, cards, seat, adjacency, wrap, both_ends)
        if isinstance(figure, str):
            refuse(figure)
        if not opened and config.opening_figures == "single":
            points = figure_points(figure, config.ace_in_set_points)
            if points < config.opening_min_points:
                refuse("under_forty", need=config.opening_min_points, got=points)
        if state.owed_jokers and JOKER not in cards:
            refuse("joker_owed")
        if not rest:
            refuse("keep_one")
        return rest, figure
    if not opened:
        refuse("not_opened")
    index = action.figure - 1 if isinstance(action, Layoff | Swap) else -1
    if not 0 <= index < len(state.table):
        refuse("no_figure")
    if isinstance(action, Layoff):
        card = _card(action.card)
        rest = _remove(hand, (card,))
        if rest is None:
            refuse("not_held")
        if not rest:
            refuse("keep_one")
        if state.owed_jokers and card != JOKER:
            refuse("joker_owed")
        figure = lay_off(state.table[index], card, action.end, seat, adjacency, wrap, both_ends)
        if isinstance(figure, str):
            refuse(figure)
        return rest, figure
    assert isinstance(action, Swap)
    card = _card(action.card)
    if card not in hand:
        refuse("not_held")
    if state.owed_jokers:
        refuse("joker_owed")
    figure = swap(state.table[index], card, seat, config.swap_own_jokers)
    if isinstance(figure, str):
        refuse(figure)
    kept = list(hand)
    kept.remove(card)
    kept.append(JOKER)
    if config.swapped_joker_must_be_used_same_turn and not _joker_usable(state, seat, tuple(kept), index, figure):
        refuse("joker_unusable")
    return tuple(kept), figure


# --- applying actions ------------------------------------------------------------------------


Item = TypeVar("Item")


def _with(seq: tuple[Item, ...], index: int, value: Item) -> tuple[Item, ...]:
    """``seq`` with ``value`` at ``index`` (0 <= index < len). Per-seat tuples (hands, claims, ...)
    change at almost every step, so for short ones a generated function builds the new tuple in one
    go instead of two slices and two concatenations."""
    size = len(seq)
    if size <= _SHORT:
        return _WITH[size][index](seq, value)
    return seq[:index] + (value,) + seq[index + 1 :]


def _compile_with(size: int, index: int) -> Callable[[tuple[Any, ...], Any], tuple[Any, ...]]:
    items = "".join("value, " if k == index else f"seq[{k}], " for k in range(size))
    scope: dict[str, object] = {}
    exec(f"def with_item(seq, value):\n    return ({items})", scope)  # noqa: S102 - built from two ints only
    with_item: Callable[[tuple[Any, ...], Any], tuple[Any, ...]] = scope["with_item"]  # type: ignore[assignment]  # the function exec just defined
    return with_item


_SHORT = 8
_WITH = tuple(tuple(_compile_with(size, index) for index in range(size)) for size in range(_SHORT + 1))


def apply_action(state: State, seat: int, action: object) -> State:
    if isinstance(action, _WINDOW_ANSWERS):
        return answer(state, seat, PASSED if isinstance(action, Pass) else CLAIMED)
    if isinstance(action, Discard):
        return discard(state, seat, CARD[action.card])
    if isinstance(action, _SHEET_ENTRIES):
        return apply_sheet(state, action)
    last = _last_lay
    if last[0] is state and last[1] == seat and last[2] is action:
        rest, figure = last[3]
    else:
        rest, figure = _checked_lay(state, seat, action)
    if figure is None:
        return _withdraw(state, seat)
    hands = _with(state.hands, seat, rest)
    owed = state.owed_jokers
    if isinstance(action, Meld):
        opened_turn = state.opened_turn
        provisional = state.provisional
        if opened_turn[seat] < 0:
            config = state.config
            if config.opening_figures == "multiple":
                points = _provisional_points(state) + figure_points(figure, config.ace_in_set_points)
                provisional = 0 if points >= config.opening_min_points else provisional + 1
            if not provisional:
                opened_turn = _with(opened_turn, seat, state.turn_no)
        if owed and "JK" in action.cards:
            owed = 0
        return replace(
            state,
            hands=hands,
            table=(*state.table, figure),
            opened_turn=opened_turn,
            provisional=provisional,
            owed_jokers=owed,
        )
    assert isinstance(action, Layoff | Swap)  # a withdraw has no figure and returned above
    index = action.figure - 1
    if isinstance(action, Swap):
        owed = int(state.config.swapped_joker_must_be_used_same_turn)
    elif owed:
        owed = 0  # the lay-off is the joker (anything else is refused)
    return replace(state, hands=hands, table=_with(state.table, index, figure), laid_off=True, owed_jokers=owed)


def _withdraw(state: State, seat: int) -> State:
    """R-9.2: no more laying this turn. Under ``opening_figures = multiple`` a first laying short of
    its points is a false laying: its figures go back to the hand. While a swapped joker is owed
    (RA-15 option) the lock lets that joker still be laid, then only the discard remains (P-22)."""
    if not state.provisional:
        return replace(state, locked=True)
    keep = len(state.table) - state.provisional
    hand = list(state.hands[seat])
    for figure in state.table[keep:]:
        hand.extend(figure_cards(figure))
    hands = _with(state.hands, seat, tuple(sorted(hand)))
    return replace(state, locked=True, hands=hands, table=state.table[:keep], provisional=0)


def open_window(state: State, discarder: int, **changes: object) -> State:
    """RA-03: the knock window for the top card, discarded by ``discarder``."""
    n = state.seats
    may_claim_own = state.phase == UPCARD and state.config.dealer_may_claim_upcard
    return replace(
        state,
        phase=WINDOW,
        discarder=discarder,
        current=(discarder + 1) % n,
        claims=_OPEN_CLAIMS[n][discarder][may_claim_own],
        **changes,
    )


#: ``_OPEN_CLAIMS[n][discarder][may_claim_own]``: a fresh window's answers (the discarder is not asked,
#: unless she may claim the up-card, RA-05).
_OPEN_CLAIMS = tuple(
    tuple(
        tuple(tuple(NOT_IN_WINDOW if s == d and not own else UNANSWERED for s in range(n)) for own in (False, True))
        for d in range(n)
    )
    for n in range(8)
)


def answer(state: State, seat: int, reply: int) -> State:
    """``seat`` answers in the knock window (checked). Under ``knock_timing_digital = realtime_first``
    (RA-07, digital play) the first knock to arrive is remembered: it wins over later ones."""
    claims = _with(state.claims, seat, reply)
    if reply == CLAIMED and state.first_knock < 0 and seat != state.current and _arrival_counts(state.config):
        state = replace(state, first_knock=seat)
    if UNANSWERED in claims:
        return _new_claims(state, claims)
    return _resolve_window(state, claims)


def _arrival_counts(config: Config) -> bool:
    """RA-07: whether the arrival order of knocks decides (digital play under ``realtime_first``)."""
    return config.knock_timing_digital == "realtime_first" and config.mode == "digital"


@bounded_cache(4096)
def _claimants(discarder: int, claims: tuple[int, ...]) -> tuple[int, ...]:
    """The seats that claimed, in order after the discarder (few distinct windows exist)."""
    return tuple(s for s in ORDER[len(claims)][discarder] if claims[s] == CLAIMED)


#: ``_CLOSED[n]``: the answers of a closed window at a table of ``n``.
_CLOSED = tuple((NOT_IN_WINDOW,) * n for n in range(8))


def _resolve_window(state: State, claims: tuple[int, ...]) -> State:
    """R-4.2 .. R-5.2: the next player's first right, then the knocker nearest after the discarder."""
    n = state.seats
    card = state.top
    nxt = state.current
    claimed = _claimants(state.discarder, claims)
    closed = _CLOSED[n]
    if claims[nxt] == CLAIMED:
        hands = _with(state.hands, nxt, _insert(state.hands[nxt], card))
        state = _turn_after_take(
            state, PLAY, state.turn_no + 1, False, False, (), hands, -1, closed, (card, nxt, *claimed)
        )
        return replace(state, first_knock=-1) if state.first_knock >= 0 else state
    if claimed:
        if len(claimed) > 1 and state.config.mode == "table":
            # RA-07 table mode: the Schreiber enters who knocked first (a fact of the real table)
            return replace(state, claims=claims, last_window=(card, -1, *claimed), phase=FIRST_KNOCK)
        winner = state.first_knock if state.first_knock in claimed else claimed[0]
        return _give_to_knocker(state, claims, winner)
    state = replace(state, claims=closed, pending=(nxt,), last_window=(card, -1), phase=DRAW)
    return _before_draw(state)


def _give_to_knocker(state: State, claims: tuple[int, ...], winner: int) -> State:
    """R-5.1: the winning knocker takes the card and one stock card, then the next player draws."""
    card = state.top
    claimed = _claimants(state.discarder, claims)
    hands = _with(state.hands, winner, _insert(state.hands[winner], card))
    state = _await_draw(state, hands, -1, _CLOSED[state.seats], (winner, state.current), (card, winner, *claimed), DRAW)
    if state.first_knock >= 0:
        state = replace(state, first_knock=-1)
    return _before_draw(state)


def _insert(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (sorted) with ``card`` added, still sorted."""
    at = bisect_right(cards, card)
    return cards[:at] + (card,) + cards[at:]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (sorted, holding ``card``) with one copy of it removed."""
    at = bisect_left(cards, card)
    return cards[:at] + cards[at + 1 :]


def _before_draw(state: State) -> State:
    """RA-25: a draw that finds the stock empty turns the pile (without the card face up on it) into
    the stock; if that is empty too, or under ``end_game_count_all``, the game ends without a winner.

    The card face up is ``top`` while it is still claimable; once it was taken or knocked (``top`` is
    -1) the card now face up is the last one thrown before it, ``pile[-1]``: it stays on the table as
    the new pile and is not shuffled into the stock (reading P-23)."""
    if state.stock:
        return state
    if state.config.stock_exhaustion == "reshuffle_discards_except_top":
        pile = state.pile
        if state.top >= 0 and pile:
            return replace(state, stock=tuple(sorted(pile)), pile=())
        if state.top < 0 and len(pile) > 1:
            return replace(state, stock=tuple(sorted(pile[:-1])), pile=pile[-1:])
    return _end_game(state, None)


def discard(state: State, seat: int, card: int) -> State:
    """``seat`` discards ``card`` (checked)."""
    hand = _without(state.hands[seat], card)
    hands = _with(state.hands, seat, hand)
    pile = state.pile
    if state.top >= 0:
        pile += (state.top,)
    if not hand:  # the last card goes onto the pile and ends the game
        return _end_game(replace(state, hands=hands, pile=pile, top=card), seat)
    discarded = state.discarded if state.discarded[seat] else _with(state.discarded, seat, True)
    n = state.seats
    claims = _OPEN_CLAIMS[n][seat][False]
    return _open_after_discard(state, WINDOW, seat, (seat + 1) % n, claims, hands, pile, card, discarded)


def _end_game(state: State, winner: int | None) -> State:
    """R-11.2, R-12, R-13, RA-22, RA-23: count the hands and book the game."""
    points = tuple(sum(VALUE[c] for c in hand) for hand in state.hands)
    romme = (
        winner is not None
        and state.opened_turn[winner] == state.turn_no
        and (state.config.romme_hand_layoffs == "allowed" or not state.laid_off)
    )
    return next_game(state, book_game(state.config, state.dealer, winner, romme, points))


def next_game(state: State, record: GameRecord) -> State:
    penalties = tuple(a + b for a, b in zip(state.penalties, record.penalties, strict=True))
    credits = tuple(a + b for a, b in zip(state.credits, record.credits, strict=True))
    booked = replace(state, penalties=penalties, credits=credits, history=(*state.history, record))
    if state.game_no + 1 >= state.config.games_per_pass:
        return replace(booked, phase=OVER, pending=(), claims=(NOT_IN_WINDOW,) * state.seats)
    return new_game(state.config, state.seats, state.game_no + 1, booked)


# --- chance outcomes -------------------------------------------------------------------------


def apply_outcome(state: State, outcome: CardOutcome | FirstKnock) -> State:
    if isinstance(outcome, FirstKnock):
        return _give_to_knocker(state, state.claims, outcome.seat)
    card = CARD[outcome.card]
    return take_from_stock(state, card, bisect_left(state.stock, card))


def take_from_stock(state: State, card: int, at: int) -> State:
    """``card``, found at index ``at`` of the stock, is dealt, turned up or drawn (checked)."""
    stock = state.stock
    stock_t = stock[:at] + stock[at + 1 :]
    phase = state.phase
    if phase == DEAL:
        dealt = state.seats * state.config.cards_per_player - state.deal_left
        seat = (state.dealer + 1 + dealt) % state.seats
        hands = _with(state.hands, seat, _insert(state.hands[seat], card))
        left = state.deal_left - 1
        return _deal_card(state, stock_t, hands, left, DEAL if left else UPCARD)
    if phase == UPCARD:
        return open_window(state, state.dealer, stock=stock_t, top=card)
    seat = state.pending[0]
    hands = _with(state.hands, seat, _insert(state.hands[seat], card))
    pending = state.pending[1:]
    if pending:
        return _before_draw(replace(state, stock=stock_t, hands=hands, pending=pending))
    # the current seat has her card: her turn begins, unlocked
    return _turn_after_draw(state, PLAY, state.turn_no + 1, False, False, (), stock_t, hands)


# --- score sheet (mode = scoresheet) -----------------------------------------------------------


def _losers(state: State, winner: int) -> list[int]:
    return [s for s in range(state.seats) if s != winner]


def _points_range(state: State) -> tuple[int, int, int]:
    """The seat whose hand count is due and the possible range of it (RA-23)."""
    winner = state.sheet[0]
    entered = state.sheet[2:]
    losers = _losers(state, winner)
    seat = losers[len(entered)]
    left_after = len(losers) - len(entered) - 1
    top = max_losers_points(state.config, winner >= 0) - sum(entered) - 2 * left_after
    return seat, 2, top


def sheet_actions(state: State) -> tuple[object, ...]:
    sheet = state.sheet
    if not sheet:
        return (*(Out(s) for s in range(state.seats)), Out(-1))
    if len(sheet) == 1:
        return ROMME_CHOICES
    seat, low, high = _points_range(state)
    return tuple(Points(seat, p) for p in range(low, high + 1))


def check_sheet(state: State, action: object) -> None:
    """R-2.1, RA-23: the entry must be the one due now and possible."""
    sheet = state.sheet
    if isinstance(action, Out):
        if sheet:
            entry_refused("Wer ausgemacht hat, steht schon fest.", "Who went out is already entered.")
        if not -1 <= action.seat < state.seats:
            entry_refused(f"Platz {action.seat + 1} gibt es nicht.", f"There is no seat {action.seat + 1}.")
        return
    if isinstance(action, Romme):
        if len(sheet) != 1:
            entry_refused(
                "Rommé-Hand wird direkt nach der Gewinnerin eingetragen.",
                "Rommé-Hand is entered right after the winner.",
            )
        return
    assert isinstance(action, Points)
    if len(sheet) < 2:
        entry_refused("Erst Gewinnerin und Rommé-Hand eintragen.", "Enter the winner and Rommé-Hand first.")
    seat, low, high = _points_range(state)
    if action.seat != seat:
        entry_refused(
            f"Jetzt sind die Punkte von Platz {seat + 1} dran (die Gewinnerin hat 0).",
            f"The points of seat {seat + 1} are due now (the winner has 0).",
        )
    if not low <= action.points <= high:
        entry_refused(
            f"{action.points} Punkte sind unmöglich: möglich sind {low} bis {high} "
            "(mindestens eine Karte bleibt auf der Hand; As, Bilder 10, Joker 20).",
            f"{action.points} points cannot happen: possible are {low} to {high} "
            "(at least one card stays in hand; ace and pictures 10, joker 20).",
        )


def apply_sheet(state: State, action: object) -> State:
    if isinstance(action, Out):
        started: tuple[int, ...] = (action.seat,) if action.seat >= 0 else (-1, 0)
        return replace(state, sheet=started)
    if isinstance(action, Romme):
        return replace(state, sheet=(state.sheet[0], int(action.yes)))
    assert isinstance(action, Points)
    sheet = (*state.sheet, action.points)
    winner = sheet[0]
    losers = _losers(state, winner)
    if len(sheet) - 2 < len(losers):
        return replace(state, sheet=sheet)
    points = [0] * state.seats
    for seat, value in zip(losers, sheet[2:], strict=True):
        points[seat] = value
    record = book_game(state.config, state.dealer, None if winner < 0 else winner, bool(sheet[1]), tuple(points))
    return next_game(replace(state, sheet=()), record)
