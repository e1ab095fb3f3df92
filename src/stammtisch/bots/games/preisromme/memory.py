"""What a Preisrommé seat has seen during one deal (Spiel), folded from its own views, one by one.

A seat's view shows the table as it is now, not how it got there: the cards buried in the discard pile,
who picked up which card and who let which card go by are gone from the next view. A player at the table
remembers them, and so does this memory; it reads nothing but the views the seat was shown, in order
(the bot gets a view at every decision of its seat, and every discard opens a knock window in which every
seat but the discarder answers, R-4, RA-03, so no discard is missed).

From each view it takes

* the knock window now open (R-4.1): who discarded which card (``window.discarder``, ``window.card``);
* the last closed window (``last_window``), which belongs to the turn before the view's: its card, who got
  it (R-4.4 the next player, R-5.1 a knocker, or nobody) and who knocked;
* the figures on the table with who laid each card (R-7, RA-14, RA-15 swaps).

and keeps, for the deal:

* ``pile``: the discards nobody took, in the order thrown (RA-03: they lie in the pile), cut back when the
  stock is made from the pile (RA-25, reading P-23);
* ``holdings[seat]``: cards a seat is known to hold: taken from a window (R-4.4, R-5.1) or freed by a joker
  swap (RA-15), until she is seen to lay or throw such a card;
* ``weights[seat][card]``: how likely the seat holds that kind of card, relative to a card nothing was
  seen about (1.0). A next player who let a card go by (R-4.5) is unlikely to hold its neighbours in the
  suit or its rank in another suit (a player who had them would have taken it); a seat that threw a
  card is less likely to hold its neighbours (players throw what connects least); a seat that took or
  knocked for a card is more likely to hold them (it fitted). These are the readings a careful player
  makes; the determinizer (``worlds``) deals the unseen cards by them.

The memory is a frozen value: ``observe`` returns the memory after one more view. The same views in the
same order give the same memory, and a view seen twice changes nothing (each window is counted once, by
its turn number). A bot that starts in the middle of a deal (a restarted server) knows less: cards it did
not see are dealt at random like every unseen card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from stammtisch.games.preisromme.cards import CARD, JOKER, rank_of, suit_of

#: Relative weight of a card next to (one rank away in the suit, or the same rank in another suit) a card
#: the next player let go by: she would have taken it with such a card (R-4.4 first right).
PASSED_NEIGHBOUR = 0.3
#: Two ranks away in the suit from a card let go by: only a pair of them would have made her take it.
PASSED_GAP = 0.8
#: Next to a card the seat threw away: players throw the card that connects least with the rest.
DISCARDED_NEIGHBOUR = 0.6
#: Next to a card the seat took or knocked for: it fitted something in her hand.
WANTED_NEIGHBOUR = 2.0
#: Bounds for the product of all factors of one card (evidence never makes a card impossible or certain).
WEIGHT_FLOOR, WEIGHT_CEILING = 0.05, 8.0

DeckCards = 53  # card kinds: 52 natural cards and the joker


def _relation(card: int, other: int) -> int:
    """2: ``other`` is one rank away in ``card``'s suit or the same rank in another suit; 1: two ranks away
    in the suit; 0: nothing (jokers relate to nothing here: they fit everywhere, so they say nothing)."""
    if card == JOKER or other == JOKER:
        return 0
    if suit_of(other) == suit_of(card):
        distance = abs(rank_of(other) - rank_of(card))
        return 2 if distance == 1 else 1 if distance == 2 else 0
    return 2 if rank_of(other) == rank_of(card) else 0


#: ``RELATION[card][other]`` as a table.
RELATION = tuple(tuple(_relation(card, other) for other in range(DeckCards)) for card in range(DeckCards))


def _factor_row(card: int, neighbour: float, gap: float) -> tuple[float, ...]:
    row = RELATION[card]
    return tuple(neighbour if row[other] == 2 else gap if row[other] == 1 else 1.0 for other in range(DeckCards))


_PASSED = tuple(_factor_row(card, PASSED_NEIGHBOUR, PASSED_GAP) for card in range(DeckCards))
_DISCARDED = tuple(_factor_row(card, DISCARDED_NEIGHBOUR, 1.0) for card in range(DeckCards))
_WANTED = tuple(_factor_row(card, WANTED_NEIGHBOUR, 1.0) for card in range(DeckCards))

_NEUTRAL = (1.0,) * DeckCards

TableEntry = tuple[int, int, int]  # (card, laid by, card it stands for)


@dataclass(frozen=True, slots=True)
class Memory:
    """What one seat saw of the deal so far (see the module docstring)."""

    seat: int
    seats: int
    deal: tuple[int, int]  # (game number, dealer): a new deal starts a fresh memory
    windows_closed: int = -1  # the highest turn whose window outcome is recorded
    discards_seen: int = -1  # the highest turn whose discard is recorded
    untaken: tuple[int, ...] = ()  # discards nobody took, in the order thrown
    holdings: tuple[tuple[int, ...], ...] = ()
    weights: tuple[tuple[float, ...], ...] = ()
    table: tuple[TableEntry, ...] = ()

    @classmethod
    def start(cls, view: Mapping[str, Any]) -> Memory:
        seats: int = view["seats"]
        return cls(
            seat=view["seat"],
            seats=seats,
            deal=(view["game_no"], view["dealer"]),
            holdings=((),) * seats,
            weights=(_NEUTRAL,) * seats,
        )

    def fits(self, view: Mapping[str, Any]) -> bool:
        """Whether ``view`` belongs to this memory's deal and seat."""
        return (
            view.get("seat") == self.seat
            and view["seats"] == self.seats
            and (view["game_no"], view["dealer"]) == self.deal
            and view["turn_no"] >= max(self.windows_closed, self.discards_seen)
        )

    def observe(self, view: Mapping[str, Any]) -> Memory:
        """The memory after seeing ``view`` too (a view of another deal starts afresh)."""
        memory = self if self.fits(view) else Memory.start(view)
        turn: int = view["turn_no"]
        last = view["last_window"]
        closed_turn = _closed_window_turn(view)
        if last is not None and closed_turn is not None and closed_turn > memory.windows_closed:
            # Turns go round in seat order (RA-02): the last window's card came from the seat before the
            # one on turn, or before the one whose discard is open now.
            on_turn: int = view["current"] if view["window"] is None else view["window"]["discarder"]
            discarder = (on_turn - 1) % memory.seats
            memory = memory._see_discard(closed_turn, discarder, CARD[last["card"]])
            memory = memory._see_window(closed_turn, discarder, last)
        # Between two views of the seat at most one window closed, and its taker played after it: the
        # window first, then what she laid, then what she threw.
        memory = memory._see_table(view["table"])
        window = view["window"]
        if window is not None and turn > memory.discards_seen:
            memory = memory._see_discard(turn, window["discarder"], CARD[window["card"]])
        return memory._see_reshuffle(view)

    # --- what the determinizer asks ----------------------------------------------------------------

    def hidden_pile(self, view: Mapping[str, Any]) -> tuple[int, ...]:
        """The known cards below the face-up card, oldest first (at most as many as the view counts)."""
        hidden = view["pile_size"] - (view["discard_top"] is not None)
        cards = self.untaken
        last = view["last_window"]
        if cards and view["window"] is None and last is not None and last["taken_by"] is None:
            cards = cards[:-1]  # the last window's card is still face up (the turn's draw came from the stock)
        return cards[-hidden:] if hidden > 0 else ()

    # --- folding ----------------------------------------------------------------------------------

    def _see_discard(self, turn: int, seat: int, card: int) -> Memory:
        if turn <= self.discards_seen:
            return self
        holdings = _drop(self.holdings, seat, card)
        weights = self._scaled(seat, _DISCARDED[card]) if seat != self.seat else self.weights
        return replace(self, discards_seen=turn, holdings=holdings, weights=weights)

    def _see_window(self, turn: int, discarder: int, last: Mapping[str, Any]) -> Memory:
        card = CARD[last["card"]]
        taker = last["taken_by"]
        following = (discarder + 1) % self.seats
        memory = replace(self, windows_closed=turn)
        if taker is None:
            memory = replace(memory, untaken=(*memory.untaken, card))
        elif taker != self.seat:
            memory = replace(memory, holdings=_add(memory.holdings, taker, card))
        if taker != following and following != self.seat:
            memory = replace(memory, weights=memory._scaled(following, _PASSED[card]))
        for seat in {*last["claimed"], *([] if taker is None else [taker])}:
            if seat != self.seat:
                memory = replace(memory, weights=memory._scaled(seat, _WANTED[card]))
        return memory

    def _see_table(self, figures: Sequence[Mapping[str, Any]]) -> Memory:
        entries = tuple(
            (CARD[code], owner, CARD[stands])
            for figure in figures
            for code, owner, stands in zip(figure["cards"], figure["laid_by"], figure["stands_for"], strict=True)
        )
        if entries == self.table:
            return self
        before, after = Counter(self.table), Counter(entries)
        added, removed = after - before, before - after
        holdings = self.holdings
        for (card, _owner, stands), count in removed.items():
            if card != JOKER:
                continue
            # RA-15: the seat that put the natural card where the joker stood took the joker home (first:
            # she may lay that joker again in the same turn).
            swapper = next((o for (c, o, s) in added if c == stands and s == stands), None)
            if swapper is not None and swapper != self.seat:
                for _ in range(count):
                    holdings = _add(holdings, swapper, JOKER)
        for (card, owner, _stands), count in added.items():
            for _ in range(count):
                holdings = _drop(holdings, owner, card)
        return replace(self, table=entries, holdings=holdings)

    def _see_reshuffle(self, view: Mapping[str, Any]) -> Memory:
        """RA-25: when the pile became the stock, only what still lies face up stays known as the pile."""
        hidden = view["pile_size"] - (view["discard_top"] is not None)
        face_up_pending = view["window"] is None and view["last_window"] is not None
        known = len(self.untaken) - (face_up_pending and view["last_window"]["taken_by"] is None)
        if known > hidden:
            keep = hidden + (len(self.untaken) - known)
            return replace(self, untaken=self.untaken[len(self.untaken) - keep :] if keep else ())
        return self

    def _scaled(self, seat: int, factors: tuple[float, ...]) -> tuple[tuple[float, ...], ...]:
        row = tuple(
            min(WEIGHT_CEILING, max(WEIGHT_FLOOR, w * f)) for w, f in zip(self.weights[seat], factors, strict=True)
        )
        return tuple(row if s == seat else old for s, old in enumerate(self.weights))


def _closed_window_turn(view: Mapping[str, Any]) -> int | None:
    """The turn the view's ``last_window`` belongs to: the turn before the view's (the window of the
    previous discard closed before this turn or this discard began)."""
    if view["phase"] not in ("knock_window", "play"):
        return None
    return view["turn_no"] - 1 if view["turn_no"] > 0 else None


def _add(holdings: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    return tuple((*cards, card) if s == seat else cards for s, cards in enumerate(holdings))


def _drop(holdings: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    if seat < 0 or seat >= len(holdings) or card not in holdings[seat]:
        return holdings
    cards = list(holdings[seat])
    cards.remove(card)
    return tuple(tuple(cards) if s == seat else old for s, old in enumerate(holdings))
