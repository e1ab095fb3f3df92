"""Figures (RA-10): building and checking runs and sets, their points, laying off, joker swaps, and
finding every figure a hand can lay (for ``legal_actions`` and for bots).

Checks return a ``Figure`` or a *problem key* of ``errors.PROBLEMS`` instead of raising, so that
the enumeration of legal moves stays fast.

Run positions are 1 (ace low) .. 14 (ace high). R-6.5/RA-11: an ace counts 1 below the two and 10
above the king; in a set it counts 10. RA-12: a joker counts as the card it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from stammtisch.core.memo import bounded_cache
from stammtisch.games.preisromme.cards import JOKER, VALUE
from stammtisch.games.preisromme.model import EMPTY, RUN, SET, Figure

#: Figure points of a run position (RA-11): 1 for the low ace, 10 for J Q K and the high ace. Positions
#: 15 .. 26 are 2 .. K again after the high ace (only under ``allow_wraparound``, e.g. K-A-2 = 13 14 15).
POS_VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10)
#: Figure points of a set card by rank (ace 10).
SET_VALUE = (0, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def run_card(suit: int, position: int) -> int:
    """The natural card at ``position`` of a run of ``suit`` (position 0 is the king before a low ace,
    positions past 14 wrap round to 2, 3, ..; both only under ``allow_wraparound``)."""
    return suit * 13 + (position - 1) % 13


def represented(figure: Figure, index: int) -> int:
    """RA-16: the card slot ``index`` stands for (a joker's identity, fixed once laid)."""
    if figure.kind == RUN:
        return run_card(figure.key, figure.lo + index)
    return index * 13 + figure.key - 1


def figure_points(figure: Figure, ace_in_set: int = 10) -> int:
    """Points of a figure for the opening (RA-11, RA-12; ``ace_in_set_points`` for an ace in a set)."""
    if figure.kind == RUN:
        return sum(POS_VALUE[figure.lo : figure.lo + len(figure.slots)])
    value = ace_in_set if figure.key == 1 else SET_VALUE[figure.key]
    return value * sum(1 for card in figure.slots if card != EMPTY)


def figure_cards(figure: Figure) -> tuple[int, ...]:
    """The cards lying in the figure, in table order."""
    return tuple(card for card in figure.slots if card != EMPTY)


def _adjacent_jokers(cards: Sequence[int]) -> bool:
    return any(a == JOKER and b == JOKER for a, b in zip(cards, cards[1:], strict=False))


def build_run(cards: Sequence[int], seat: int, wrap: bool = False, both_ends: bool = False) -> Figure | str:
    """A run from cards in position order (RA-10, RA-11, R-8.1), or the problem. ``wrap``/``both_ends``
    are the options ``allow_wraparound`` and ``ace_both_ends`` (RA-11)."""
    n = len(cards)
    if n < 3:
        return "short"
    if wrap:
        return _build_wrap_run(cards, seat, both_ends)
    suit = -1
    lo = None
    aces = []
    for index, card in enumerate(cards):
        if card == JOKER:
            continue
        if suit < 0:
            suit = card // 13
        elif card // 13 != suit:
            return "mixed_suits"
        rank = card % 13 + 1
        if rank == 1:
            aces.append(index)
        elif lo is None:
            lo = rank - index
        elif lo != rank - index:
            return "gap"
    if suit < 0:
        return "no_natural"
    if lo is None:  # only aces: try the ace low, then high
        first = aces[0]
        lo = 1 - first if 1 - first >= 1 else 14 - first
    for index in aces:
        if lo + index not in (1, 14):
            return "ace_position" if len(aces) < n else "gap"
    if lo < 1 or lo + n - 1 > 14 or (lo == 1 and lo + n - 1 == 14 and not both_ends):
        return "bounds"
    if _adjacent_jokers(cards):
        return "jokers_adjacent"
    return Figure(RUN, suit, lo, tuple(cards), (seat,) * n)


def rank_at(position: int) -> int:
    """The rank (1 = ace .. 13 = king) at a run position, wrapping round (0 = king, 15 = two)."""
    return (position - 1) % 13 + 1


def _run_fits(lo: int, n: int, both_ends: bool) -> bool:
    """RA-11 under ``allow_wraparound``: at most 13 cards (each rank once), 14 only for A..A with
    ``ace_both_ends``."""
    return n <= 13 or (both_ends and lo == 1 and n == 14)


def _build_wrap_run(cards: Sequence[int], seat: int, both_ends: bool) -> Figure | str:
    """``build_run`` under ``allow_wraparound`` (RA-11): K-A-2 is a run; ``lo`` is kept in 1 .. 13."""
    n = len(cards)
    suit = -1
    lo = None
    aces = []
    for index, card in enumerate(cards):
        if card == JOKER:
            continue
        if suit < 0:
            suit = card // 13
        elif card // 13 != suit:
            return "mixed_suits"
        rank = card % 13 + 1
        if rank == 1:
            aces.append(index)
            continue
        start = (rank - index - 1) % 13 + 1
        if lo is None:
            lo = start
        elif lo != start:
            return "gap"
    if suit < 0:
        return "no_natural"
    if lo is None:  # only aces: the first one low if it comes first, else after the king
        lo = (-aces[0]) % 13 + 1
    for index in aces:
        if rank_at(lo + index) != 1:
            return "ace_position" if len(aces) < n else "gap"
    if not _run_fits(lo, n, both_ends):
        return "bounds"
    if _adjacent_jokers(cards):
        return "jokers_adjacent"
    return Figure(RUN, suit, lo, tuple(cards), (seat,) * n)


def canonical_set(cards: Sequence[int]) -> tuple[int, ...]:
    """R-10.3: the set's cards in suit order, each joker at the first missing suit."""
    slots = [EMPTY] * 4
    jokers = 0
    for card in cards:
        if card == JOKER:
            jokers += 1
        elif slots[card // 13] == EMPTY:
            slots[card // 13] = card
        else:
            return tuple(cards)  # a suit twice: not a set; leave it for the check to refuse
    for suit in range(4):
        if jokers and slots[suit] == EMPTY:
            slots[suit] = JOKER
            jokers -= 1
    if jokers:
        return tuple(cards)
    return tuple(card for card in slots if card != EMPTY)


def build_set(cards: Sequence[int], seat: int, canonical_adjacency: bool = True) -> Figure | str:
    """A set from cards in canonical suit order (RA-10, R-10.3, RA-17), or the problem."""
    rank = 0
    slots = [EMPTY] * 4
    jokers = 0
    for card in cards:
        if card == JOKER:
            jokers += 1
            continue
        if rank == 0:
            rank = card % 13 + 1
        elif card % 13 + 1 != rank:
            return "mixed_ranks"
        if slots[card // 13] != EMPTY:
            return "suit_twice"
        slots[card // 13] = card
    if not 3 <= len(cards) <= 4:
        return "set_size" if len(cards) > 4 else "short"
    if rank == 0:
        return "no_natural"
    for suit in range(4):
        if jokers and slots[suit] == EMPTY:
            slots[suit] = JOKER
            jokers -= 1
    laid = tuple(card for card in slots if card != EMPTY)
    if laid != tuple(cards):
        return "set_order"
    if canonical_adjacency and _adjacent_jokers(laid):
        return "jokers_adjacent"
    owners = tuple(seat if card != EMPTY else EMPTY for card in slots)
    return Figure(SET, rank, 0, tuple(slots), owners)


def build(
    kind: int,
    cards: Sequence[int],
    seat: int,
    canonical_adjacency: bool = True,
    wrap: bool = False,
    both_ends: bool = False,
) -> Figure | str:
    if kind == RUN:
        return build_run(cards, seat, wrap, both_ends)
    return build_set(cards, seat, canonical_adjacency)


def lay_off(
    figure: Figure,
    card: int,
    end: str,
    seat: int,
    canonical_adjacency: bool = True,
    wrap: bool = False,
    both_ends: bool = False,
) -> Figure | str:
    """RA-14: ``figure`` with ``card`` laid off, or the problem. ``end`` (low/high) only for a joker or
    an ace on a run. A card whose slot a joker holds is a swap (RA-15), not a lay-off."""
    slots = figure.slots
    if figure.kind == RUN and wrap:
        return _lay_off_wrap(figure, card, end, seat, both_ends)
    if figure.kind == RUN:
        lo, hi = figure.lo, figure.lo + len(slots) - 1
        if card == JOKER or card % 13 == 0:
            if end not in ("low", "high"):
                return "end_needed"
        elif end:
            return "end_unwanted"
        if card != JOKER:
            if card // 13 != figure.key:
                return "does_not_fit"
            if card % 13 == 0:
                position = 1 if end == "low" else 14
            else:
                position = card % 13 + 1
            if lo <= position <= hi:
                return "is_swap" if slots[position - lo] == JOKER else "rearrange"
            if position == lo - 1:
                end = "low"
            elif position == hi + 1:
                end = "high"
            else:
                return "does_not_fit"
        if end == "low":
            if lo <= 1 or (lo == 2 and hi == 14 and not both_ends):
                return "bounds"
            if card == JOKER and slots[0] == JOKER:
                return "jokers_adjacent"
            return Figure(RUN, figure.key, lo - 1, (card, *slots), (seat, *figure.owners))
        if hi >= 14 or (hi == 13 and lo == 1 and not both_ends):
            return "bounds"
        if card == JOKER and slots[-1] == JOKER:
            return "jokers_adjacent"
        return Figure(RUN, figure.key, lo, (*slots, card), (*figure.owners, seat))
    if end:
        return "end_unwanted"
    if sum(1 for slot in slots if slot != EMPTY) >= 4:
        return "set_size"
    if card == JOKER:
        suit = slots.index(EMPTY)
    else:
        if card % 13 + 1 != figure.key:
            return "does_not_fit"
        suit = card // 13
        if slots[suit] == JOKER:
            return "is_swap"
        if slots[suit] != EMPTY:
            return "suit_twice"
    new_slots = slots[:suit] + (card,) + slots[suit + 1 :]
    if card == JOKER and canonical_adjacency and _adjacent_jokers([c for c in new_slots if c != EMPTY]):
        return "jokers_adjacent"
    return Figure(SET, figure.key, 0, new_slots, figure.owners[:suit] + (seat,) + figure.owners[suit + 1 :])


def _lay_off_wrap(figure: Figure, card: int, end: str, seat: int, both_ends: bool) -> Figure | str:
    """``lay_off`` on a run under ``allow_wraparound`` (RA-11): either end takes the next rank round
    the corner (a king before a low ace, a two after a high ace). A card other than an ace or a joker
    that fits both ends (a 12-card run) goes to the high end."""
    slots = figure.slots
    n = len(slots)
    lo, hi = figure.lo, figure.lo + n - 1
    if card == JOKER or card % 13 == 0:
        if end not in ("low", "high"):
            return "end_needed"
    elif end:
        return "end_unwanted"
    if card != JOKER:
        if card // 13 != figure.key:
            return "does_not_fit"
        rank = card % 13 + 1
        if rank == 1:
            fits = rank_at(lo - 1 if end == "low" else hi + 1) == 1
        else:
            fits = False
            for index in range(n):
                if represented(figure, index) == card:
                    return "is_swap" if slots[index] == JOKER else "rearrange"
            if rank_at(hi + 1) == rank:
                fits, end = True, "high"
            elif rank_at(lo - 1) == rank:
                fits, end = True, "low"
        if not fits:
            for index in range(n):
                if represented(figure, index) == card:
                    return "is_swap" if slots[index] == JOKER else "rearrange"
            return "does_not_fit"
    if end == "low":
        new_lo = lo - 1 if lo > 1 else 13
        if not _run_fits(new_lo, n + 1, both_ends):
            return "bounds"
        if card == JOKER and slots[0] == JOKER:
            return "jokers_adjacent"
        return Figure(RUN, figure.key, new_lo, (card, *slots), (seat, *figure.owners))
    if not _run_fits(lo, n + 1, both_ends):
        return "bounds"
    if card == JOKER and slots[-1] == JOKER:
        return "jokers_adjacent"
    return Figure(RUN, figure.key, lo, (*slots, card), (*figure.owners, seat))


def swap(figure: Figure, card: int, seat: int, own_allowed: bool = False) -> Figure | str:
    """R-7.1, R-7.2, RA-15: ``figure`` with the joker standing for ``card`` replaced by it, or the problem."""
    if card == JOKER:
        return "swap_joker"
    found = False
    for index, slot in enumerate(figure.slots):
        if slot == JOKER and represented(figure, index) == card:
            found = True
            if own_allowed or figure.owners[index] != seat:
                slots = figure.slots[:index] + (card,) + figure.slots[index + 1 :]
                owners = figure.owners[:index] + (seat,) + figure.owners[index + 1 :]
                return Figure(figure.kind, figure.key, figure.lo, slots, owners)
    return "own_joker" if found else "no_joker"


# --- finding figures in a hand (legal moves, bots) ----------------------------------------------


@bounded_cache(1 << 16)
def _joker_choices(positions: tuple[int, ...], forced: tuple[int, ...], spare: int) -> tuple[tuple[int, ...], ...]:
    """Every set of joker positions: all ``forced`` ones plus up to ``spare`` more of ``positions``,
    never two side by side (R-8.1). Memoised: the same stretch of a suit turns up in many hands."""
    if not spare:
        return (forced,)
    blocked = set(forced)
    free = [p for p in positions if p not in blocked and p - 1 not in blocked and p + 1 not in blocked]
    if not free:
        return (forced,)
    result: list[tuple[int, ...]] = []
    forced_list = list(forced)

    def extend(start: int, chosen: list[int], left: int) -> None:
        result.append(tuple(sorted(forced_list + chosen)) if chosen else forced)
        if not left:
            return
        for i in range(start, len(free)):
            p = free[i]
            if chosen and chosen[-1] == p - 1:
                continue
            chosen.append(p)
            extend(i + 1, chosen, left - 1)
            chosen.pop()

    extend(0, [], spare)
    return tuple(result)


def find_runs(
    hand: Sequence[int], min_points: int = 0, max_cards: int = 99, wrap: bool = False, both_ends: bool = False
) -> list[tuple[int, ...]]:
    """Every run the hand can lay as one figure worth at least ``min_points`` with at most
    ``max_cards`` cards, including jokers laid in place of cards the hand holds. Canonical order:
    suit, then first position, then length, then joker positions."""
    masks = [0, 0, 0, 0]
    jokers = 0
    for card in hand:
        if card == JOKER:
            jokers += 1
        else:
            masks[card // 13] |= 1 << (card % 13)
    jokers = min(jokers, 7)
    max_cards = min(max_cards, 14)
    found: list[tuple[int, ...]] = []
    for suit in range(4):
        mask = masks[suit]
        # fewer than three cards of a suit (jokers included) make no run: skip the cached call
        if mask and _BITS[mask] + jokers >= 3:
            runs, longest = suit_runs(suit, mask, jokers, min_points, wrap, both_ends)
            if longest <= max_cards:
                found.extend(runs)
            else:
                found.extend(run for run in runs if len(run) <= max_cards)
    return found


#: ``_BITS[mask]``: how many ranks a 13-bit mask holds.
_BITS = tuple(bin(mask).count("1") for mask in range(1 << 13))


@bounded_cache(1 << 18)
def suit_runs(
    suit: int, ranks: int, jokers: int, min_points: int, wrap: bool = False, both_ends: bool = False
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The runs of one suit worth at least ``min_points``, as cards, and the length of the longest. The
    hand size is left out of the cache key (callers filter the rare too-long runs), so hands that differ
    only in other suits or in size share the entry."""
    card_at = _CARD_AT[suit]
    found = []
    longest = 0
    for points, lo, hi, joker_positions in _position_runs(ranks, jokers, wrap, both_ends, min_points):
        if points < min_points:
            continue
        cards = card_at[lo : hi + 1]
        for p in joker_positions:
            cards[p - lo] = JOKER
        found.append(tuple(cards))
        longest = max(longest, hi - lo + 1)
    return tuple(found), longest


#: ``_CARD_AT[suit][position]``: the natural card at a run position (1 = low ace .. 14 = high ace).
_CARD_AT = tuple([run_card(suit, p) if p else -1 for p in range(28)] for suit in range(4))


@bounded_cache(1 << 16)
def _position_runs(
    ranks: int, jokers: int, wrap: bool = False, both_ends: bool = False, min_points: int = 0
) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """(points, first position, last position, joker positions) of every run a hand holding the ranks
    in bit mask ``ranks`` (of any one suit) and ``jokers`` jokers can lay, in canonical order (first
    position, length, joker positions). Suit-independent and cached: hands repeat their per-suit
    patterns all the time. ``wrap``/``both_ends``: the options ``allow_wraparound`` (first positions up
    to 13, runs round the corner, at most 13 cards) and ``ace_both_ends`` (A..A, 14 cards). Runs worth
    less than ``min_points`` are left out before their joker placements are worked out (a run's points
    depend on its positions only, RA-12)."""
    has = [False] * 28
    for rank in range(1, 14):
        has[rank] = bool(ranks >> (rank - 1) & 1)
    for position in range(14, 28):
        has[position] = has[position - 13]
    if sum(has[1:14]) + jokers < 3:
        return ()
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    for lo in range(1, 14 if wrap else 13):
        if not has[lo] and (not jokers or not has[lo + 1]):
            continue
        missing: list[int] = []
        naturals: list[int] = []
        points = 0
        last = lo + 12 if wrap else 14
        if lo == 1:
            last = 14 if both_ends else 13
        for hi in range(lo, last + 1):
            if has[hi]:
                naturals.append(hi)
            else:
                if missing and missing[-1] == hi - 1 or len(missing) == jokers:
                    break
                missing.append(hi)
            points += POS_VALUE[hi]
            if hi - lo < 2 or points < min_points:
                continue
            if not jokers:
                found.append((points, lo, hi, ()))
                continue
            for chosen in _joker_choices(tuple(naturals), tuple(missing), jokers - len(missing)):
                found.append((points, lo, hi, chosen))
    return tuple(found)


def find_sets(
    hand: Sequence[int],
    min_points: int = 0,
    max_cards: int = 99,
    canonical_adjacency: bool = True,
    ace_points: int = 10,
) -> list[tuple[int, ...]]:
    """Every set the hand can lay (cards in canonical suit order). Canonical order: rank, then the
    chosen natural suits, then the number of jokers."""
    found: list[tuple[int, ...]] = []
    if max_cards < 3:
        return found
    masks = [0] * 14
    jokers = 0
    for card in hand:
        if card == JOKER:
            jokers += 1
        else:
            masks[card % 13 + 1] |= _SUIT_BIT[card]
    jokers = min(jokers, 3)
    max_cards = min(max_cards, 4)
    for rank in range(1, 14):
        mask = masks[rank]
        # fewer than three suits of a rank (jokers included) make no set: skip the cached call
        if mask and _BITS[mask] + jokers >= 3:
            found.extend(_rank_sets_within(rank, mask, jokers, canonical_adjacency, min_points, max_cards, ace_points))
    return found


#: ``_SUIT_BIT[card]``: the bit of the card's suit.
_SUIT_BIT = tuple(1 << (card // 13) for card in range(52))


@lru_cache(maxsize=1 << 14)
def _rank_sets_within(
    rank: int,
    suit_mask: int,
    jokers: int,
    canonical_adjacency: bool,
    min_points: int,
    max_cards: int,
    ace_points: int = 10,
) -> tuple[tuple[int, ...], ...]:
    """The sets of ``rank_sets`` worth at least ``min_points`` with at most ``max_cards`` cards."""
    return tuple(
        cards
        for points, size, cards in rank_sets(rank, suit_mask, jokers, canonical_adjacency, ace_points)
        if points >= min_points and size <= max_cards
    )


@lru_cache(maxsize=1 << 12)
def rank_sets(
    rank: int, suit_mask: int, jokers: int, canonical_adjacency: bool, ace_points: int = 10
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(points, size, cards) of the sets of one rank for a hand holding the suits in ``suit_mask`` (cached)."""
    found: list[tuple[int, int, tuple[int, ...]]] = []
    suits = [suit for suit in range(4) if suit_mask >> suit & 1]
    if len(suits) + jokers < 3:
        return ()
    for mask in _MASKS[len(suits)]:
        chosen = [suits[i] for i in mask]
        for extra in range(max(0, 3 - len(chosen)), min(jokers, 4 - len(chosen)) + 1):
            size = len(chosen) + extra
            slots = [EMPTY] * 4
            for suit in chosen:
                slots[suit] = suit * 13 + rank - 1
            left = extra
            for suit in range(4):
                if left and slots[suit] == EMPTY:
                    slots[suit] = JOKER
                    left -= 1
            laid = tuple(card for card in slots if card != EMPTY)
            if canonical_adjacency and _adjacent_jokers(laid):
                continue
            found.append(((ace_points if rank == 1 else SET_VALUE[rank]) * size, size, laid))
    return tuple(found)


#: For k natural suits, the index subsets in canonical (bitmask) order.
_MASKS = tuple(tuple(tuple(i for i in range(k) if m >> i & 1) for m in range(1, 1 << k)) for k in range(5))


def _candidates(figure: Figure, held: set[int], wrap: bool = False) -> list[int]:
    """The cards that could possibly be laid off on ``figure`` (a quick filter before ``lay_off``)."""
    if figure.kind == RUN:
        lo, hi = figure.lo, figure.lo + len(figure.slots) - 1
        maybe = {
            run_card(figure.key, lo - 1) if lo > 1 or wrap else -1,
            run_card(figure.key, hi + 1) if hi < 14 or wrap else -1,
        }
        maybe.add(figure.key * 13)
    else:
        maybe = {suit * 13 + figure.key - 1 for suit in range(4)}
    maybe.add(JOKER)
    return sorted(maybe & held)


def find_layoffs(
    hand: Sequence[int],
    table: Sequence[Figure],
    seat: int,
    canonical_adjacency: bool = True,
    wrap: bool = False,
    both_ends: bool = False,
) -> list[tuple[int, int, str, Figure]]:
    """Every lay-off (figure index, card, end, resulting figure), by figure, then card, then end."""
    held = set(hand)
    found = []
    for index, figure in enumerate(table):
        for card in _candidates(figure, held, wrap):
            ends = ("low", "high") if figure.kind == RUN and (card == JOKER or card % 13 == 0) else ("",)
            for end in ends:
                result = lay_off(figure, card, end, seat, canonical_adjacency, wrap, both_ends)
                if not isinstance(result, str):
                    found.append((index, card, end, result))
    return found


@lru_cache(maxsize=1 << 14)
def layoff_options(
    kind: int, key: int, lo: int, slots: tuple[int, ...], canonical_adjacency: bool, wrap: bool, both_ends: bool
) -> tuple[tuple[int, str], ...]:
    """Every (card, end) that ``lay_off`` accepts on the figure ``kind``, ``key``, ``lo``, ``slots``, by
    card, then end (any owners: they do not change the answer)."""
    figure = Figure(kind, key, lo, slots, (0,) * len(slots))
    found = []
    for card in _candidates(figure, _ANY_CARD, wrap):
        ends = ("low", "high") if figure.kind == RUN and (card == JOKER or card % 13 == 0) else ("",)
        for end in ends:
            if not isinstance(lay_off(figure, card, end, 0, canonical_adjacency, wrap, both_ends), str):
                found.append((card, end))
    return tuple(found)


#: Every card: ``_candidates`` filtered by nothing.
_ANY_CARD = set(range(53))


def find_swaps(
    hand: Sequence[int], table: Sequence[Figure], seat: int, own_allowed: bool = False
) -> list[tuple[int, int, Figure]]:
    """Every joker swap (figure index, card given, resulting figure), by figure, then card."""
    held = set(hand)
    found = []
    for index, figure in enumerate(table):
        if JOKER not in figure.slots:
            continue
        seen = set()
        for slot_index, slot in enumerate(figure.slots):
            if slot != JOKER or (figure.owners[slot_index] == seat and not own_allowed):
                continue
            card = represented(figure, slot_index)
            if card in held and card not in seen:
                seen.add(card)
                result = swap(figure, card, seat, own_allowed)
                if not isinstance(result, str):
                    found.append((index, card, result))
    return sorted(found, key=lambda item: (item[0], item[1]))


def hand_value(cards: Sequence[int]) -> int:
    return sum(VALUE[card] for card in cards)
