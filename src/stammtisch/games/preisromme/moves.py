"""The turn's legal-move list, built fast: ``legal_actions`` runs at every step of every playout, so
this is the engine's hottest code (see docs/rulings/preisromme.md, "Speed").

The lists are exactly those of the finders in ``melds`` (``find_runs``, ``find_sets``,
``find_layoffs``, ``find_swaps``) and one ``Discard`` per distinct card, in the same canonical
order; ``tests/games/preisromme`` compares both on random play. Three ideas make them cheap:

* A hand is read once into a *presence mask* (bit ``card`` set when the hand holds it, the joker is
  bit 52) and its number of jokers. A suit's ranks are then a shift away, and the ranks that can make
  a set are found with bit logic on the four suit masks instead of a loop over the hand.
* What one suit (its rank mask and the jokers) or one rank (its suit mask and the jokers) can lay is
  worked out once and kept as ready ``Meld`` actions in a plain dict keyed by one int: a dict lookup
  costs a fraction of a ``functools.lru_cache`` call with six arguments. The dicts are emptied when
  they grow past ``_CACHE_LIMIT`` entries, so memory stays bounded in a long-running server.
* The table changes only when someone lays, so what it accepts (every lay-off and every joker swap,
  as ready actions with the card's bit) is worked out once per table and kept for that very table
  object (states are immutable, and the cache holds a reference, so identity cannot be reused).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from stammtisch.games.preisromme.cards import CODES, JOKER
from stammtisch.games.preisromme.melds import SET_VALUE, layoff_options, rank_sets, represented, suit_runs
from stammtisch.games.preisromme.model import Config, Discard, Figure, Layoff, Meld, PlayAction, Swap

#: ``BIT[card]``: the card's bit in a presence mask.
BIT = tuple(1 << card for card in range(53))
_RANKS = (1 << 13) - 1
_CACHE_LIMIT = 1 << 17

#: One ``Discard`` per card, built once.
DISCARDS = tuple(Discard(code) for code in CODES)


def presence(hand: Sequence[int]) -> int:
    """The presence mask of ``hand``: bit ``card`` set for every card it holds (the joker: bit 52)."""
    bits = 0
    for card in hand:
        bits |= BIT[card]
    return bits


def joker_count(hand: Sequence[int]) -> int:
    """Jokers in a sorted hand (the joker sorts last)."""
    return len(hand) - bisect_left(hand, JOKER)


#: Per suit: rank mask -> the ``Discard`` of each of those cards, in card order (filled as met; at most
#: 8192 entries each).
_SUIT_DISCARDS: tuple[dict[int, tuple[Discard, ...]], ...] = tuple({0: ()} for _ in range(4))
_JOKER_DISCARD = (DISCARDS[JOKER],)


def discard_actions(bits: int) -> tuple[Discard, ...]:
    """One ``Discard`` per card of presence mask ``bits``, in card order."""
    clubs_of, spades_of, hearts_of, diamonds_of = _SUIT_DISCARDS
    clubs = clubs_of.get(bits & _RANKS)
    if clubs is None:
        clubs = _suit_discards(0, bits & _RANKS)
    spades = spades_of.get(bits >> 13 & _RANKS)
    if spades is None:
        spades = _suit_discards(1, bits >> 13 & _RANKS)
    hearts = hearts_of.get(bits >> 26 & _RANKS)
    if hearts is None:
        hearts = _suit_discards(2, bits >> 26 & _RANKS)
    diamonds = diamonds_of.get(bits >> 39 & _RANKS)
    if diamonds is None:
        diamonds = _suit_discards(3, bits >> 39 & _RANKS)
    if bits >> JOKER:
        return clubs + spades + hearts + diamonds + _JOKER_DISCARD
    return clubs + spades + hearts + diamonds


def _suit_discards(suit: int, mask: int) -> tuple[Discard, ...]:
    found = _SUIT_DISCARDS[suit][mask] = tuple(DISCARDS[suit * 13 + rank] for rank in range(13) if mask >> rank & 1)
    return found


# --- the house rules of a turn ------------------------------------------------------------------


class TurnRules:
    """The house-rule options that shape a turn's move list, read once per ``Config`` (RA-09, RA-11,
    RA-15, RA-17, RA-19): the meld tables before and after the opening, and the flags."""

    __slots__ = ("adjacency", "wrap", "both_ends", "own", "must_use", "locks", "unopened", "opened")

    def __init__(self, config: Config) -> None:
        self.adjacency = config.set_joker_adjacency == "canonical_suit_order"
        self.wrap, self.both_ends = config.allow_wraparound, config.ace_both_ends
        self.own = config.swap_own_jokers
        self.must_use = config.swapped_joker_must_be_used_same_turn
        self.locks = config.false_meld_locks_turn
        first = 0 if config.opening_figures == "multiple" else config.opening_min_points
        rules = (self.wrap, self.both_ends, self.adjacency, config.ace_in_set_points)
        self.unopened = meld_tables(first, *rules)
        self.opened = meld_tables(0, *rules)


_last_rules: tuple[Config | None, TurnRules | None] = (None, None)


def turn_rules(config: Config) -> TurnRules:
    """The ``TurnRules`` of ``config``, kept for the last configuration asked about (a match keeps
    one ``Config`` object in all its states)."""
    global _last_rules
    last = _last_rules
    if last[0] is config:
        return last[1]  # type: ignore[return-value]  # stored with its config: not None when the config matches
    found = TurnRules(config)
    _last_rules = (config, found)
    return found


# --- melds ---------------------------------------------------------------------------------------


class MeldTables:
    """What suits and ranks can lay under one set of house rules (``min_points``, ``allow_wraparound``,
    ``ace_both_ends``, ``set_joker_adjacency``, ``ace_in_set_points``), worked out as hands need it.
    ``runs``: ``suit_mask << 6 | jokers << 2 | suit`` -> melds; ``sets``: ``(rank - 1) << 8 |
    suits << 4 | jokers << 1 | room_for_four`` -> melds."""

    __slots__ = ("min_points", "wrap", "both_ends", "adjacency", "ace_points", "useful", "runs", "sets", "set_ranks")

    def __init__(self, min_points: int, wrap: bool, both_ends: bool, adjacency: bool, ace_points: int) -> None:
        self.min_points = min_points
        self.wrap, self.both_ends = wrap, both_ends
        self.adjacency, self.ace_points = adjacency, ace_points
        #: per jokers (filled when first needed): mask -> the ranks that matter for runs (``_run_ranks``),
        #: 0 when no run is possible or none can reach ``min_points``
        self.useful: list[tuple[int, ...] | None] = [None] * 8
        self.runs: dict[int, tuple[Meld, ...]] = {}
        #: the ranks whose four cards reach ``min_points`` (RA-11: a set counts its rank's value a card)
        self.set_ranks = sum(
            1 << rank - 1 for rank in range(1, 14) if 4 * (ace_points if rank == 1 else SET_VALUE[rank]) >= min_points
        )
        self.sets: dict[int, tuple[Meld, ...]] = {}

    def fill_useful(self, jokers: int) -> tuple[int, ...]:
        """Work out ``useful[jokers]`` (8192 masks, once per number of jokers)."""
        ranks = _RUN_RANKS[jokers] if not self.wrap else _ANY_RANKS
        # a run is worth at most its cards' points plus 10 a joker: most suits of a hand that has not
        # opened yet are too weak for the opening's points, whatever their pattern
        need = self.min_points - 10 * jokers
        if need > 0:
            ranks = tuple(mask if _WORTH[mask] >= need else 0 for mask in ranks)
        self.useful[jokers] = ranks
        return ranks


_MELD_TABLES: dict[tuple[int, bool, bool, bool, int], MeldTables] = {}


def meld_tables(min_points: int, wrap: bool, both_ends: bool, adjacency: bool, ace_points: int) -> MeldTables:
    """The ``MeldTables`` of these house rules (one per set of rules, kept)."""
    key = (min_points, wrap, both_ends, adjacency, ace_points)
    found = _MELD_TABLES.get(key)
    if found is None:
        found = _MELD_TABLES[key] = MeldTables(*key)
    return found


def meld_actions(tables: MeldTables, bits: int, jokers: int, max_cards: int) -> list[PlayAction]:
    """Every ``Meld`` a hand (presence mask ``bits``, ``jokers`` jokers) can lay as one figure worth at
    least ``tables.min_points`` with at most ``max_cards`` cards: runs by suit, then sets by rank (the
    order of ``find_runs`` then ``find_sets``). Typed as a list of any ``PlayAction``: ``legal_actions``
    goes on to append the other play actions to it."""
    found: list[PlayAction] = []
    run_jokers = jokers if jokers < 7 else 7
    runs = tables.runs
    useful = tables.useful[run_jokers] or tables.fill_useful(run_jokers)
    tail = run_jokers << 2
    room = max_cards - run_jokers
    m0, m1, m2, m3 = masks = (bits & _RANKS, bits >> 13 & _RANKS, bits >> 26 & _RANKS, bits >> 39 & _RANKS)
    for suit, mask in enumerate(masks):
        mask = useful[mask]
        if not mask:
            continue
        key = mask << 6 | tail | suit
        entry = runs.get(key)
        if entry is None:
            entry = runs[key] = _run_entry(tables, suit, mask, run_jokers)
        if _BITS[mask] <= room:  # no run of the suit can be longer than its cards and the jokers
            found.extend(entry)
        else:
            found.extend(meld for meld in entry if len(meld.cards) <= max_cards)
    if max_cards < 3:
        return found
    set_jokers = jokers if jokers < 3 else 3
    if set_jokers == 0:  # three suits of the rank in hand
        ranks = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1))
    elif set_jokers == 1:  # two suits
        ranks = (m0 & (m1 | m2 | m3)) | (m1 & (m2 | m3)) | (m2 & m3)
    else:
        ranks = m0 | m1 | m2 | m3
    ranks &= tables.set_ranks
    if not ranks:
        return found
    sets = tables.sets
    tail = set_jokers << 1 | (1 if max_cards >= 4 else 0)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        shift = low.bit_length() - 1
        column = bits >> shift  # the rank's card of suit s is now bit 13 s
        suits = (column & 1) | (column >> 12 & 2) | (column >> 24 & 4) | (column >> 36 & 8)
        key = shift << 8 | suits << 4 | tail
        entry_sets = sets.get(key)
        if entry_sets is None:
            entry_sets = sets[key] = _set_entry(tables, shift + 1, suits, set_jokers, max_cards >= 4)
        found.extend(entry_sets)
    return found


#: ``_BITS[mask]``: how many ranks a 13-bit mask holds.
_BITS = tuple(bin(mask).count("1") for mask in range(1 << 13))
#: ``_WORTH[mask]``: at least what the ranks of a 13-bit mask can count in one run (RA-11: pictures 10,
#: the ace 10 at the top plus 1 at the bottom for an A..A run under ``ace_both_ends``).
_CARD_WORTH = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_WORTH = tuple(sum(_CARD_WORTH[rank] for rank in range(13) if mask >> rank & 1) for mask in range(1 << 13))


def _run_ranks(mask: int, jokers: int) -> int:
    """The ranks of ``mask`` (one suit) that lie in some run a hand with ``jokers`` jokers can make
    without wrapping round; 0 if there is none. The runs of the result are those of ``mask``, so it is
    the cache key: a hand's stray cards do not make a key of their own.

    Positions: bit k is position k + 1, the ace both 1 and 14. No jokers: a card lies in a run iff it
    is one of three positions in a row. One joker: iff another card lies at most two positions away
    (the joker fills the third place, and two missing places would need two jokers side by side,
    R-8.1). Two or more: every card, except that a lone ace makes no run (a joker on each side of it
    is impossible at the end of the suit)."""
    if _BITS[mask] + jokers < 3:
        return 0
    positions = mask | (mask & 1) << 13
    if jokers == 0:
        starts = positions & positions >> 1 & positions >> 2
        kept = starts | starts << 1 | starts << 2
    elif jokers == 1:
        kept = positions & (positions >> 1 | positions >> 2 | positions << 1 | positions << 2)
    else:
        return mask if mask != 1 else 0
    return (kept | kept >> 13) & _RANKS


#: ``_RUN_RANKS[jokers][mask]`` (jokers 0 .. 7); ``_ANY_RANKS``: every mask as it is (wrapping runs).
_RUN_RANKS = tuple(tuple(_run_ranks(mask, jokers) for mask in range(1 << 13)) for jokers in range(8))
_ANY_RANKS = tuple(range(1 << 13))


def _run_entry(tables: MeldTables, suit: int, mask: int, jokers: int) -> tuple[Meld, ...]:
    if len(tables.runs) >= _CACHE_LIMIT:
        tables.runs.clear()
    # the table is the memo here: the finder's own one would only hold a second copy
    runs, _ = suit_runs.__wrapped__(suit, mask, jokers, tables.min_points, tables.wrap, tables.both_ends)
    return tuple(meld_action("run", cards) for cards in runs)


def _set_entry(tables: MeldTables, rank: int, suits: int, jokers: int, room_for_four: bool) -> tuple[Meld, ...]:
    if len(tables.sets) >= _CACHE_LIMIT:
        tables.sets.clear()
    largest = 4 if room_for_four else 3
    return tuple(
        meld_action("set", cards)
        for points, size, cards in rank_sets(rank, suits, jokers, tables.adjacency, tables.ace_points)
        if points >= tables.min_points and size <= largest
    )


@lru_cache(maxsize=1 << 14)
def meld_action(kind: str, cards: tuple[int, ...]) -> Meld:
    """The ``Meld`` of ``cards`` (ints), built once (actions are immutable)."""
    return Meld(kind, tuple(CODES[card] for card in cards))


# --- the table: lay-offs and swaps -----------------------------------------------------------------


#: One figure's moves: the bits of the cards it takes, (bit, ``Layoff``) by card and end, and its
#: jokers as (bit, ``Swap``, who laid it) by card.
FigureMoves = tuple[int, tuple[tuple[int, Layoff], ...], tuple[tuple[int, Swap, int], ...]]


class TableMoves:
    """What one table accepts: per figure, the lay-offs as (card bit, ``Layoff``) in the order of
    ``find_layoffs``, and per seat the joker swaps as (card bit, ``Swap``) in the order of
    ``find_swaps``; each with the bits of the cards it takes (a quick test before the loop).

    A laying changes one figure or adds one, so the entries of the figures that are still the very
    same objects at the same place are taken over from the ``previous`` table's moves."""

    __slots__ = ("table", "options", "per_figure", "layoffs", "layoff_bits", "jokers", "_swaps")

    table: tuple[Figure, ...]
    options: tuple[bool, bool, bool, bool]
    per_figure: tuple[FigureMoves, ...]
    layoffs: tuple[FigureMoves, ...]
    layoff_bits: int
    jokers: tuple[tuple[int, Swap, int], ...]

    def __init__(self, table: tuple[Figure, ...], options: tuple[bool, bool, bool, bool], previous: TableMoves | None):
        self.table = table
        self.options = options
        adjacency, wrap, both_ends, _ = options
        if previous is not None and previous.options == options:
            earlier_table, earlier = previous.table, previous.per_figure
        else:
            earlier_table, earlier = (), ()
        per_figure = []
        union = 0
        for index, figure in enumerate(table):
            if index < len(earlier_table) and earlier_table[index] is figure:
                entry = earlier[index]
            else:
                entry = _figure_moves(index, figure, adjacency, wrap, both_ends)
            per_figure.append(entry)
            union |= entry[0]
        self.per_figure = tuple(per_figure)
        self.layoffs = tuple(entry for entry in per_figure if entry[0])
        self.layoff_bits = union
        #: (card bit, ``Swap``, who laid the joker) of every joker on the table, by figure, then card.
        self.jokers = tuple(joker for entry in per_figure if entry[2] for joker in entry[2])
        self._swaps: dict[int, tuple[int, tuple[tuple[int, Swap], ...]]] = {}

    def swaps(self, seat: int) -> tuple[int, tuple[tuple[int, Swap], ...]]:
        """The swaps open to ``seat`` (R-7.2: only other players' jokers, unless ``swap_own_jokers``)
        and the bits of the cards they take."""
        found = self._swaps.get(seat)
        if found is None:
            own = self.options[3]
            moves = tuple((bit, action) for bit, action, owner in self.jokers if own or owner != seat)
            union = 0
            for bit, _ in moves:
                union |= bit
            found = self._swaps[seat] = (union, moves)
        return found


