"""Values of Preisrommé: the house-rule configuration, table figures, the state, actions and outcomes.

Glossary: *Auslegen* = laying out a figure (meld); *Anlegen* = laying off a card on a figure on the
table; *Klopfen* = knocking on the table to claim the discarded card; *Ausspielerin* = the player
who discarded; *Umlauf* = one round of turns; *Stapel* = the stock; *Rommé-Hand* = going out in the
turn of one's first laying (R-11.1); *Schreiber* = seat 1, who keeps the score sheet (R-2.1).

Actions and outcomes carry card *codes* (``"7H"``, ``"JK"``; see ``cards``) so their JSON is
readable; the state holds small ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Phase(IntEnum):
    """The phases of one game (Spiel) of the match: the deal, turning the first card up (R-3), a knock
    window (R-4), drawing and playing a turn (R-5 to R-11), a result entered on the score sheet, the game
    over, and the first knock before the first turn (R-4.2)."""

    DEAL = 0
    UPCARD = 1
    KNOCK_WINDOW = 2
    DRAW = 3
    PLAY = 4
    SCORESHEET = 5
    OVER = 6
    FIRST_KNOCK = 7


DEAL, UPCARD, WINDOW, DRAW, PLAY, SHEET, OVER, FIRST_KNOCK = Phase
#: The phases' names in the view (``"knock_window"``).
PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)

# Figure kinds (RA-10); an empty set slot.
RUN, SET = 0, 1
KIND_NAMES = ("run", "set")
EMPTY = -1

# Answers in a knock window.
UNANSWERED, PASSED, CLAIMED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved house-rule options (keys as in the rulings' option registry)."""

    mode: str = "digital"
    jokers: int = 6
    cards_per_player: int = 13
    games_per_pass: int = 8
    opening_min_points: int = 40
    set_joker_adjacency: str = "canonical_suit_order"
    swap_own_jokers: bool = False
    dealer_may_claim_upcard: bool = False
    false_meld_locks_turn: bool = True
    romme_hand_layoffs: str = "allowed"
    scoring: str = "penalty_points"
    stock_exhaustion: str = "reshuffle_discards_except_top"
    decks: int = 2
    ace_in_set_points: int = 10
    allow_wraparound: bool = False
    ace_both_ends: bool = False
    opening_figures: str = "single"
    swapped_joker_must_be_used_same_turn: bool = False
    knock_timing_digital: str = "simultaneous_window_order_priority"


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure on the table (RA-10). A run: ``key`` is the suit, ``lo`` the position of the first slot
    (1 = low ace .. 14 = high ace) and ``slots`` the cards in position order. A set: ``key`` is the
    rank, ``lo`` is 0 and ``slots`` has four entries, one per suit in suit order, ``EMPTY`` where
    no card lies; a joker lies in the slot of the suit it stands for (R-10.3). ``owners`` says who
    laid each slot (R-7.2: only other players' jokers may be swapped)."""

    kind: int
    key: int
    lo: int
    slots: tuple[int, ...]
    owners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game (Spiel) as written on the score sheet: who went out (``None``: nobody),
    Rommé-Hand, each seat's raw hand count and the points booked (doubled after a Rommé-Hand)."""

    dealer: int
    winner: int | None
    romme_hand: bool
    hand_points: tuple[int, ...]
    penalties: tuple[int, ...]
    credits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    """A match: one table's pass of ``games_per_pass`` games, and the game in progress.

    ``stock`` is a sorted multiset: cards are drawn one by one as chance events, so no stock order
    exists until a card is drawn, and no view can leak one. ``pile`` holds the discards below
    ``top`` (``-1``: nothing claimable on top) in the order they were thrown (all of them were seen);
    it becomes the sorted stock when the stock runs out (RA-25)."""

    config: Config
    seats: int
    game_no: int
    dealer: int
    phase: Phase
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    top: int
    table: tuple[Figure, ...]
    opened_turn: tuple[int, ...]  # turn number of the seat's first laying; -1: not opened
    discarded: tuple[bool, ...]  # RA-08: has discarded at least once in this game
    current: int  # the seat on turn (during a window: the next player, who has the first right)
    discarder: int  # the Ausspielerin of ``top``
    claims: tuple[int, ...]  # the open window's answers (UNANSWERED, PASSED, CLAIMED)
    pending: tuple[int, ...]  # seats owed a stock card, in order
    turn_no: int
    locked: bool  # no further laying this turn
    laid_off: bool  # a lay-off or swap happened this turn (RA-22 option)
    deal_left: int
    penalties: tuple[int, ...]
    credits: tuple[int, ...]
    history: tuple[GameRecord, ...] = ()
    last_window: tuple[int, ...] = ()  # revealed answers of the last window: card, taker, knockers...
    sheet: tuple[int, ...] = ()  # scoresheet entry so far: winner (-1 none), romme (0/1), points...
    provisional: int = 0  # opening_figures = multiple: the last figures on the table, laid this turn, short of 40
    owed_jokers: int = 0  # swapped_joker_must_be_used_same_turn: jokers won by a swap this turn, not yet laid
    first_knock: int = -1  # knock_timing_digital = realtime_first: the seat whose knock arrived first (-1: none)


# --- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take:
    """R-4.4: the next player takes the discard (her draw for this turn)."""


@dataclass(frozen=True, slots=True)
class Knock:
    """R-4.1: another player knocks for the discard."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the discard in the knock window (the next player then draws from the stock).
    A timer submits this for every seat that has not answered in time."""


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay a figure (R-6, R-7). ``kind`` is ``run`` or ``set`` (RA-18); ``cards`` are codes in position
    order for a run and in suit order for a set (a joker at the suit it stands for, R-10.3)."""

    kind: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Layoff:
    """Lay one card off on table figure ``figure`` (1-based, RA-14). ``end`` is ``low`` or ``high`` for
    a joker or an ace laid off on a run, and empty otherwise."""

    figure: int
    card: str
    end: str = ""


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange ``card`` for the joker on figure ``figure`` that stands for it (R-7.1, RA-15)."""

    figure: int
    card: str


@dataclass(frozen=True, slots=True)
class Withdraw:
    """R-9.2: a false laying was taken back; no more laying this turn (only a discard remains)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw a card onto the pile; the last card ends the game (R-11.2)."""

    card: str


@dataclass(frozen=True, slots=True)
class Out:
    """Score sheet: who went out (0-based seat; -1: the game ended without a winner)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Romme:
    """Score sheet: whether the winner made a Rommé-Hand (R-11.1)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class Points:
    """Score sheet: the count of the cards left in ``seat``'s hand (R-12.1, R-13.1), not yet doubled."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class CardOutcome:
    """A card drawn from the stock: dealt (R-3.1), turned up (R-3.3) or drawn (R-5.1, RA-04)."""

    card: str


@dataclass(frozen=True, slots=True)
class FirstKnock:
    """Table mode (RA-07): the Schreiber enters which of several knockers knocked first (0-based seat);
    asked only when two or more knocked and the next player did not take the card."""

    seat: int


ACTION_TYPES = (Take, Knock, Pass, Meld, Layoff, Swap, Withdraw, Discard, Out, Romme, Points)
#: What the seat on turn may do in the play phase (R-6 to R-11).
PlayAction = Meld | Layoff | Swap | Withdraw | Discard
OUTCOME_TYPES = (CardOutcome, FirstKnock)
