"""The card texts of a card file, sent once instead of with every view.

A card's id, type, titles, text and effect never change while a match runs: they are the card file's.
So a view names its deck by a **fingerprint** (a digest of the catalogue's content) and the cards by id;
whoever shows a card (the web presenter, the terminal board, a bot) looks the texts up once per card
file with ``catalogue_of(fingerprint)``. Views stay small (a few hundred bytes instead of the 48 texts),
and two files with the same cards share one fingerprint whatever their layout.

The lookup knows every deck this process has shown in a view (``fingerprint`` remembers it), which is
every deck a client of this process can name: a view is made before it is sent. The memory is bounded
(``KEPT`` decks, least recently named forgotten first); a club uploads a few files in a season.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import TypedDict

from stammtisch.games.regeln.model import Card, Deck

#: How many card files the lookup remembers.
KEPT = 64


class CardView(TypedDict):
    id: str
    type: str
    status: str
    designed: bool
    title_de: str
    title_en: str
    text_de: str
    text_en: str
    effect: dict[str, str | int | bool]


def _card(card: Card) -> CardView:
    return {
        "id": card.id,
        "type": card.type,
        "status": card.status,
        "designed": card.status == "designed",
        "title_de": card.title.de,
        "title_en": card.title.en,
        "text_de": card.text.de,
        "text_en": card.text.en,
        "effect": dict(card.effect),
    }


def catalogue(deck: Deck) -> dict[str, CardView]:
    """Every card of ``deck`` for display, in file order; built once per deck."""
    cached: dict[str, CardView] | None = deck.memo.get("catalogue")
    if cached is None:
        cached = {card.id: _card(card) for card in deck.cards}
        deck.memo["catalogue"] = cached
    return cached


_known: OrderedDict[str, Deck] = OrderedDict()
_lock = threading.Lock()


def fingerprint(deck: Deck) -> str:
    """The deck's name in views: 16 hex digits of a SHA-256 over its catalogue (content, not layout).
    The deck is remembered, so ``known_deck`` finds it by this name."""
    name: str | None = deck.memo.get("fingerprint")
    if name is None:
        content = json.dumps(list(catalogue(deck).values()), sort_keys=True, ensure_ascii=False)
        name = hashlib.sha256(content.encode()).hexdigest()[:16]
        deck.memo["fingerprint"] = name
    with _lock:
        if name in _known:
            _known.move_to_end(name)
        else:
            _known[name] = deck
            while len(_known) > KEPT:
                _known.popitem(last=False)
    return name


def known_deck(name: str) -> Deck | None:
    """The deck a view named (None: not shown by this process, or forgotten)."""
    with _lock:
        return _known.get(name)


def catalogue_of(name: str) -> dict[str, CardView] | None:
    """The card texts of the deck a view named (None if unknown)."""
    deck = known_deck(name)
    return None if deck is None else catalogue(deck)
