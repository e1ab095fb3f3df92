"""The Durchgang bot: the strong Preisrommé policy (bots/games/preisromme/strong.py, PB-9) playing for the total.

The club does not score single deals: a *Durchgang* is eight Spiele at one table (rule 1, R-1.2), won by the
fewest penalty points booked over the eight (R-13, RA-23; PB-10). One deal in which a player never opens
(R-6.1: her first laying must be one figure of at least 40, RA-09) leaves her thirteen to sixteen cards in
hand, about 130 points; a Durchgang with one such deal is mostly lost (the strong policy, 1,000 Durchgänge:
first at the table in 82 % of those without a hand of 60 points or more, 35 % with one, 9 % with two). So the
bot spends cards to open (docs/rulings/preisromme-bot.md, PB-11):

* **PB-11 knock for the forty.** Before her opening the seat knocks (R-4.1) for a discard that raises her
  opening potential (``strong.potential``) by more than ``KNOCK_GAIN`` of itself, after throwing
  her least useful card of the hand with it: the next player's take rule of PB-9 (R-4.4), now for the
  knock too, whose price is the extra stock card (R-5.1). A card she would throw straight back is not
  claimed (PB-8). Other knocks, and everything after her opening, are the strong policy's.

Over the club's whole tournament (two Durchgänge, R-1.2, summed, RA-24; PB-12) it finishes first in 62 % of
4,000 against three heuristic bots. Shedding the highest card when another seat is nearly out was tried and
not kept (within the noise; the doc's Figures of 2026-11-24 12:30 UTC). The policy reads only the seat's part of
the state (hand, face-up card, who opened, the table) and the pile it remembers (PB-2); the bot works on a
world dealt from its view (``worlds``, PB-4), whose seat part is exactly that view (PB-1). Under a
millisecond a decision, no search.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.games.preisromme.policy import WorldBot
from stammtisch.bots.games.preisromme.strong import claim_gain, strong_choice
from stammtisch.games.preisromme.cards import JOKER
from stammtisch.games.preisromme.model import Knock, State

#: PB-11: knock before the opening for a card that raises the opening potential by more than this share of it
#: (0.05 to 1.0 tried; none did better, 0.5 and 1.0 clearly worse: docs/rulings/preisromme-bot.md, Figures of
#: 2026-11-24 12:30 UTC).
KNOCK_GAIN = 0.1


def durchgang_choice(state: State, seat: int, legal: tuple[Any, ...], pile: Sequence[int]) -> Any:
    """The Durchgang bot's move for ``seat`` (see the module docstring): PB-11, else the strong policy."""
    if legal[0].__class__ is Knock and state.opened_turn[seat] < 0 and state.top != JOKER:
        before, gain = claim_gain(state, seat, state.top, pile)  # the measure of PB-9's take rule
        if gain > KNOCK_GAIN * before:
            return legal[0]
    return strong_choice(state, seat, legal, pile)


class DurchgangBot(WorldBot):
    """The strong policy playing for the Durchgang's total (see the module docstring), with the memory of the
    deal (PB-2) and no search."""

    name = "durchgang"

    def decide(
        self, view: Mapping[str, Any], legal: tuple[Any, ...], world: State, pile: Sequence[int], rng: random.Random
    ) -> Any:
        return durchgang_choice(world, view["seat"], legal, pile)


BOTS = {"durchgang": DurchgangBot}
