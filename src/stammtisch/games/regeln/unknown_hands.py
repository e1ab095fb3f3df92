"""Table mode with unknown hands (issue 12.5, RGO-23): the app never sees the deal.

At a real table the scribe must not enter the dealt cards: that would show every hand to whoever reads
the scribe's page. With ``setup["hands"] = "unknown"`` the deal is not entered at all. After the face-up
cards (RG-1.7, still entered as they are laid out) every seat holds ``HAND_SIZE`` cards the app has
not seen, and the cards left over lie face down (their number is known, RG-1.9). A card becomes known
when it is played: the scribe enters it (``play K-W0``) and the app checks it against the cards **not
yet seen anywhere** (not face up, covered, discarded, under the vote, or played before) and that the
seat still holds a card.

What can still be checked is checked: every card appears at most once; a seat plays only while it
holds cards (its count is exact); the hands run out when every count is zero (RG-6.2); every card of
the deck is accounted for (seen cards + unseen in hands + unseen set aside = the hand-type cards);
chips, tiles, votes and scores as ever. What cannot be checked: whether the seat really held the
card it played (only the table can see that).
"""

from __future__ import annotations

from stammtisch.games.regeln.mats import slots
from stammtisch.games.regeln.model import HAND_SIZE, HAND_TYPES, State, replace

#: The setup key and its values.
SETUP_KEY = "hands"
UNKNOWN = "unknown"
DEALT = "dealt"


def hand_count(state: State, seat: int) -> int:
    """How many cards ``seat`` holds: the ones the app knows and the ones it has not seen."""
    return len(state.hands[seat]) + (state.unseen[seat] if state.unseen else 0)


def holds_cards(state: State, seat: int) -> bool:
    return bool(state.hands[seat]) or bool(state.unseen and state.unseen[seat])


def all_empty(state: State) -> bool:
    """RG-6.2: no seat holds a card."""
    if not state.unseen:  # the usual game: the hands are known (checked once per move, so kept short)
        return not any(state.hands)
    return not any(holds_cards(state, seat) for seat in range(state.seats))


def seen(state: State) -> set[str]:
    """Every hand-type card the table has seen: face up, covered, discarded, under the vote (or waiting
    to be placed), or in a known hand."""
    shown = {c for card_type in HAND_TYPES for c in slots(state, card_type) if c is not None}
    shown.update(state.covered, state.discard)
    shown.update(c for c in (state.under_vote, state.deferred_card) if c is not None)
    for hand in state.hands:
        shown.update(hand)
    return {c for c in shown if state.deck.card(c).type in HAND_TYPES}  # used Wertung/Prognose cards are discarded too


def unseen_cards(state: State) -> tuple[str, ...]:
    """The hand-type cards not seen anywhere yet, in deck order: what a seat may play."""
    shown = seen(state)
    return tuple(c for card_type in HAND_TYPES for c in state.deck.of_type(card_type) if c not in shown)


def deal_unseen(state: State) -> State:
    """RG-1.9 without the deal: every seat holds ``HAND_SIZE`` unseen cards, the rest lies face down."""
    size = HAND_SIZE[state.seats]
    left = len(unseen_cards(state)) - size * state.seats
    return replace(state, unseen=(size,) * state.seats, unseen_aside=left)


def play_unseen(state: State, seat: int) -> State:
    """A played card was one of the seat's unseen cards."""
    counts = list(state.unseen)
    counts[seat] -= 1
    return replace(state, unseen=tuple(counts))