def _figure_moves(index: int, figure: Figure, adjacency: bool, wrap: bool, both_ends: bool) -> FigureMoves:
    """One figure's lay-offs (their card bits, then (bit, ``Layoff``) by card and end) and jokers
    ((bit, ``Swap``, owner) by card) at table place ``index``."""
    fits = tuple(
        (BIT[card], layoff_action(index, card, end))
        for card, end in layoff_options(figure.kind, figure.key, figure.lo, figure.slots, adjacency, wrap, both_ends)
    )
    figure_bits = 0
    for bit, _ in fits:
        figure_bits |= bit
    jokers: tuple[tuple[int, Swap, int], ...] = ()
    if JOKER in figure.slots:
        held_by = {
            represented(figure, slot_index): figure.owners[slot_index]
            for slot_index, slot in enumerate(figure.slots)
            if slot == JOKER
        }
        jokers = tuple((BIT[card], swap_action(index, card), held_by[card]) for card in sorted(held_by))
    return figure_bits, fits, jokers


_last_table: TableMoves | None = None


def table_moves(table: tuple[Figure, ...], adjacency: bool, wrap: bool, both_ends: bool, own: bool) -> TableMoves:
    """The ``TableMoves`` of ``table`` under these options, kept for the last table asked about (one
    rebinding, so threads see either the old or the new one, both correct)."""
    global _last_table
    last = _last_table
    options = (adjacency, wrap, both_ends, own)
    if last is not None and last.table is table and last.options == options:
        return last
    last = _last_table = TableMoves(table, options, last)
    return last


def layoff_actions(moves: TableMoves, bits: int) -> list[Layoff]:
    """The lay-offs of a hand with presence mask ``bits`` (by figure, card, end)."""
    if not bits & moves.layoff_bits:
        return []
    return [action for held, fits, _ in moves.layoffs if bits & held for bit, action in fits if bits & bit]


def swap_actions(moves: TableMoves, seat: int, bits: int) -> list[Swap]:
    """The joker swaps open to ``seat`` holding presence mask ``bits`` (by figure, then card)."""
    union, swaps = moves.swaps(seat)
    if not bits & union:
        return []
    return [action for bit, action in swaps if bits & bit]


@lru_cache(maxsize=1 << 14)
def layoff_action(index: int, card: int, end: str) -> Layoff:
    """The ``Layoff`` of ``card`` on table figure ``index`` (0-based), built once (actions are immutable)."""
    return Layoff(index + 1, CODES[card], end)


@lru_cache(maxsize=1 << 12)
def swap_action(index: int, card: int) -> Swap:
    """The ``Swap`` of ``card`` for a joker on table figure ``index`` (0-based), built once."""
    return Swap(index + 1, CODES[card])
